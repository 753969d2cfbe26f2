ALTER TABLE `error_reports` ADD `count` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `error_reports` ADD `last_seen` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `error_reports` SET `last_seen` = `created`;--> statement-breakpoint
CREATE INDEX `error_reports_last_seen_idx` ON `error_reports` (`last_seen`);