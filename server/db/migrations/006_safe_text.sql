-- Stored text brought under the rule every write now follows (contract/safe-text.ts,
-- server/lib/json-body.ts): before it, a report could be stored with an outcome named
-- `__proto__`, `constructor` or `prototype`, which made every feed holding it unreadable by the
-- SPA, and names could hold zero-width or bidi-control characters. What this does:
--   - Names and list entries (outcome names, effects, stack, peptide lists, profile lists, the
--     effect vocabulary): zero-width and bidi-control characters and control characters are
--     removed in place, text is NFC-normalised and trimmed, as the API now does on write.
--   - A list entry that is blank after that, or is a reserved word, is dropped (a name alone
--     carries no rating).
--   - An outcome named with a reserved word is renamed `<word> (renamed)` rather than dropped: its
--     rating stays, so no report loses a rating or disappears (deleting a report, or leaving one
--     with no outcome, would lose a valid report). One blank after cleaning becomes `(unnamed)`.
--     Two names that become one keep one rating (the one under the name that needed no
--     cleaning) and the report's rating becomes the mean of what is left.
--   - Single-line texts (dosage, peptide dosage and frequency) lose control characters; stories,
--     descriptions and moderator notes keep newlines and tabs, "\r\n" becomes "\n", other control
--     characters go; all are NFC-normalised. (PostgreSQL could never hold NUL or lone surrogates.)
--   - Peptide names: the same cleaning; a reserved name is renamed `<name> (renamed)`; a cleaned
--     name that another live peptide already has is left as it was (and counted).
-- Experiences are changed with UPDATE, so the triggers of 001_init.sql keep every aggregate
-- (peptide counts and sums, experience_daily, peptide_outcomes, peptide_reported_effects) exact.
-- Each step's count is kept in data_repairs (and raised as a notice) so an operator can see what
-- was done. Only SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.

create table if not exists data_repairs (
  id bigint generated always as identity primary key,
  name text not null,
  count integer not null,
  at timestamptz not null default now()
);

-- Helpers for this migration only (dropped at the end).
create function safe_text_nfc(t text) returns text language sql stable as $$
  select case when current_setting('server_encoding') = 'UTF8' then normalize(t, NFC) else t end
$$;

-- JavaScript's String.prototype.trim() whitespace, as the API trims.
create function safe_text_trim(t text) returns text language sql stable as $$
  select regexp_replace(t, '^[ \t\n\u000B\f\r\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+|[ \t\n\u000B\f\r\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+$', '', 'g')
$$;

-- A name or single line: invisible characters removed, control characters become spaces, NFC, trimmed.
create function safe_text_line(t text) returns text language sql stable as $$
  select safe_text_trim(safe_text_nfc(regexp_replace(
    regexp_replace(t, '[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]', '', 'g'),
    '[\u0001-\u001F\u007F-\u009F]', ' ', 'g')))
$$;

-- Multi-line text: "\r\n" and "\r" become "\n", control characters other than newline and tab go, NFC, trimmed.
create function safe_text_prose(t text) returns text language sql stable as $$
  select safe_text_trim(safe_text_nfc(regexp_replace(
    regexp_replace(t, '\r\n?', E'\n', 'g'),
    '[\u0001-\u0008\u000B-\u001F\u007F-\u009F]', '', 'g')))
$$;

create function safe_text_reserved(t text) returns boolean language sql stable as $$
  select lower(safe_text_trim(t)) in ('__proto__', 'constructor', 'prototype')
$$;

-- A list of names: each cleaned; blanks and reserved words dropped; order kept.
create function safe_text_list(items text[]) returns text[] language sql stable as $$
  select coalesce(array_agg(c order by i), '{}'::text[])
    from (select safe_text_line(x) as c, i from unnest(items) with ordinality as u(x, i)) s
   where c <> '' and not safe_text_reserved(c)
$$;

-- Outcome names: each cleaned; a reserved one renamed, a blank one `(unnamed)`. When two names
-- become one, the rating under the name that needed no cleaning wins (jsonb keeps the last).
create function safe_text_outcomes(o jsonb) returns jsonb language sql stable as $$
  select coalesce(jsonb_object_agg(k, value order by k = key, i), '{}'::jsonb)
    from (
      select case
               when safe_text_reserved(safe_text_line(key)) then safe_text_line(key) || ' (renamed)'
               when safe_text_line(key) = '' then '(unnamed)'
               else safe_text_line(key)
             end as k, key, value, i
        from jsonb_each(o) with ordinality as e(key, value, i)
    ) s
$$;

