-- The moderation log keeps no time that could date a report finer than its UTC day
-- (migration 007_coarse_time.sql, docs/product-rules.md "Anonymity"): an automatic hold is
-- written in the same transaction as the submission or edit that caused it, so its exact time
-- was the report's exact time. Entries without a moderator (automatic holds) keep the UTC day;
-- a moderator's own action keeps the UTC hour, enough for an audit and no finer than the rule.

create or replace function utc_hour(t timestamptz) returns timestamptz
language sql immutable as $$ select date_trunc('hour', t at time zone 'UTC') at time zone 'UTC' $$;

-- With coarse times, the order of one report's entries (held, hidden, edited, held again) is
-- kept by `seq`, counted per report: it orders nothing across reports, so it dates nothing.
alter table moderation_log add column seq integer;

-- Existing entries: numbered in their old order, then coarsened; the append-only trigger
-- (009_moderation.sql) is off for these statements.
alter table moderation_log disable trigger moderation_log_append_only;
update moderation_log l
   set seq = n.seq
  from (select id, row_number() over (partition by experience_id order by created_at, id)::int as seq from moderation_log) n
 where n.id = l.id;
update moderation_log
   set created_at = case when moderator_id is null then utc_day(created_at) else utc_hour(created_at) end
 where created_at <> case when moderator_id is null then utc_day(created_at) else utc_hour(created_at) end;
alter table moderation_log enable trigger moderation_log_append_only;
alter table moderation_log alter column seq set not null;
-- Every writer holds the report's row lock (services/moderation.ts, services/experiences.ts),
-- so two entries of one report never race for a number; if one ever did, this refuses it.
create unique index moderation_log_report_seq on moderation_log (experience_id, seq);

alter table moderation_log alter column created_at set default utc_hour(now());

create or replace function moderation_log_coarse_time() returns trigger
language plpgsql as $$
begin
  if new.moderator_id is null then
    new.created_at := utc_day(new.created_at);
  end if;
  new.seq := coalesce((select max(seq) from moderation_log where experience_id = new.experience_id), 0) + 1;
  return new;
end;
$$;
create trigger moderation_log_coarse_time before insert on moderation_log
  for each row execute function moderation_log_coarse_time();

-- The database refuses a finer time, whatever writes it. (A moderator's account deleted later
-- sets moderator_id to null and keeps the entry's hour: still within the rule.)
alter table moderation_log
  add constraint moderation_log_coarse_created check (created_at = utc_hour(created_at));

-- The append-only rule of 009_moderation.sql, now also guarding `seq`.
create or replace function moderation_log_append_only() returns trigger
language plpgsql as $$
begin
  -- A moderator's account deleted sets moderator_id to null (the foreign key); nothing else changes.
  if tg_op = 'UPDATE' and new.moderator_id is null and old.moderator_id is not null
     and (new.id, new.experience_id, new.action, new.reasons, new.note, new.created_at, new.seq)
         is not distinct from (old.id, old.experience_id, old.action, old.reasons, old.note, old.created_at, old.seq) then
    return new;
  end if;
  raise exception 'moderation_log is append-only';
end;
$$;
