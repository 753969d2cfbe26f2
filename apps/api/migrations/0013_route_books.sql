CREATE TABLE `event_routes` (
	`event_id` integer PRIMARY KEY NOT NULL,
	`route_id` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`route_id`) REFERENCES `routes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_routes_route_idx` ON `event_routes` (`route_id`);--> statement-breakpoint
CREATE TABLE `route_steps` (
	`route_id` integer NOT NULL,
	`position` integer NOT NULL,
	`instruction` text NOT NULL,
	`at_miles` real NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`stop_kind` text DEFAULT '' NOT NULL,
	`lat` real,
	`lon` real,
	PRIMARY KEY(`route_id`, `position`),
	FOREIGN KEY (`route_id`) REFERENCES `routes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `routes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`start_label` text DEFAULT '' NOT NULL,
	`finish_label` text DEFAULT '' NOT NULL,
	`region` text DEFAULT '' NOT NULL,
	`visibility` text DEFAULT 'members' NOT NULL,
	`track` text DEFAULT '[]' NOT NULL,
	`track_miles` real DEFAULT 0 NOT NULL,
	`created` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`modified` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `routes_visibility_idx` ON `routes` (`visibility`,`id`);