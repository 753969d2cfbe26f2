ALTER TABLE `cars` ADD `legacy_line` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The members' `cars` strings of a database from before 0008, which 0008 split into registry rows
-- and then cleared: the server copies them here before migrating (see migrateDatabase). Each car
-- 0008 made from a string gets that string back as the member wrote it, less a leading "Ford" and
-- "Model A" after the year ("1931 Model A Deluxe Phaeton" -> "1931 Deluxe Phaeton", not
-- "1931 Phaeton Deluxe"); a string 0008 found neither a year nor a style in exactly as typed.
-- The k-th non-blank string of a member is the k-th car 0008 gave them (it inserted them in order).
CREATE TABLE IF NOT EXISTS `legacy_car_strings` (`member_id` integer NOT NULL, `cars` text NOT NULL);--> statement-breakpoint
UPDATE `cars` SET `legacy_line` = l.`line`
FROM (
	WITH `raw` AS (
		SELECT s.`member_id` AS owner_id, CAST(j.`key` AS integer) AS n, trim(j.`value`) AS s
		FROM `legacy_car_strings` s, json_each(CASE WHEN json_valid(s.`cars`) THEN s.`cars` ELSE '[]' END) j
		WHERE j.`type` = 'text' AND trim(j.`value`) <> ''
	), `numbered` AS (
		SELECT owner_id, s, row_number() OVER (PARTITION BY owner_id ORDER BY n) AS k FROM `raw`
	), `owned` AS (
		SELECT `id`, `owner_id`, `year`, `body_style`, row_number() OVER (PARTITION BY `owner_id` ORDER BY `id`) AS k
		FROM `cars` WHERE `owner_id` IN (SELECT `member_id` FROM `legacy_car_strings`)
	), `rest` AS (
		SELECT o.`id`, o.`year`, o.`body_style`, n.s,
			ltrim(CASE WHEN o.`year` IS NULL THEN n.s ELSE substr(n.s, 5) END, ' ,' || char(9)) AS rest
		FROM `owned` o JOIN `numbered` n ON n.owner_id = o.`owner_id` AND n.k = o.k
	), `stripped` AS (
		SELECT `id`, `year`, `body_style`, s,
			trim(CASE WHEN lower(rest) = 'ford model a' OR lower(rest) = 'model a' OR lower(rest) = 'ford' THEN ''
				WHEN lower(rest) LIKE 'ford model a %' THEN substr(rest, 13)
				WHEN lower(rest) LIKE 'model a %' THEN substr(rest, 8)
				WHEN lower(rest) LIKE 'ford %' THEN substr(rest, 5)
				ELSE rest END) AS words
		FROM `rest`
	)
	SELECT `id`,
		CASE WHEN `year` IS NULL AND `body_style` = '' THEN s
			ELSE trim(coalesce(CAST(`year` AS text), '') || ' ' || replace(replace(replace(words, char(9), ' '), '  ', ' '), '  ', ' ')) END AS line
	FROM `stripped`
) AS l
WHERE `cars`.`id` = l.`id`;--> statement-breakpoint
DROP TABLE `legacy_car_strings`;
