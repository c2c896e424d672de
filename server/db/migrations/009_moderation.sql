-- Moderation (docs/product-rules.md, "Moderation"): a report is `published`, `held` (waiting for
-- a moderator, not public) or `hidden` (removed by a moderator, with a reason). Only published
-- reports count anywhere: the aggregate triggers of 001_init.sql and 008_disclosure_cells.sql
-- are redefined so that a status change removes the report from (or adds it to) every aggregate,
-- in the same transaction. Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.

-- A constant default: existing rows are published without rewriting the table.
alter table experiences
  add column status text not null default 'published' check (status in ('published', 'held', 'hidden')),
  add column hold_reasons text[] not null default '{}',
  add column hidden_reason text,
  add column hidden_note text,
  -- sha256 of the normalised story (services/moderation.ts storyHash): a repeated story is held.
  add column story_hash text;

create index experiences_story_hash_idx on experiences (story_hash, created_at);

-- Apply (sign = 1) or remove (sign = -1) a report only while it is published.
create or replace function experiences_aggregate_trigger() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    -- Vote counter changes (status unchanged) only touch the peptide's vote total, and only
    -- a published report's votes count.
    if old.status = new.status and old.rating = new.rating and old.outcomes = new.outcomes
       and old.effects = new.effects and old.peptide_id = new.peptide_id and old.created_at = new.created_at then
      if new.status = 'published' then
        update peptides
           set vote_count = vote_count
             + (new.helpful_count + new.not_helpful_count + new.detailed_count + new.concerning_count)
             - (old.helpful_count + old.not_helpful_count + old.detailed_count + old.concerning_count)
         where id = new.peptide_id;
      end if;
      return new;
    end if;
  end if;
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'published' then
    perform apply_experience_aggregates(old, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    if new.status = 'published' then
      perform apply_experience_aggregates(new, 1);
    end if;
    return new;
  end if;
  return old;
end;
$$;

create or replace function demographic_cells_trigger() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'published' then
    update demographic_cells set n = n - 1
     where peptide_id = old.peptide_id and age_range = old.age_range
       and biological_sex = old.biological_sex and activity_level = old.activity_level;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    if new.status = 'published' then
      insert into demographic_cells (peptide_id, age_range, biological_sex, activity_level, n)
      values (new.peptide_id, new.age_range, new.biological_sex, new.activity_level, 1)
      on conflict (peptide_id, age_range, biological_sex, activity_level) do update set n = demographic_cells.n + 1;
    end if;
    return new;
  end if;
  return old;
end;
$$;

-- A status change moves a report in or out of its cell too.
drop trigger experiences_demographic_cells on experiences;
create trigger experiences_demographic_cells
  after insert or delete or update of peptide_id, age_range, biological_sex, activity_level, status on experiences
  for each row execute function demographic_cells_trigger();

-- The public feed reads published reports only: partial indexes on exactly the keyset columns
-- (services/experiences.ts SORTS) replace the full ones.
drop index experiences_newest_idx;
drop index experiences_helpful_idx;
drop index experiences_rating_idx;
drop index experiences_peptide_newest_idx;
drop index experiences_peptide_helpful_idx;
drop index experiences_peptide_rating_idx;
create index experiences_newest_idx on experiences (created_at desc, id desc) where status = 'published';
create index experiences_helpful_idx on experiences (helpful_count desc, created_at desc, id desc) where status = 'published';
create index experiences_rating_idx on experiences (rating desc, created_at desc, id desc) where status = 'published';
create index experiences_peptide_newest_idx on experiences (peptide_id, created_at desc, id desc) where status = 'published';
create index experiences_peptide_helpful_idx on experiences (peptide_id, helpful_count desc, created_at desc, id desc) where status = 'published';
create index experiences_peptide_rating_idx on experiences (peptide_id, rating desc, created_at desc, id desc) where status = 'published';
-- The moderation queue: held reports, oldest first.
create index experiences_held_idx on experiences (created_at, id) where status = 'held';

-- Members' flags on a report: one per member per report (a second is a 409). A flag is open
-- until a moderator publishes or hides the report; it is then resolved, and kept.
create table flags (
  id uuid primary key default gen_random_uuid(),
  experience_id uuid not null references experiences(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  reason text not null check (reason in ('spam', 'dangerous', 'personal-info', 'off-topic', 'other')),
  note text check (note is null or length(note) <= 500),
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  constraint flags_one_per_account unique (user_id, experience_id)
);
create index flags_open_idx on flags (experience_id) where resolved_at is null;

-- The moderation log: who did what to which report, when and why. Append-only: no code path
-- deletes or updates it, and the database refuses to. moderator_id is null for automatic holds.
-- No foreign key on the report: the entry outlives a report its submitter deletes.
create table moderation_log (
  id uuid primary key default gen_random_uuid(),
  experience_id uuid not null,
  moderator_id uuid references users(id) on delete set null,
  action text not null check (action in ('hold', 'publish', 'hide', 'restore')),
  reasons text[] not null default '{}',
  note text,
  created_at timestamptz not null default date_trunc('milliseconds', now())
);
create index moderation_log_newest_idx on moderation_log (created_at desc, id desc);

create function moderation_log_append_only() returns trigger
language plpgsql as $$
begin
  -- A moderator's account deleted sets moderator_id to null (the foreign key); nothing else changes.
  if tg_op = 'UPDATE' and new.moderator_id is null and old.moderator_id is not null
     and (new.id, new.experience_id, new.action, new.reasons, new.note, new.created_at)
         is not distinct from (old.id, old.experience_id, old.action, old.reasons, old.note, old.created_at) then
    return new;
  end if;
  raise exception 'moderation_log is append-only';
end;
$$;

create trigger moderation_log_append_only
  before update or delete on moderation_log
  for each row execute function moderation_log_append_only();

create trigger flags_notify_cache after insert or update or delete on flags
  for each statement execute function notify_app_cache();
