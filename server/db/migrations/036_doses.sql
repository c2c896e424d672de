-- Doses with a unit (docs/product-rules.md, "Doses"; contract/doses.ts). A report keeps its dose
-- as given (amount, unit, for mL the solution's strength) with its amount in mcg where the
-- conversion is sound, beside the text `dosage` it always had. Stored reports hold text only: the
-- server reads it where unambiguous (services/doses.ts readStoredDoses, with the contract's one
-- reader), at start and after each batch, for every row whose `dose_checked` is not true (those
-- here, and reports that waited in the queue from before this). What it read is counted in
-- migration_notes.
--
-- The dose figures of a peptide (what people take, outcome means by dose) are computed at
-- publication batches, not per request (services/doses.ts refreshDoseFigures): a trigger counts
-- every change to a published report that the figures read, per peptide, so a batch recomputes
-- exactly the peptides whose count moved since their figures were computed.
-- Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept. Every statement may run twice.

alter table experiences add column if not exists dose jsonb
  check (dose is null or jsonb_typeof(dose) = 'object');
alter table experiences add column if not exists dose_checked boolean;

-- Frequencies with their doses per week (contract/vocabulary.ts FREQUENCIES; tests/server/doses.test.ts
-- checks this list against it).
alter table experiences drop constraint if exists experiences_frequency_check;
alter table experiences add constraint experiences_frequency_check check (frequency in ('daily', 'twice-daily',
  'every-other-day', 'three-times-weekly', 'twice-weekly', 'every-3-4-days', 'weekly', 'five-on-two-off', 'as-needed'));

-- The reader's queue: few rows once the stored doses are read.
create index if not exists experiences_dose_unchecked on experiences (id) where dose_checked is not true;

-- The public text of a report (034_side_effects.sql) with its dose.
create or replace function experience_public_json(e experiences) returns text
language sql stable as $$
  select json_build_object(
    'peptideId', e.peptide_id,
    'dosage', e.dosage,
    'dose', e.dose,
    'frequency', e.frequency,
    'duration', e.duration_days,
    'route', e.route,
    'primaryPurpose', e.primary_purpose,
    'outcomes', e.outcomes,
    'rating', round(e.rating::numeric, 2),
    'sideEffects', coalesce(e.side_effects, '[]'::jsonb),
    'effects', e.effects,
    'timeline', e.timeline,
    'story', e.story,
    'stack', e.stack,
    'demo', e.is_demo,
    'createdAt', to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD'),
    'updatedAt', to_char(e.updated_at at time zone 'UTC', 'YYYY-MM-DD')
  )::text
$$;

drop trigger if exists experiences_public_json on experiences;
create trigger experiences_public_json
  after insert or update of peptide_id, dosage, dose, frequency, duration_days, route, primary_purpose, outcomes,
    rating, side_effects, effects, timeline, story, stack, is_demo, created_at, updated_at
  on experiences for each row execute function experiences_public_json_trigger();

-- Every report's public text gains its dose (null until read).
update experience_public ep set json = experience_public_json(e)
  from experiences e
 where e.id = ep.experience_id;

-- One peptide's dose figures as its page and the API give them (contract/doses.ts DoseFigures
-- with `usual`), and the count of changes they were computed from.
create table if not exists peptide_dose_figures (
  peptide_id uuid primary key references peptides (id) on delete cascade,
  version bigint not null default 1,
  computed_version bigint,
  computed_on date,
  figures jsonb
);

insert into peptide_dose_figures (peptide_id) select id from peptides on conflict (peptide_id) do nothing;

create or replace function dose_figures_version_bump(peptide uuid) returns void
language sql as $$
  insert into peptide_dose_figures (peptide_id) values (peptide)
  on conflict (peptide_id) do update set version = peptide_dose_figures.version + 1
$$;

create or replace function dose_figures_version_trigger() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'published' then
    perform dose_figures_version_bump(old.peptide_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'published'
     and (tg_op = 'INSERT' or old.status <> 'published' or old.peptide_id <> new.peptide_id) then
    perform dose_figures_version_bump(new.peptide_id);
  end if;
  return null;
end;
$$;

-- Only the columns the figures read: votes' counter updates name none of them.
drop trigger if exists experiences_dose_figures_version on experiences;
create trigger experiences_dose_figures_version
  after insert or delete or update of peptide_id, status, dose, frequency, duration_days, route, outcomes
  on experiences for each row execute function dose_figures_version_trigger();

-- A new peptide has its row from the start (as peptide_counters, 016_peptide_counters.sql).
create or replace function peptide_dose_figures_row() returns trigger
language plpgsql as $$
begin
  insert into peptide_dose_figures (peptide_id) values (new.id) on conflict (peptide_id) do nothing;
  return null;
end;
$$;
drop trigger if exists peptides_dose_figures_row on peptides;
create trigger peptides_dose_figures_row after insert on peptides
  for each row execute function peptide_dose_figures_row();

-- What is usual for the wizard's check reads the peptide's page ranges too.
create or replace function peptide_dose_ranges_changed() returns trigger
language plpgsql as $$
begin
  perform dose_figures_version_bump(new.id);
  return null;
end;
$$;
drop trigger if exists peptides_dose_ranges_changed on peptides;
create trigger peptides_dose_ranges_changed after update of dosage_ranges on peptides
  for each row when (old.dosage_ranges is distinct from new.dosage_ranges)
  execute function peptide_dose_ranges_changed();

-- Every process's cached pages follow the figures, whichever process computed them.
drop trigger if exists peptide_dose_figures_notify_cache on peptide_dose_figures;
create trigger peptide_dose_figures_notify_cache after insert or update or delete on peptide_dose_figures
  for each statement execute function notify_app_cache();
