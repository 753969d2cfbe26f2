-- The site search's FTS5 table keeps only the words (docs/SEARCH.md): a contentless table whose
-- rows are deleted by rowid (contentless_delete), instead of a second copy of every text in the
-- database. The shown results' text is read from their own tables. Porter stemming over unicode61
-- with diacritics folded, as before (SEARCH_TOKENIZER in services/search-index.ts).
DROP TABLE `search_text`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_text` USING fts5(`title`, `body`, content = '', contentless_delete = 1, tokenize = 'porter unicode61 remove_diacritics 2');
--> statement-breakpoint
-- The entries stay; the site fills the new table from the tables at its next start (`pnpm search:rebuild`).
UPDATE `search_state` SET `is_rebuild_wanted` = 1;
