-- How sure a mean is (docs/product-rules.md, "How sure"; contract/how-sure.ts): a 95% interval
-- needs the spread of the ratings, so beside each kept sum the aggregates now keep the sum of
-- squares, in the same trigger and transaction as the sum. Category means are sums over the
-- peptides' counters, so they need nothing more; experience_daily's rating_sum is read by no
-- mean. Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.
alter table peptide_counters add column rating_sq_sum double precision not null default 0;
alter table peptide_outcomes add column total_sq double precision not null default 0;

update peptide_counters c set rating_sq_sum = a.sq
  from (select peptide_id, sum(rating * rating)::float8 as sq from experiences
         where status = 'published' group by peptide_id) a
 where a.peptide_id = c.peptide_id;

update peptide_outcomes o set total_sq = a.sq
  from (select e.peptide_id, lower(x.key) as outcome, sum(x.value::float8 * x.value::float8)::float8 as sq
          from experiences e, jsonb_each_text(e.outcomes) x where e.status = 'published' group by 1, 2) a
 where a.peptide_id = o.peptide_id and a.outcome = o.outcome;

-- The spread of each outcome's ratings, as its page draws it (a 1-10 histogram): per peptide,
-- outcome and whole rating, how many published reports gave it. Outcome ratings are whole numbers
-- (contract/experiences.ts); a stored one that is not is counted at its nearest whole rating.
create table peptide_outcome_ratings (
  peptide_id uuid not null references peptides (id),
  outcome text not null,
  rating smallint not null check (rating between 1 and 10),
  n integer not null default 0,
  primary key (peptide_id, outcome, rating)
);

insert into peptide_outcome_ratings (peptide_id, outcome, rating, n)
select e.peptide_id, lower(x.key), least(10, greatest(1, round(x.value::float8)))::smallint, count(*)::int
  from experiences e, jsonb_each_text(e.outcomes) x where e.status = 'published' group by 1, 2, 3;

-- 016_peptide_counters.sql's definition (the latest), with the squares and the spread added.
create or replace function apply_experience_aggregates(e experiences, sign integer) returns void
language plpgsql as $$
declare
  item record;
begin
  update peptide_counters
     set experience_count = experience_count + sign,
         rating_sum = rating_sum + sign * e.rating,
         rating_sq_sum = rating_sq_sum + sign * e.rating * e.rating,
         vote_count = vote_count + sign * (e.helpful_count + e.not_helpful_count + e.detailed_count + e.concerning_count)
   where peptide_id = e.peptide_id;

  insert into experience_daily (peptide_id, day, experiences, rating_sum)
  values (e.peptide_id, (e.created_at at time zone 'UTC')::date, sign, sign * e.rating)
  on conflict (peptide_id, day) do update
     set experiences = experience_daily.experiences + excluded.experiences,
         rating_sum = experience_daily.rating_sum + excluded.rating_sum;

  for item in select key, value from jsonb_each_text(e.outcomes) loop
    insert into peptide_outcomes (peptide_id, outcome, total, total_sq, n)
    values (e.peptide_id, lower(item.key), sign * item.value::double precision,
            sign * item.value::double precision * item.value::double precision, sign)
    on conflict (peptide_id, outcome) do update
       set total = peptide_outcomes.total + excluded.total,
           total_sq = peptide_outcomes.total_sq + excluded.total_sq,
           n = peptide_outcomes.n + excluded.n;
    insert into peptide_outcome_ratings (peptide_id, outcome, rating, n)
    values (e.peptide_id, lower(item.key), least(10, greatest(1, round(item.value::double precision)))::smallint, sign)
    on conflict (peptide_id, outcome, rating) do update set n = peptide_outcome_ratings.n + excluded.n;
  end loop;

  for item in select distinct lower(x) as effect from unnest(e.effects) as x loop
    insert into peptide_reported_effects (peptide_id, effect, n)
    values (e.peptide_id, item.effect, sign)
    on conflict (peptide_id, effect) do update set n = peptide_reported_effects.n + excluded.n;
  end loop;
end;
$$;
