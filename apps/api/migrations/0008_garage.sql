CREATE TABLE `body_styles` (
	`name` text PRIMARY KEY NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `car_owners` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`car_id` integer NOT NULL,
	`position` integer NOT NULL,
	`owner` text NOT NULL,
	`from_year` integer,
	`to_year` integer,
	FOREIGN KEY (`car_id`) REFERENCES `cars`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `car_owners_car_idx` ON `car_owners` (`car_id`,`position`);--> statement-breakpoint
CREATE TABLE `cars` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer,
	`year` integer,
	`body_style` text DEFAULT '' NOT NULL,
	`colour` text DEFAULT '' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`story` text DEFAULT '' NOT NULL,
	`engine_number` text DEFAULT '' NOT NULL,
	`serial` text DEFAULT '' NOT NULL,
	`visibility` text DEFAULT 'members' NOT NULL,
	`photos` text DEFAULT '[]' NOT NULL,
	`created` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`modified` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `cars_owner_idx` ON `cars` (`owner_id`);--> statement-breakpoint
CREATE INDEX `cars_visibility_idx` ON `cars` (`visibility`,`id`);--> statement-breakpoint
INSERT INTO `body_styles` (`name`, `position`) VALUES
	('Roadster', 1), ('Phaeton', 2), ('Coupe', 3), ('Sport Coupe', 4), ('Cabriolet', 5), ('Tudor', 6), ('Fordor', 7),
	('Town Sedan', 8), ('Victoria', 9), ('Station Wagon', 10), ('Pickup', 11), ('Town Car', 12), ('Taxi', 13), ('Truck', 14), ('Other', 15);
--> statement-breakpoint
-- Members' `cars` strings become registry rows (members only, no photos), best effort: a leading
-- four-digit year from 1903 to next year is the year; the longest known body style found as a word is the
-- style; what is left, less a leading "Ford" and "Model A", is the name ("1930 Model A Tudor
-- Sedan" -> 1930, Tudor, "Sedan"). A string with neither keeps all its words as the name.
INSERT INTO `cars` (`owner_id`, `year`, `body_style`, `name`)
WITH `raw` AS (
	SELECT m.`id` AS owner_id, CAST(j.`key` AS integer) AS n, trim(replace(replace(j.`value`, char(9), ' '), ',', ' ')) AS s
	FROM `members` m, json_each(CASE WHEN json_valid(m.`cars`) THEN m.`cars` ELSE '[]' END) j
	WHERE j.`type` = 'text' AND trim(j.`value`) <> ''
), `dated` AS (
	SELECT owner_id, n, s,
		CASE WHEN (s GLOB '[12][0-9][0-9][0-9]' OR s GLOB '[12][0-9][0-9][0-9] *') AND CAST(substr(s, 1, 4) AS integer) BETWEEN 1903 AND CAST(strftime('%Y', 'now') AS integer) + 1
			THEN CAST(substr(s, 1, 4) AS integer) END AS year
	FROM `raw`
), `rest` AS (
	SELECT owner_id, n, year, ' ' || trim(CASE WHEN year IS NULL THEN s ELSE substr(s, 5) END) || ' ' AS padded FROM `dated`
), `styled` AS (
	SELECT r.*, (
		SELECT b.`name` FROM `body_styles` b
		WHERE b.`name` <> 'Other' AND instr(lower(r.padded), ' ' || lower(b.`name`) || ' ') > 0
		ORDER BY length(b.`name`) DESC LIMIT 1
	) AS style
	FROM `rest` r
), `unstyled` AS (
	SELECT owner_id, n, year, style,
		trim(CASE WHEN style IS NULL THEN padded ELSE
			substr(padded, 1, instr(lower(padded), ' ' || lower(style) || ' ')) ||
			substr(padded, instr(lower(padded), ' ' || lower(style) || ' ') + length(style) + 2)
		END) AS leftover
	FROM `styled`
), `named` AS (
	SELECT owner_id, n, year, style,
		CASE WHEN lower(leftover) = 'ford' OR lower(leftover) = 'model a' OR lower(leftover) = 'ford model a' THEN ''
			WHEN lower(leftover) LIKE 'ford model a %' THEN trim(substr(leftover, 13))
			WHEN lower(leftover) LIKE 'model a %' THEN trim(substr(leftover, 8))
			WHEN lower(leftover) LIKE 'ford %' THEN trim(substr(leftover, 5))
			ELSE leftover END AS name
	FROM `unstyled`
)
SELECT owner_id, year, coalesce(style, ''), substr(replace(replace(name, '  ', ' '), '  ', ' '), 1, 100) FROM `named` ORDER BY owner_id, n;
--> statement-breakpoint
-- The registry is now the one home of a member's cars; the column is no longer read or written.
UPDATE `members` SET `cars` = '[]' WHERE `cars` <> '[]';
