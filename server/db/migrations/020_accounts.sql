-- Accounts that respect their owners (docs/product-rules.md, "Your account"): what the profile
-- no longer keeps, password-reset links, the mail queue, and what deleting an account leaves.
-- Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept. Every statement can run again
-- (tests/server/account-migration.test.ts runs it on a migrated database).

-- The profile keeps only what it uses. Medical conditions and allergies had no use: deleted.
-- "gender" becomes "biologicalSex", the wizard's word, with the wizard's choices ("other" is not
-- one of them: dropped, to be set again). The four sharing toggles fed no statistic: deleted.
-- Notifications: only the weekly digest remains, and it is opt-in; the boxes were on by default
-- while nothing was sent, so no stored "on" was a choice: every member starts with it off.
update users
   set demographics = (demographics - 'medicalConditions' - 'allergies' - 'gender')
         || case when demographics ->> 'gender' in ('male', 'female', 'prefer-not-to-say')
                 then jsonb_build_object('biologicalSex', demographics -> 'gender') else '{}'::jsonb end
 where demographics ?| array['medicalConditions', 'allergies', 'gender'];
update users set preferences = preferences - 'privacy' - 'notifications'
 where preferences ?| array['privacy', 'notifications'];

-- Password-reset links: the database keeps only the token's SHA-256, like a refresh token's.
-- A row lives until it is used (every row of the account goes then) or an hour after it expires.
create table if not exists password_resets (
  user_id uuid not null references users(id) on delete cascade,
  token_hash text primary key,
  expires_at timestamptz not null
);
create index if not exists password_resets_user_idx on password_resets (user_id);
create index if not exists password_resets_expires_idx on password_resets (expires_at);

-- Outgoing mail, written in the transaction of what caused it and delivered afterwards
-- (services/mail-queue.ts): a request never waits for SMTP, and a failed delivery is retried.
-- A row is deleted once sent (or given up); an account's queued mail goes with the account.
-- `locked_until` is a lease: the process that claimed a row owns it until then, so with several
-- processes each message is sent once.
create table if not exists mail_queue (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id) on delete cascade,
  kind text not null check (kind in ('approved', 'rejected', 'password-reset', 'digest')),
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  headers jsonb not null default '{}'::jsonb,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists mail_queue_due_idx on mail_queue (next_attempt_at);

-- Deleting an account deletes its open flags (services/accounts.ts); a flag a moderator already
-- decided on is the record of that decision and stays, belonging to nobody.
alter table flags alter column user_id drop not null;
alter table flags drop constraint if exists flags_user_id_fkey;
alter table flags add constraint flags_user_id_fkey foreign key (user_id) references users(id) on delete set null;

-- A deleted moderator's entries read "a former moderator": the foreign key sets moderator_id to
-- null (009_moderation.sql), which alone would read as an automatic hold.
alter table moderation_log add column if not exists former_moderator boolean not null default false;
alter table moderation_log disable trigger moderation_log_append_only;
-- Only automatic holds were ever written without a moderator; any other entry without one lost it.
update moderation_log set former_moderator = true where moderator_id is null and action <> 'hold';
alter table moderation_log enable trigger moderation_log_append_only;

-- The append-only rule of 011_moderation_log_time.sql: the one change allowed, a moderator's
-- account deleted, now also marks the entry.
create or replace function moderation_log_append_only() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.moderator_id is null and old.moderator_id is not null
     and (new.id, new.experience_id, new.action, new.reasons, new.note, new.created_at, new.seq)
         is not distinct from (old.id, old.experience_id, old.action, old.reasons, old.note, old.created_at, old.seq) then
    new.former_moderator := true;
    return new;
  end if;
  raise exception 'moderation_log is append-only';
end;
$$;
