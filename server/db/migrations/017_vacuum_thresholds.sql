-- Autovacuum for the reports and votes as the community grows (PostgreSQL; PGlite has no
-- autovacuum and keeps these settings unread). By default a table is vacuumed once 20% of its
-- rows are dead: 200,000 at a million reports. Every vote writes a new version of its report
-- (its counters are in the sort indexes), and votes go to the top reports, so the dead versions
-- gather where the helpful page reads: at a million reports, the 5,731 left by 2,574 votes made
-- the uncached helpful page 7.3 ms instead of 1.1 (docs/performance.md, "Dead versions of voted
-- reports"). Here a vacuum starts after 1,000 dead rows plus 0.2% of the table (3,000 at a
-- million); one took 7 s at a million reports, in autovacuum's own process. Only SQL that
-- PostgreSQL 15 and PGlite (PG 18) both accept.
alter table experiences set (autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_scale_factor = 0.002);
alter table votes set (autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_scale_factor = 0.002);
