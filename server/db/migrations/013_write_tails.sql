-- Writes without multi-second tails (docs/performance.md, "Writes"). The two GIN indexes of
-- experiences (trigram search text, purpose groups) took new entries into a pending list that
-- the write which overflowed it (4 MB) then merged into the index: 1.6 s for the entries of
-- 500 submissions, measured on PGlite, during which every other request on PGlite's one
-- connection waited (a vote updates its report's counters, a new row version, so votes filled
-- the list too). Without the pending list each write adds its own entries: a little more per
-- write, never a merge of thousands. Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.
alter index experiences_search_trgm_idx set (fastupdate = off);
alter index experiences_groups_idx set (fastupdate = off);
-- Entries already pending go into the index now, not into some later write.
select gin_clean_pending_list('experiences_search_trgm_idx'::regclass);
select gin_clean_pending_list('experiences_groups_idx'::regclass);
