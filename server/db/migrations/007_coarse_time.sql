-- A report's time is kept to the hour at most (and published to the day, services/experiences.ts
-- publishedDay): an exact time matched the log line of its POST in any proxy or host that logs
-- addresses, and so named the address that wrote it.

-- The UTC hour of a time, whatever the session's time zone (date_trunc on a timestamptz would
-- truncate in the session's zone, and a zone with a half-hour offset could move a report to
-- the previous UTC day).
create or replace function utc_hour(t timestamptz) returns timestamptz
language sql immutable as $$ select date_trunc('hour', t at time zone 'UTC') at time zone 'UTC' $$;

-- Existing reports lose their minutes, seconds and milliseconds. That keeps every report on its
-- UTC day, so no aggregate changes: the per-row aggregate trigger is off for this one statement
-- (it would remove and re-add every report to the same day's counts).
alter table experiences disable trigger experiences_aggregates;
update experiences
   set created_at = utc_hour(created_at),
       updated_at = utc_hour(updated_at)
 where created_at <> utc_hour(created_at)
    or updated_at <> utc_hour(updated_at);
alter table experiences enable trigger experiences_aggregates;

alter table experiences alter column created_at set default utc_hour(now());

-- From now on the database itself refuses a finer time, whatever writes it.
alter table experiences
  add constraint experiences_created_hour check (created_at = utc_hour(created_at)),
  add constraint experiences_updated_hour check (updated_at is null or updated_at = utc_hour(updated_at));
