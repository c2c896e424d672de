-- The profile speaks the wizard's vocabulary (contract/users.ts Demographics): an age range of
-- contract/vocabulary.ts AGE_RANGES, from 18, instead of an age from 13, and the wizard's four
-- activity levels instead of five. Stored profiles move once; what moved is counted in
-- migration_notes, which the start logs (server/bootstrap.ts).
create table if not exists migration_notes (
  migration text not null,
  note text not null,
  n bigint not null,
  primary key (migration, note)
);

drop table if exists profile_vocabulary_moves;
create table profile_vocabulary_moves as
  select id,
         case
           when jsonb_typeof(demographics -> 'age') is distinct from 'number' then null
           when (demographics ->> 'age')::numeric < 18 then null
           when (demographics ->> 'age')::numeric < 25 then '18-24'
           when (demographics ->> 'age')::numeric < 30 then '25-29'
           when (demographics ->> 'age')::numeric < 35 then '30-34'
           when (demographics ->> 'age')::numeric < 40 then '35-39'
           when (demographics ->> 'age')::numeric < 45 then '40-44'
           when (demographics ->> 'age')::numeric < 50 then '45-49'
           else '50+'
         end as age_range,
         demographics ? 'age' as had_age,
         case demographics ->> 'activityLevel'
           when 'lightly-active' then 'moderate'
           when 'moderately-active' then 'moderate'
           when 'very-active' then 'active'
           when 'extremely-active' then 'athletic'
         end as activity
    from users
   where demographics ? 'age'
      or demographics ->> 'activityLevel' in ('lightly-active', 'moderately-active', 'very-active', 'extremely-active');

insert into migration_notes (migration, note, n)
select '038_profile_vocabulary', 'profile ages moved to their age range', count(*)
  from profile_vocabulary_moves where age_range is not null
union all
select '038_profile_vocabulary', 'profile ages under 18 (or not a number) removed', count(*)
  from profile_vocabulary_moves where had_age and age_range is null
union all
select '038_profile_vocabulary', 'profile activity levels moved to the wizard''s', count(*)
  from profile_vocabulary_moves where activity is not null
on conflict (migration, note) do nothing;

update users u
   set demographics = (u.demographics - 'age')
         || case when m.age_range is null then '{}'::jsonb else jsonb_build_object('ageRange', m.age_range) end
         || case when m.activity is null then '{}'::jsonb else jsonb_build_object('activityLevel', m.activity) end
  from profile_vocabulary_moves m
 where m.id = u.id;

drop table profile_vocabulary_moves;
