-- A peptide's counters (published reports, their rating sum, their votes) move out of the
-- peptides row into a narrow row of their own. They change with every report published, taken
-- down or deleted and with every vote, and PostgreSQL writes a whole new row version for each
-- change: as part of peptides, that was the peptide's 1.4 kB of descriptions each time, and with
-- experience_count indexed it could never be updated in place. Writes at 50 connections grew the
-- bench's peptides table to 7 MB for 39 rows within seconds, and PGlite, which never vacuums,
-- kept 27 MB; every feed page's total and every peptide list read all of it. Here a change
-- copies about 60 bytes and is updated in place (no index holds a counter), so a page holds a
-- hundred of them, and db/housekeeping.ts vacuums the table on PGlite (docs/performance.md,
-- "Peptide counters in their own rows"). Only SQL that PostgreSQL 15 and PGlite (PG 18) accept.
create table peptide_counters (
  peptide_id uuid primary key references peptides (id) on delete cascade,
  experience_count integer not null default 0 check (experience_count >= 0),
  rating_sum double precision not null default 0,
  vote_count integer not null default 0 check (vote_count >= 0)
) with (fillfactor = 50);

insert into peptide_counters (peptide_id, experience_count, rating_sum, vote_count)
select id, experience_count, rating_sum, vote_count from peptides;

-- Every peptide has its row from the start, so the triggers only ever update.
create function peptide_counters_row() returns trigger
language plpgsql as $$
begin
  insert into peptide_counters (peptide_id) values (new.id);
  return new;
end;
$$;
create trigger peptides_counters_row after insert on peptides
  for each row execute function peptide_counters_row();

-- The same aggregates as 001_init.sql, the peptide's counters in their own row.
create or replace function apply_experience_aggregates(e experiences, sign integer) returns void
language plpgsql as $$
declare
  item record;
begin
  update peptide_counters
     set experience_count = experience_count + sign,
         rating_sum = rating_sum + sign * e.rating,
         vote_count = vote_count + sign * (e.helpful_count + e.not_helpful_count + e.detailed_count + e.concerning_count)
   where peptide_id = e.peptide_id;

  insert into experience_daily (peptide_id, day, experiences, rating_sum)
  values (e.peptide_id, (e.created_at at time zone 'UTC')::date, sign, sign * e.rating)
  on conflict (peptide_id, day) do update
     set experiences = experience_daily.experiences + excluded.experiences,
         rating_sum = experience_daily.rating_sum + excluded.rating_sum;

  for item in select key, value from jsonb_each_text(e.outcomes) loop
    insert into peptide_outcomes (peptide_id, outcome, total, n)
    values (e.peptide_id, lower(item.key), sign * item.value::double precision, sign)
    on conflict (peptide_id, outcome) do update
       set total = peptide_outcomes.total + excluded.total,
           n = peptide_outcomes.n + excluded.n;
  end loop;

  for item in select distinct lower(x) as effect from unnest(e.effects) as x loop
    insert into peptide_reported_effects (peptide_id, effect, n)
    values (e.peptide_id, item.effect, sign)
    on conflict (peptide_id, effect) do update set n = peptide_reported_effects.n + excluded.n;
  end loop;
end;
$$;

-- The same as 009_moderation.sql, the vote total in the peptide's counters row.
create or replace function experiences_aggregate_trigger() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    -- Vote counter changes (status unchanged) only touch the peptide's vote total, and only
    -- a published report's votes count.
    if old.status = new.status and old.rating = new.rating and old.outcomes = new.outcomes
       and old.effects = new.effects and old.peptide_id = new.peptide_id and old.created_at = new.created_at then
      if new.status = 'published' then
        update peptide_counters
           set vote_count = vote_count
             + (new.helpful_count + new.not_helpful_count + new.detailed_count + new.concerning_count)
             - (old.helpful_count + old.not_helpful_count + old.detailed_count + old.concerning_count)
         where peptide_id = new.peptide_id;
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

-- Cached reads of peptides and analytics are emptied when counters change, in every process,
-- as they were when the counters were part of peptides (002_scale.sql).
create trigger peptide_counters_notify_cache after insert or update or delete on peptide_counters
  for each statement execute function notify_app_cache();

drop index if exists peptides_experiences_idx;
alter table peptides drop column experience_count, drop column rating_sum, drop column vote_count;
alter table peptides reset (fillfactor);
