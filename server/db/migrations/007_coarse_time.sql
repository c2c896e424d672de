-- A report's time is kept to its UTC day, and published as that day (services/experiences.ts
-- publishedDay): an exact time matched the log line of its POST in any proxy or host that logs
-- addresses, and so named the address that wrote it. Even the hour would tell too much: the
-- feed orders by time, so a report's place among others of the same day would give its hour
-- away. Within a day, reports are in the order of their random ids.

-- The UTC day of a time, whatever the session's time zone (date_trunc on a timestamptz would
-- truncate in the session's zone, and could move a report to another UTC day).
create or replace function utc_day(t timestamptz) returns timestamptz
language sql immutable as $$ select date_trunc('day', t at time zone 'UTC') at time zone 'UTC' $$;

-- Existing reports keep only their day. That keeps every report on its UTC day, so no aggregate
-- changes: the per-row aggregate trigger is off for this one statement (it would remove and
-- re-add every report to the same day's counts).
alter table experiences disable trigger experiences_aggregates;
update experiences
   set created_at = utc_day(created_at),
       updated_at = utc_day(updated_at)
 where created_at <> utc_day(created_at)
    or updated_at <> utc_day(updated_at);
alter table experiences enable trigger experiences_aggregates;

alter table experiences alter column created_at set default utc_day(now());

-- From now on the database itself refuses a finer time, whatever writes it.
alter table experiences
  add constraint experiences_created_day check (created_at = utc_day(created_at)),
  add constraint experiences_updated_day check (updated_at is null or updated_at = utc_day(updated_at));
