CREATE TABLE `event_series` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rule` text NOT NULL,
	`first_date` text NOT NULL,
	`start_time` text NOT NULL,
	`duration_minutes` integer NOT NULL,
	`template` text NOT NULL,
	`skipped_dates` text DEFAULT '[]' NOT NULL,
	`made_through` text NOT NULL,
	`created` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`modified` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `events` ADD `series_id` integer REFERENCES event_series(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `events` ADD `series_date` text;--> statement-breakpoint
CREATE UNIQUE INDEX `events_series_date_idx` ON `events` (`series_id`,`series_date`);