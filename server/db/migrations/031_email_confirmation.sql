-- Sign-up confirms the email address by a mailed link before a moderator sees the account
-- (docs/product-rules.md, "Accounts and sign-in"; services/registration.ts). Only SQL that
-- PostgreSQL 15 and PGlite (PG 18) both accept; every statement can run again.

-- Every account that exists now counts as confirmed, and so does every account the operator
-- makes (the seeds, MODERATOR_EMAIL): only registration writes false.
alter table users add column if not exists email_confirmed boolean not null default true;

-- The link of an unconfirmed account: one per account (a new registration of the address
-- replaces it), valid 24 hours, used once. The database keeps only the token's SHA-256.
create table if not exists email_confirmations (
  user_id uuid primary key references users(id) on delete cascade,
  token_hash text not null unique,
  expires_at timestamptz not null
);

-- The moderators' pending list holds confirmed accounts only (services/users.ts listPending).
drop index if exists users_pending_idx;
create index users_pending_idx on users (created_at, id) where status = 'pending' and email_confirmed;
-- The hourly deletion of accounts left unconfirmed for 7 days (services/registration.ts).
create index if not exists users_unconfirmed_idx on users (created_at) where not email_confirmed;

-- Two new kinds of mail: the confirmation link, and the note to an address's owner that someone
-- tried to register it again.
alter table mail_queue drop constraint if exists mail_queue_kind_check;
alter table mail_queue add constraint mail_queue_kind_check
  check (kind in ('approved', 'rejected', 'password-reset', 'digest', 'confirm-email', 'signup-existing'));
