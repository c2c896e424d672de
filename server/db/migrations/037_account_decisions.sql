-- Decisions on accounts that can be taken back (docs/product-rules.md, "Registration approval"):
-- a moderator may undo an approval or a rejection for a few seconds, suspend an approved member
-- and reinstate them; and a report's flags dismissed by "Keep published" can be undone like a
-- hide (services/moderation.ts undoDecision), so that decision has its own action in the log.
-- Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept. Every statement may run twice.

alter table users drop constraint if exists users_status_check;
alter table users add constraint users_status_check
  check (status in ('pending', 'approved', 'rejected', 'suspended'));

alter table moderation_log drop constraint if exists moderation_log_action_check;
alter table moderation_log add constraint moderation_log_action_check
  check (action in ('hold', 'publish', 'keep-published', 'hide', 'restore', 'undo'));

-- Who decided what about an account, in the order it was written (services/account-log.ts).
-- Append-only like moderation_log; a deleted member or moderator leaves the entry with null.
create table if not exists account_log (
  id uuid primary key default gen_random_uuid(),
  position bigserial,
  member_id uuid references users(id) on delete set null,
  moderator_id uuid references users(id) on delete set null,
  action text not null check (action in ('approve', 'reject', 'undo', 'suspend', 'reinstate')),
  -- For `undo`, the decision it took back.
  undid text check (undid is null or undid in ('approve', 'reject')),
  note text,
  created_at timestamptz not null default date_trunc('milliseconds', now())
);
create index if not exists account_log_position_idx on account_log (position desc);

-- Nothing rewrites it: the one change allowed is a deleted account's id becoming null.
create or replace function account_log_append_only() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE'
     and (new.id, new.position, new.action, new.undid, new.note, new.created_at)
         is not distinct from (old.id, old.position, old.action, old.undid, old.note, old.created_at) then
    return new;
  end if;
  raise exception 'account_log is append-only';
end;
$$;
drop trigger if exists account_log_append_only on account_log;
create trigger account_log_append_only
  before update or delete on account_log
  for each row execute function account_log_append_only();
