-- Near repeats (server/services/text-rules.ts storyBands): each report keeps the band keys of its
-- story's MinHash signature, and the repeat rule finds the published stories of the last day that
-- share one through this index before comparing them exactly. Reports written before keep none:
-- the rule looks back one day only. Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.
alter table experiences add column story_bands integer[];
create index experiences_story_bands_idx on experiences using gin (story_bands) with (gin_pending_list_limit = 64) where status = 'published';
