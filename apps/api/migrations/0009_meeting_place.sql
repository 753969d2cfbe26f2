CREATE TABLE `meeting_place` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`room` text DEFAULT '' NOT NULL,
	`street` text NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`zip` text NOT NULL,
	`directions` text DEFAULT '' NOT NULL,
	`week` integer NOT NULL,
	`weekday` integer NOT NULL,
	`time` text NOT NULL,
	`months_off` text DEFAULT '[]' NOT NULL
);
