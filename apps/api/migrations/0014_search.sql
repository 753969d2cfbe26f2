CREATE TABLE `newsletter_pages` (
	`newsletter_id` integer NOT NULL,
	`page` integer NOT NULL,
	`text` text NOT NULL,
	PRIMARY KEY(`newsletter_id`, `page`),
	FOREIGN KEY (`newsletter_id`) REFERENCES `newsletters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `search_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`record_id` integer NOT NULL,
	`part` integer DEFAULT 0 NOT NULL,
	`ref` text DEFAULT '' NOT NULL,
	`audience` text NOT NULL,
	`author_id` integer
);
--> statement-breakpoint
CREATE INDEX `search_entries_record_idx` ON `search_entries` (`kind`,`record_id`);--> statement-breakpoint
CREATE TABLE `search_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`is_rebuild_wanted` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE `newsletters` ADD `text_status` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
-- The words of the site search; rowid = search_entries.id. Porter stemming over unicode61 with
-- diacritics folded, so "restoring" finds "restored" and "Müller" finds "Muller".
CREATE VIRTUAL TABLE `search_text` USING fts5(`title`, `body`, tokenize = 'porter unicode61 remove_diacritics 2');
--> statement-breakpoint
-- The site fills the index from the existing data at its next start (the same rebuild as `pnpm search:rebuild`).
INSERT INTO `search_state` (`id`, `is_rebuild_wanted`) VALUES (1, 1);
