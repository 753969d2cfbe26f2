PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_attendance_cars` (
	`event_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`position` integer NOT NULL,
	`car_id` integer,
	`label` text NOT NULL,
	PRIMARY KEY(`event_id`, `member_id`, `position`),
	FOREIGN KEY (`car_id`) REFERENCES `cars`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`event_id`,`member_id`) REFERENCES `attendance`(`event_id`,`member_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_attendance_cars`("event_id", "member_id", "position", "car_id", "label") SELECT "event_id", "member_id", "position", CASE WHEN "car_id" IN (SELECT "id" FROM `cars`) THEN "car_id" END, "label" FROM `attendance_cars`;--> statement-breakpoint
DROP TABLE `attendance_cars`;--> statement-breakpoint
ALTER TABLE `__new_attendance_cars` RENAME TO `attendance_cars`;--> statement-breakpoint
PRAGMA foreign_keys=ON;