-- Scale: indexes for the per-peptide feed sorts, shared rate-limit counters, cache invalidation
-- across processes. Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.

-- The feed filtered by peptide offers the same sorts as the global feed: keyset on each.
create index if not exists experiences_peptide_helpful_idx on experiences (peptide_id, helpful_count desc, created_at desc, id desc);
create index if not exists experiences_peptide_rating_idx on experiences (peptide_id, rating desc, created_at desc, id desc);

-- Peptide list sorted by experiences (also the "top peptides" of analytics).
create index if not exists peptides_experiences_idx on peptides (experience_count desc, lower(name)) where deleted_at is null;

-- Rate-limit windows shared by every server process on one PostgreSQL. Unlogged: a counter
-- is worth no fsync, and losing counters in a crash only resets the windows.
create unlogged table if not exists rate_limit_counters (
  key text primary key,
  count integer not null,
  reset_at bigint not null
);

-- Every committed write that can change a cached public read tells every process (LISTEN
-- app_cache). Statement-level, so a bulk insert sends one notification, and only at commit.
create function notify_app_cache() returns trigger
language plpgsql as $$
begin
  perform pg_notify('app_cache', tg_table_name);
  return null;
end;
$$;

create trigger experiences_notify_cache after insert or update or delete on experiences
  for each statement execute function notify_app_cache();
create trigger votes_notify_cache after insert or update or delete on votes
  for each statement execute function notify_app_cache();
create trigger peptides_notify_cache after insert or update or delete on peptides
  for each statement execute function notify_app_cache();
-- Row-level here: `insert ... on conflict do nothing` runs on every sign-in and vote, and only
-- a new row (first activity of the month) changes anything cached.
create trigger account_activity_notify_cache after insert or update or delete on account_activity
  for each row execute function notify_app_cache();
create trigger effects_notify_cache after insert or update or delete on effects
  for each statement execute function notify_app_cache();
