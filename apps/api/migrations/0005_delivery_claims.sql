ALTER TABLE `outbox` ADD `priority` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `claimed_by` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `claimed_until` text;--> statement-breakpoint
ALTER TABLE `push_queue` ADD `claimed_by` text;--> statement-breakpoint
ALTER TABLE `push_queue` ADD `claimed_until` text;--> statement-breakpoint
-- The reminders the previous release (fd5c764) sent, per event and day, which 0004 dropped: the
-- server copies its reminders_sent table here before migrating (see migrateDatabase), and each
-- becomes a ledger row for every member and channel, so the upgrade sends none of them again.
CREATE TABLE IF NOT EXISTS `legacy_reminders_sent` (`event_id` integer NOT NULL, `days_out` integer NOT NULL);--> statement-breakpoint
INSERT OR IGNORE INTO `reminder_ledger` (`event_id`, `event_start`, `days_out`, `member_id`, `channel`)
SELECT l.`event_id`, CASE WHEN l.`days_out` = 0 THEN '' ELSE e.`start` END, l.`days_out`, m.`id`, c.`channel`
FROM `legacy_reminders_sent` l
JOIN `events` e ON e.`id` = l.`event_id`
CROSS JOIN `members` m
CROSS JOIN (SELECT 'email' AS `channel` UNION ALL SELECT 'push') c;--> statement-breakpoint
DROP TABLE `legacy_reminders_sent`;
