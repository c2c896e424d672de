-- A report's public fields that its own row alone decides, kept as JSON text beside the report
-- (services/experiences.ts `experienceJson` adds the rest as it reads: the id, the peptide's name
-- and category, the demographics its cell allows, the vendor when published, and the votes).
--
-- Why: a feed page read 29 columns of 21 reports, and parsing those 609 values back into
-- JavaScript, then writing them out again as JSON, was the largest part of an uncached page's
-- cost (docs/performance.md, "The public fields kept as JSON"). Read as one text per report, they
-- are copied into the answer as they are. The text is written here, in one place, for every
-- report and every public view.
--
-- Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.

-- The public fields of one report, as the contract's Experience names them (contract/experiences.ts).
-- Times are the report's UTC day only (migration 007_coarse_time.sql); the rating is rounded to
-- hundredths. Every column read here must be in the trigger's list below. The id is not here:
-- the answer writes it from the row's own id, so a copied row can never show another's.
create or replace function experience_public_json(e experiences) returns text
language sql stable as $$
  select json_build_object(
    'peptideId', e.peptide_id,
    'dosage', e.dosage,
    'frequency', e.frequency,
    'duration', e.duration_days,
    'route', e.route,
    'primaryPurpose', e.primary_purpose,
    'outcomes', e.outcomes,
    'rating', round(e.rating::numeric, 2),
    'effects', e.effects,
    'timeline', e.timeline,
    'story', e.story,
    'stack', e.stack,
    'demo', e.is_demo,
    'createdAt', to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD'),
    'updatedAt', to_char(e.updated_at at time zone 'UTC', 'YYYY-MM-DD')
  )::text
$$;

-- In a table of its own, not a column of the reports: filling a column for existing reports
-- wrote a new version of every report and of every index entry, the trigram index's too (100 s
-- at 100,000 reports on PostgreSQL); and the reports, which analytics read whole, stay narrow.
create table experience_public (
  experience_id uuid primary key references experiences(id) on delete cascade,
  json text not null
);

create or replace function experiences_public_json_trigger() returns trigger
language plpgsql as $$
begin
  insert into experience_public (experience_id, json) values (new.id, experience_public_json(new))
    on conflict (experience_id) do update set json = excluded.json;
  return null;
end;
$$;

-- Written when a report is and whenever a column the text reads is written; not on the votes'
-- counter updates, which name none of these columns.
create trigger experiences_public_json
  after insert or update of peptide_id, dosage, frequency, duration_days, route, primary_purpose, outcomes,
    rating, effects, timeline, story, stack, is_demo, created_at, updated_at
  on experiences for each row execute function experiences_public_json_trigger();

-- Existing reports.
insert into experience_public (experience_id, json) select e.id, experience_public_json(e) from experiences e;
