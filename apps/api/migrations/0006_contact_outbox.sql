ALTER TABLE `contact_messages` ADD `outbox_id` integer REFERENCES outbox(id) ON DELETE SET NULL;
--> statement-breakpoint
-- Link the messages already kept to the e-mail queued with them (same transaction, same subject and reply-to), so one that failed before this upgrade is listed for the admin too.
UPDATE `contact_messages` SET `outbox_id` = (
  SELECT o.`id` FROM `outbox` o
  WHERE o.`subject` = 'Website contact from ' || `contact_messages`.`first_name` || ' ' || `contact_messages`.`last_name`
    AND o.`reply_to` LIKE '%<' || `contact_messages`.`email` || '>'
    AND abs(julianday(o.`created`) - julianday(`contact_messages`.`created`)) * 86400 < 5
  ORDER BY abs(julianday(o.`created`) - julianday(`contact_messages`.`created`)), o.`id`
  LIMIT 1
);
