-- Search results name days as people write them ("Saturday, April 18, 2026") and give presidents and Shaft Award winners their years (docs/SEARCH.md): the site fills the index again with those words at its next start.
UPDATE `search_state` SET `is_rebuild_wanted` = 1;
