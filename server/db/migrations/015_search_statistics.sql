-- A finer sample of the search text for the planner (docs/performance.md, "Search at a million
-- reports"). PostgreSQL estimates how many reports a `search_text like '%term%'` matches by
-- trying the term on the column's sampled histogram: with the default 100 entries, a term in
-- 0.7% of reports matched one sample or none, so one ANALYZE estimated 8,400 matches at a million
-- reports and the next 100. With 100, a newest-first page of such a term read every match and
-- sorted them (16-26 ms) instead of walking the newest index to the first 21 (2.5-4 ms). 300
-- entries resolve terms down to about 0.3% of reports; planning a search costs about 0.15 ms
-- more (1,000 entries cost 2 ms more, which ate the gain). Only SQL that PostgreSQL 15 and PGlite
-- (PG 18) both accept.
alter table experiences alter column search_text set statistics 300;
analyze experiences (search_text);
