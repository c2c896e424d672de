-- Writes without multi-second tails (docs/performance.md, "Writes"). The two GIN indexes of
-- experiences (trigram search text, purpose groups) take new entries into a pending list that
-- the write which overflows it then merges into the index. At the default limit (4 MB) that
-- merge took 1.6 s for the entries of 500 submissions, measured on PGlite, during which every
-- other request on PGlite's one connection waited (a vote rewrites its report's row, so votes
-- fill the list too). The smallest limit (64 kB) keeps the batching, which bulk inserts need
-- (with no list at all, 10,000 rows in one statement took three times as long), and makes each
-- merge about 1/64 of that. Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.
alter index experiences_search_trgm_idx set (gin_pending_list_limit = 64);
alter index experiences_groups_idx set (gin_pending_list_limit = 64);
-- Entries already pending go into the index now, not into some later write.
select gin_clean_pending_list('experiences_search_trgm_idx'::regclass);
select gin_clean_pending_list('experiences_groups_idx'::regclass);
