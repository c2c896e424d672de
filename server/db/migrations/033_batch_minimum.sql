-- No batch of one (docs/product-rules.md, "Publication in batches"; services/publication.ts
-- runBatch). A batch applies its due changes only when there are at least BATCH_MIN_CHANGES of
-- them, or when the oldest has waited BATCH_MAX_WAIT; otherwise they all wait for a later grid time.
-- Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.

-- The batches that applied something, for the typical wait the site tells submitters
-- (GET /api/publication). Per batch: its grid time, how many changes it applied, each change's
-- wait in minutes from the first grid time it could have been published at (multiples of the
-- grid, sorted: no order of arrival, and nothing names a report), and whether the maximum wait
-- forced it with fewer changes than the minimum. Rows older than the window the typical wait
-- reads are deleted at each batch.
create table publication_batches (
  batch_at timestamptz primary key,
  changes integer not null check (changes > 0),
  wait_minutes integer[] not null,
  small boolean not null
);

-- GET /api/publication reads it: every process empties its caches when a batch records (002_scale.sql).
create trigger publication_batches_notify_cache after insert or update or delete on publication_batches
  for each statement execute function notify_app_cache();

-- The batch at which the report, or its author's correction, became public in a group the
-- maximum wait forced with fewer changes than the minimum: its author's lookup says so. Null
-- otherwise. Kept from then on: what a small group gave away stays given away.
alter table experiences add column small_group_at timestamptz;
