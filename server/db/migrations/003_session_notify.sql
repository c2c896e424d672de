-- Every process keeps signed-in callers for a few seconds (server/lib/session-cache.ts). A
-- committed change that ends a session or changes an account's standing tells every process
-- which account (LISTEN app_sessions, payload = user id), so they drop it at once. Its own
-- channel: app_cache would empty the public read caches on every sign-out. Triggers, so every
-- path (the API, `npm run moderator`, SQL by hand) signals; sent only at commit, and identical
-- notifications in one transaction are sent once.

create function notify_app_sessions() returns trigger
language plpgsql as $$
begin
  if tg_table_name = 'users' then
    perform pg_notify('app_sessions', (case when tg_op = 'DELETE' then old.id else new.id end)::text);
  else
    perform pg_notify('app_sessions', (case when tg_op = 'DELETE' then old.user_id else new.user_id end)::text);
  end if;
  return null;
end;
$$;

-- Sign-out, refresh-token reuse, rejection: revoked_at set on a live session. Sign-in and
-- rotation (insert, replaced_at) stay silent.
create trigger sessions_notify_revoked after update of revoked_at on sessions
  for each row when (old.revoked_at is null and new.revoked_at is not null)
  execute function notify_app_sessions();
create trigger sessions_notify_deleted after delete on sessions
  for each row when (old.revoked_at is null)
  execute function notify_app_sessions();
-- Approval, rejection, promotion: what resolveCaller reads of the account. Profile edits stay silent.
create trigger users_notify_standing after update of status, role, email on users
  for each row when (old.status is distinct from new.status or old.role is distinct from new.role or old.email is distinct from new.email)
  execute function notify_app_sessions();
create trigger users_notify_deleted after delete on users
  for each row execute function notify_app_sessions();
