-- Side effects apart from benefits (docs/product-rules.md, "Side effects"). A report rates its
-- benefits 1-10 and lists its side effects, each with a severity (mild, moderate, severe); a side
-- effect never enters a rating, a mean, a sort or a comparison. Before this, the wizard's only place
-- for a side effect was a rated outcome, so "Headache 10/10" raised a report's rating.
--
-- Stored outcomes that are side effects move to the new list: an outcome is one when its name
-- (trimmed, any letter case) is in the peptide's side effects, the effect vocabulary's side effects
-- or the shared words below (contract/side-effects.ts SIDE_EFFECT_WORDS, as they were when this was
-- written; tests/server/side-effects.test.ts checks they agree), and not among the peptide's own
-- common effects. Its rating becomes a severity: 1-3 mild, 4-7 moderate, 8-10 severe. The report's
-- rating becomes the mean of the benefits left. A report whose every outcome is a side effect keeps
-- them as they are (a report needs a rated benefit) and is counted apart. Reports and changes waiting
-- in the publication queue are moved the same way. What moved is written to migration_notes, which
-- the start logs (server/bootstrap.ts). Every statement may run twice.
--
-- The counters (peptide_counters, experience_daily, peptide_outcomes) follow the rows through their
-- triggers (016_peptide_counters.sql). Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.

alter table experiences add column if not exists side_effects jsonb not null default '[]'::jsonb
  check (jsonb_typeof(side_effects) = 'array');

create table if not exists migration_notes (
  migration text not null,
  note text not null,
  n bigint not null,
  primary key (migration, note)
);

-- The public text of a report (018_public_json.sql) with its side effects.
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
  after insert or update of peptide_id, dosage, frequency, duration_days, route, primary_purpose, outcomes,
    rating, side_effects, effects, timeline, story, stack, is_demo, created_at, updated_at
  on experiences for each row execute function experiences_public_json_trigger();

-- Outcomes split into benefits and side effects (with the severity their rating maps to).
create or replace function side_effects_split(o jsonb, side text[]) returns table (benefits jsonb, moved jsonb)
language sql immutable as $$
  select coalesce(jsonb_object_agg(key, value) filter (where not (lower(btrim(key)) = any(side))), '{}'::jsonb),
         coalesce(jsonb_agg(jsonb_build_object('name', btrim(key), 'severity',
           case when value::text::numeric <= 3 then 'mild' when value::text::numeric <= 7 then 'moderate' else 'severe' end)
           order by key) filter (where lower(btrim(key)) = any(side)), '[]'::jsonb)
    from jsonb_each(coalesce(o, '{}'::jsonb))
$$;

create or replace function side_effects_mean(o jsonb) returns double precision
language sql immutable as $$
  select avg(value::text::double precision) from jsonb_each(o)
$$;

drop table if exists side_effects_names;
create table side_effects_names as
  select p.id as peptide_id, array(
      select w from (values
  ('headache'),
  ('nausea'),
  ('vomiting'),
  ('dizziness'),
  ('fatigue'),
  ('lethargy'),
  ('insomnia'),
  ('mood swings'),
  ('anxiety'),
  ('irritability'),
  ('injection site redness'),
  ('injection site pain'),
  ('injection site swelling'),
  ('injection site itching'),
  ('water retention'),
  ('bloating'),
  ('tingling'),
  ('numbness'),
  ('flushing'),
  ('diarrhea'),
  ('constipation'),
  ('heart palpitations'),
  ('rash'),
  ('itching'),
  ('joint pain'),
  ('lightheadedness'),
  ('low blood sugar'),
  ('brain fog')) as words(w)
      union select lower(btrim(name)) from effects where type = 'side'
      union select lower(btrim(x)) from unnest(p.side_effects) as x
      except select lower(btrim(c)) from unnest(p.common_effects) as c
    ) as side
    from peptides p;

drop table if exists side_effects_moves;
create table side_effects_moves as
  select e.id, s.benefits, s.moved, jsonb_array_length(s.moved) as n
    from experiences e
    join side_effects_names n on n.peptide_id = e.peptide_id
    cross join lateral side_effects_split(e.outcomes, n.side) s
   where s.moved <> '[]'::jsonb;

insert into migration_notes (migration, note, n)
select '034_side_effects', 'reports whose side-effect outcomes moved to their side effects', count(*)
  from side_effects_moves where benefits <> '{}'::jsonb
union all
select '034_side_effects', 'side-effect outcomes moved', coalesce(sum(n), 0)
  from side_effects_moves where benefits <> '{}'::jsonb
union all
select '034_side_effects', 'reports left as they were: every outcome they rate is a side effect', count(*)
  from side_effects_moves where benefits = '{}'::jsonb
on conflict (migration, note) do nothing;

update experiences e
   set outcomes = m.benefits, side_effects = m.moved, rating = side_effects_mean(m.benefits)
  from side_effects_moves m
 where m.id = e.id and m.benefits <> '{}'::jsonb;

-- Every other report's public text gains its (empty) list of side effects (the moved ones were
-- written again by the trigger).
update experience_public ep set json = experience_public_json(e)
  from experiences e
 where e.id = ep.experience_id and e.side_effects = '[]'::jsonb;

-- What waits in the queue: new reports and authors' corrections that carry outcomes.
drop table if exists side_effects_queue_moves;
create table side_effects_queue_moves as
  select q.experience_id, q.kind, s.benefits, s.moved
    from publication_queue q
    join side_effects_names n on n.peptide_id::text = coalesce(
      q.payload->>'peptide_id', (select x.peptide_id::text from experiences x where x.id = q.experience_id))
    cross join lateral side_effects_split(q.payload->'outcomes', n.side) s
   where q.kind in ('submit', 'edit') and q.payload ? 'outcomes' and s.moved <> '[]'::jsonb;

insert into migration_notes (migration, note, n)
select '034_side_effects', 'queued reports and corrections whose side-effect outcomes moved', count(*)
  from side_effects_queue_moves where benefits <> '{}'::jsonb
on conflict (migration, note) do nothing;

update publication_queue q
   set payload = q.payload || jsonb_build_object('outcomes', m.benefits, 'side_effects', m.moved,
     'rating', side_effects_mean(m.benefits))
  from side_effects_queue_moves m
 where m.experience_id = q.experience_id and m.kind = q.kind and m.benefits <> '{}'::jsonb;

drop table side_effects_queue_moves;
drop table side_effects_moves;
drop table side_effects_names;
drop function side_effects_mean(jsonb);
drop function side_effects_split(jsonb, text[]);
