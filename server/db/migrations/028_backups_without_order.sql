-- Backups and copies that name nobody (docs/product-rules.md, "Publication in batches" and
-- "Limits and proxies"). A pg_dump taken between two batches gave 5 of 5 submitting addresses
-- from the rate-limit counters, with their times to the millisecond, and the queue in the order
-- its changes arrived, each linked to its request in a proxy's log by its place.
-- Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.

-- The counters: unlogged (as 002 made them), so never in the write-ahead log, a base backup or a
-- replica; their rows are left out of every backup (db/backup.ts ROWS_LEFT_OUT). The rows kept so
-- far are keyed under a key derived from the secret in app_settings, which a dump also holds, and
-- end to the millisecond: they go (server/lib/limiter-key.ts keys them from now on).
alter table rate_limit_counters set unlogged;
truncate rate_limit_counters;

-- The queue in no order of arrival. A dump lists a table's rows in their physical order, and
-- rows added to a table go after those already there. So the queue is split into 32 partitions
-- by a hash of its report's id (a random UUID: which partition says nothing of when), and every
-- statement that adds or changes rows rewrites the rows of the partitions it touched, in a random
-- order, in its own transaction (publication_queue_shuffle below): the rows' physical order,
-- partition after partition, is a random permutation of them, whatever their order of arrival.
-- A rewrite costs the rows of one partition, a 32nd of the queue, not the whole queue.
-- A rewrite moves rows as a delete and an insert, so a change to a row made at the same time by
-- another transaction would find it gone: every transaction that writes the queue first takes its
-- advisory lock (db/queue-lock.ts lockQueue), and publication_queue_guard refuses a write
-- without it.
alter table publication_queue rename to publication_queue_unordered;
alter index publication_queue_author_key rename to publication_queue_unordered_author_key;
alter index publication_queue_moderator_key rename to publication_queue_unordered_moderator_key;
alter index publication_queue_tracking_key rename to publication_queue_unordered_tracking_key;
alter index publication_queue_batch_idx rename to publication_queue_unordered_batch_idx;

-- The same columns and checks (LIKE keeps any column added since 019); the foreign key below.
create table publication_queue (like publication_queue_unordered including defaults including constraints)
  partition by hash (experience_id);
do $$
begin
  for i in 0..31 loop
    execute format('create table publication_queue_p%s partition of publication_queue for values with (modulus 32, remainder %s)', lpad(i::text, 2, '0'), i);
  end loop;
end;
$$;

create unique index publication_queue_author_key on publication_queue (experience_id) where kind in ('submit', 'edit', 'delete');
create unique index publication_queue_moderator_key on publication_queue (experience_id) where kind in ('publish', 'restore');
-- A unique index of a partitioned table holds its partition key. A tracking hash is unique by
-- itself all the same: one author's row per report, and 66 random bits per tracking ID.
create unique index publication_queue_tracking_key on publication_queue (tracking_hash, experience_id) where tracking_hash is not null;
create index publication_queue_batch_idx on publication_queue (batch_at);

insert into publication_queue select * from publication_queue_unordered order by gen_random_uuid();
drop table publication_queue_unordered;
alter table publication_queue add constraint publication_queue_moderator_id_fkey
  foreign key (moderator_id) references users (id) on delete set null;

-- Set by lockQueue with the lock, for the rest of the transaction.
create function publication_queue_guard() returns trigger
language plpgsql as $$
begin
  if current_setting('peptide.queue_locked', true) is distinct from 'on' then
    raise exception 'publication_queue is written only after lockQueue (server/db/queue-lock.ts) in the same transaction';
  end if;
  return null;
end;
$$;
create trigger publication_queue_guard before insert or update or delete on publication_queue
  for each statement execute function publication_queue_guard();

-- The partitions holding the rows a statement added or changed (`changed`), each rewritten in a
-- random order. Straight into the partition: its statements fire none of these triggers again.
create function publication_queue_shuffle() returns trigger
language plpgsql as $$
declare
  id uuid;
  part oid;
  parts oid[] := '{}';
begin
  for id in select distinct experience_id from changed loop
    select tableoid into part from publication_queue where experience_id = id limit 1;
    if part is not null and not (part = any (parts)) then
      parts := parts || part;
    end if;
  end loop;
  foreach part in array parts loop
    execute format('with moved as (delete from %1$s returning *) insert into %1$s select * from moved order by gen_random_uuid()', part::regclass);
  end loop;
  return null;
end;
$$;
-- A statement trigger with a transition table takes one event: two triggers.
create trigger publication_queue_shuffle_insert after insert on publication_queue
  referencing new table as changed for each statement execute function publication_queue_shuffle();
create trigger publication_queue_shuffle_update after update on publication_queue
  referencing new table as changed for each statement execute function publication_queue_shuffle();
