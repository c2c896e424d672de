-- A peptide's counters (experience_count, rating_sum, vote_count) change with every report
-- published, hidden or deleted and every vote: they are in no index now, so PostgreSQL updates
-- them in place (a heap-only update, pruned on the page by the next reader) instead of writing
-- a new row version and index entries each time. With experience_count indexed, every
-- submission left a dead version behind, and PGlite never vacuums (it has no autovacuum): the
-- bench's 10,000-report database had a peptides table of 27 MB for 39 rows, read whole by every
-- feed page's total and every peptide list (docs/performance.md, "Counters updated in place").
-- Sorting the peptides by reports reads the table, which holds one row per peptide.
drop index if exists peptides_experiences_idx;
-- Room on each page for the next version of its rows, so an update never has to move a row.
alter table peptides set (fillfactor = 50);
-- Rewrites the table compactly (and at the new fill factor), leaving the dead versions behind.
cluster peptides using peptides_pkey;
