-- The moderation log keeps no time that could date a report finer than its UTC day
-- (migration 007_coarse_time.sql, docs/product-rules.md "Anonymity"): an automatic hold is
-- written in the same transaction as the submission or edit that caused it, so its exact time
-- was the report's exact time. Entries without a moderator (automatic holds) keep the UTC day;
-- a moderator's own action keeps the UTC hour, enough for an audit and no finer than the rule.

create or replace function utc_hour(t timestamptz) returns timestamptz
language sql immutable as $$ select date_trunc('hour', t at time zone 'UTC') at time zone 'UTC' $$;

-- Existing entries: the append-only trigger (009_moderation.sql) is off for this one statement.
alter table moderation_log disable trigger moderation_log_append_only;
update moderation_log
   set created_at = case when moderator_id is null then utc_day(created_at) else utc_hour(created_at) end
 where created_at <> case when moderator_id is null then utc_day(created_at) else utc_hour(created_at) end;
alter table moderation_log enable trigger moderation_log_append_only;

alter table moderation_log alter column created_at set default utc_hour(now());

create or replace function moderation_log_coarse_time() returns trigger
language plpgsql as $$
begin
  if new.moderator_id is null and tg_op = 'INSERT' then
    new.created_at := utc_day(new.created_at);
  end if;
  return new;
end;
$$;
create trigger moderation_log_coarse_time before insert on moderation_log
  for each row execute function moderation_log_coarse_time();

-- The database refuses a finer time, whatever writes it. (A moderator's account deleted later
-- sets moderator_id to null and keeps the entry's hour: still within the rule.)
alter table moderation_log
  add constraint moderation_log_coarse_created check (created_at = utc_hour(created_at));
