-- Publication in batches (docs/product-rules.md, "Publication in batches"; services/publication.ts).
-- Nothing an anonymous person does changes a public page at the moment they do it: a new report,
-- an edit and a deletion by tracking ID, and a moderator's publish and restore, wait in
-- publication_queue and become public together at the next batch, on the UTC grid of
-- PUBLISH_EVERY. A patient observer polling the feed then sees every report of a window appear at
-- one moment, in no order, and cannot link one to the request that sent it.
-- Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.

-- The batch at which a report last became public. Null for reports public before batches
-- existed: they count as public since long ago (settled, below), so no existing row is rewritten.
alter table experiences add column published_at timestamptz;
-- The recently published reports, which do not count toward disclosure yet (services/publication.ts).
create index experiences_published_at_idx on experiences (published_at)
  where status = 'published' and published_at is not null;

-- Changes waiting for their batch. One change of the author's (a new report, an edit or a
-- deletion) and one of a moderator's (publish or restore) per report at most; a later one of the
-- same party replaces or merges with the earlier (services/publication.ts). No time finer than
-- the batch it belongs to is kept: not when it arrived, and rows carry no sequence.
create table publication_queue (
  experience_id uuid not null,
  kind text not null check (kind in ('submit', 'edit', 'delete', 'publish', 'restore')),
  -- The author's changes: how the tracking ID finds them (lookups show a queued report at once).
  tracking_hash text,
  -- 'submit': the new report's row as JSON (experiences' column names); 'edit': the changed columns.
  payload jsonb,
  moderator_id uuid references users (id) on delete set null,
  batch_at timestamptz not null,
  check ((kind in ('publish', 'restore')) = (moderator_id is not null or tracking_hash is null))
);
create unique index publication_queue_author_key on publication_queue (experience_id) where kind in ('submit', 'edit', 'delete');
create unique index publication_queue_moderator_key on publication_queue (experience_id) where kind in ('publish', 'restore');
create unique index publication_queue_tracking_key on publication_queue (tracking_hash) where tracking_hash is not null;
create index publication_queue_batch_idx on publication_queue (batch_at);

-- The demographic combinations shown, per peptide: those that at least K_ANONYMITY settled
-- reports share (reports public for DISCLOSURE_SETTLE_DAYS). Rewritten at each batch only, so
-- reports added, read and deleted between two batches open nothing. Every public view and the
-- research export join this table (services/experiences.ts).
create table disclosed_cells (
  peptide_id uuid not null,
  age_range text not null,
  biological_sex text not null,
  activity_level text not null,
  primary key (peptide_id, age_range, biological_sex, activity_level)
);

-- The research export's breakdown (reports per peptide, age range and sex): settled reports,
-- with noise fixed per cell and count, written at each batch (services/publication.ts).
create table research_breakdown (
  peptide_id uuid not null,
  age_range text not null,
  biological_sex text not null,
  n integer not null,
  primary key (peptide_id, age_range, biological_sex)
);

-- Both change what public reads answer: every process empties its caches (002_scale.sql).
create trigger disclosed_cells_notify_cache after insert or update or delete on disclosed_cells
  for each statement execute function notify_app_cache();
create trigger research_breakdown_notify_cache after insert or update or delete on research_breakdown
  for each statement execute function notify_app_cache();
