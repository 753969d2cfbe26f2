CREATE TABLE `attendance_cars` (
	`event_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`position` integer NOT NULL,
	`car_id` integer,
	`label` text NOT NULL,
	PRIMARY KEY(`event_id`, `member_id`, `position`),
	FOREIGN KEY (`event_id`,`member_id`) REFERENCES `attendance`(`event_id`,`member_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `attendance` ADD `guests` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `attendance` ADD `choice_answers` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `attendance` ADD `waitlisted_at` text;--> statement-breakpoint
ALTER TABLE `attendance` ADD `is_checked_in` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `capacity` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `signup_deadline` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `signup_choices` text DEFAULT '[]' NOT NULL;