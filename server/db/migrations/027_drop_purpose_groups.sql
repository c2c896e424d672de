-- Purpose groups go: Community filters by the peptide's category (contract/vocabulary.ts
-- COMMUNITY_CATEGORIES) since the figures round, and nothing has read a report's purpose groups
-- or their counter (014_category_counts.sql) since. Every new report still paid for them: a
-- row-level trigger writing the counter and a GIN index entry, in every submission and every
-- report a publication batch inserts. Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.
drop trigger if exists experiences_group_counts on experiences;
drop function if exists experience_group_counts_trigger();
drop table if exists experience_group_counts;
drop index if exists experiences_groups_idx;
alter table experiences drop column if exists purpose_groups;
