ALTER TABLE `newsletters` ADD `kind` text DEFAULT 'pdf' NOT NULL;--> statement-breakpoint
ALTER TABLE `newsletters` ADD `cover_url` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `newsletters_edition_unique` ON `newsletters` (`year`,`month`,`is_special`);