-- Classified listings join the site search (docs/SEARCH.md): the site fills the index from the existing listings at its next start.
UPDATE `search_state` SET `is_rebuild_wanted` = 1;