-- A flat object of texts (a peptide's dosage ranges and timeline): string values cleaned as lines.
create function safe_text_line_values(o jsonb) returns jsonb language sql stable as $$
  select case when jsonb_typeof(o) <> 'object' then o else coalesce(
    (select jsonb_object_agg(key, case when jsonb_typeof(value) = 'string' then to_jsonb(safe_text_line(value #>> '{}')) else value end)
       from jsonb_each(o)), '{}'::jsonb) end
$$;

-- A profile list inside the demographics object, cleaned like any list (absent stays absent).
create function safe_text_profile(d jsonb) returns jsonb language plpgsql stable as $$
declare
  field text;
begin
  if jsonb_typeof(d) <> 'object' then
    return d;
  end if;
  foreach field in array array['fitnessGoals', 'medicalConditions', 'allergies'] loop
    if jsonb_typeof(d -> field) = 'array' then
      d := jsonb_set(d, array[field], to_jsonb(safe_text_list(array(
        select x from jsonb_array_elements_text(d -> field) with ordinality as a(x, i) order by i))));
    end if;
  end loop;
  return d;
end;
$$;

-- Experiences: one UPDATE per row that changes (the triggers follow it); counts per column.
create temporary table safe_text_experiences as
select e.id,
       safe_text_outcomes(e.outcomes) as outcomes,
       safe_text_list(e.effects) as effects,
       safe_text_list(e.stack) as stack,
       safe_text_line(e.dosage) as dosage,
       safe_text_prose(e.story) as story,
       e.outcomes as old_outcomes, e.effects as old_effects, e.stack as old_stack, e.dosage as old_dosage, e.story as old_story
  from experiences e;
delete from safe_text_experiences
 where outcomes = old_outcomes and effects = old_effects and stack = old_stack and dosage = old_dosage and story = old_story;

insert into data_repairs (name, count)
select 'experiences: outcome names cleaned or renamed', count(*) from safe_text_experiences where outcomes <> old_outcomes
union all
select 'experiences: outcome names merged (rating recomputed)', count(*) from safe_text_experiences
 where (select count(*) from jsonb_object_keys(outcomes)) < (select count(*) from jsonb_object_keys(old_outcomes))
union all
select 'experiences: effects cleaned or dropped', count(*) from safe_text_experiences where effects <> old_effects
union all
select 'experiences: stack entries cleaned or dropped', count(*) from safe_text_experiences where stack <> old_stack
union all
select 'experiences: dosage cleaned', count(*) from safe_text_experiences where dosage <> old_dosage
union all
select 'experiences: story cleaned', count(*) from safe_text_experiences where story <> old_story;

-- A dosage left blank by cleaning (it was only invisible characters) keeps its old text.
update experiences e
   set outcomes = c.outcomes,
       rating = case
         when (select count(*) from jsonb_object_keys(c.outcomes)) < (select count(*) from jsonb_object_keys(e.outcomes))
           then (select avg(value::double precision) from jsonb_each_text(c.outcomes))
         else e.rating end,
       effects = c.effects,
       stack = c.stack,
       dosage = case when c.dosage = '' then e.dosage else c.dosage end,
       story = c.story,
       search_text = case
         when c.story <> e.story or c.effects <> e.effects
           then lower(array_to_string(array[(select p.name from peptides p where p.id = e.peptide_id), c.story] || c.effects || e.primary_purpose, ' '))
         else e.search_text end
  from safe_text_experiences c
 where c.id = e.id;

-- Peptides.
create temporary table safe_text_peptides as
select p.id,
       case when safe_text_reserved(safe_text_line(p.name)) then safe_text_line(p.name) || ' (renamed)' else safe_text_line(p.name) end as name,
       safe_text_list(p.common_effects) as common_effects,
       safe_text_list(p.side_effects) as side_effects,
       safe_text_list(p.common_stacks) as common_stacks,
       safe_text_prose(p.description) as description,
       safe_text_prose(p.detailed_description) as detailed_description,
       safe_text_prose(p.mechanism) as mechanism,
       safe_text_line(p.common_dosage) as common_dosage,
       safe_text_line(p.common_frequency) as common_frequency,
       safe_text_line_values(p.dosage_ranges) as dosage_ranges,
       safe_text_line_values(p.timeline) as timeline,
       p.name as old_name, p.deleted_at
  from peptides p;
-- A name left blank, or taken by another live peptide once cleaned (by the name key of
-- 004_peptide_name_key.sql), stays as it was.
update safe_text_peptides c set name = c.old_name
 where c.name = '' or length(c.name) > 100 or (c.deleted_at is null and c.name <> c.old_name and exists (
   select 1 from peptides q where q.id <> c.id and q.deleted_at is null and q.name_key = lower(btrim(regexp_replace(normalize(
         regexp_replace(c.name, '[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]', '', 'g'),
         NFKC), '\s+', ' ', 'g')))));

insert into data_repairs (name, count)
select 'peptides: names cleaned or renamed', count(*) from safe_text_peptides where name <> old_name
union all
select 'peptides: names left as they were (blank or taken once cleaned)', count(*) from safe_text_peptides
 where name = old_name and (safe_text_line(old_name) <> old_name or safe_text_reserved(old_name))
union all
select 'peptides: lists or texts cleaned', count(*) from safe_text_peptides c join peptides p on p.id = c.id
 where (c.common_effects, c.side_effects, c.common_stacks, c.description, c.detailed_description, c.mechanism, c.common_dosage, c.common_frequency, c.dosage_ranges, c.timeline)
       is distinct from (p.common_effects, p.side_effects, p.common_stacks, p.description, p.detailed_description, p.mechanism, p.common_dosage, p.common_frequency, p.dosage_ranges, p.timeline);

update peptides p
   set name = c.name,
       -- A renamed peptide gets the key of its new name (the same expression as 004).
       name_key = case when c.name = p.name then p.name_key else lower(btrim(regexp_replace(normalize(
         regexp_replace(c.name, '[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]', '', 'g'),
         NFKC), '\s+', ' ', 'g'))) end,
       common_effects = c.common_effects,
       side_effects = c.side_effects,
       common_stacks = c.common_stacks,
       description = case when c.description = '' then p.description else c.description end,
       detailed_description = case when c.detailed_description = '' then p.detailed_description else c.detailed_description end,
       mechanism = case when c.mechanism = '' then p.mechanism else c.mechanism end,
       common_dosage = case when c.common_dosage = '' then p.common_dosage else c.common_dosage end,
       common_frequency = case when c.common_frequency = '' then p.common_frequency else c.common_frequency end,
       dosage_ranges = c.dosage_ranges,
       timeline = c.timeline
  from safe_text_peptides c
 where c.id = p.id
   and (c.name, c.common_effects, c.side_effects, c.common_stacks, c.description, c.detailed_description, c.mechanism, c.common_dosage, c.common_frequency, c.dosage_ranges, c.timeline)
       is distinct from (p.name, p.common_effects, p.side_effects, p.common_stacks, p.description, p.detailed_description, p.mechanism, p.common_dosage, p.common_frequency, p.dosage_ranges, p.timeline);

-- The effect vocabulary: reserved, blank or (once cleaned) duplicate names removed, others cleaned.
insert into data_repairs (name, count)
select 'effects vocabulary: names removed (reserved, blank or duplicate once cleaned)', count(*) from effects f
 where safe_text_reserved(safe_text_line(f.name)) or safe_text_line(f.name) = ''
    or (safe_text_line(f.name) <> f.name and exists (select 1 from effects g where g.id <> f.id and lower(g.name) = lower(safe_text_line(f.name))));
delete from effects f
 where safe_text_reserved(safe_text_line(f.name)) or safe_text_line(f.name) = ''
    or (safe_text_line(f.name) <> f.name and exists (select 1 from effects g where g.id <> f.id and lower(g.name) = lower(safe_text_line(f.name))));
insert into data_repairs (name, count)
select 'effects vocabulary: names cleaned', count(*) from effects where safe_text_line(name) <> name;
update effects set name = safe_text_line(name) where safe_text_line(name) <> name;

-- Accounts: profile lists and moderators' notes.
insert into data_repairs (name, count)
select 'users: profile lists cleaned', count(*) from users where safe_text_profile(demographics) <> demographics
union all
select 'users: moderator notes cleaned', count(*) from users where moderator_notes is not null and safe_text_prose(moderator_notes) <> moderator_notes;
update users set demographics = safe_text_profile(demographics) where safe_text_profile(demographics) <> demographics;
update users set moderator_notes = safe_text_prose(moderator_notes)
 where moderator_notes is not null and safe_text_prose(moderator_notes) <> moderator_notes;

do $$
declare
  r record;
begin
  for r in select name, count from data_repairs where at = now() order by id loop
    raise notice '006_safe_text: % = %', r.name, r.count;
  end loop;
end;
$$;

drop table safe_text_experiences;
drop table safe_text_peptides;
drop function safe_text_profile(jsonb);
drop function safe_text_line_values(jsonb);
drop function safe_text_outcomes(jsonb);
drop function safe_text_list(text[]);
drop function safe_text_reserved(text);
drop function safe_text_prose(text);
drop function safe_text_line(text);
drop function safe_text_trim(text);
drop function safe_text_nfc(text);
