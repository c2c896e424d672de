-- A queue a moderator clears in minutes (docs/product-rules.md, "Moderation"):
--  - the log in the order it was written (`position`), a per-report view of it, and `undo` entries
--    (a moderator taking back a hide before the next publication batch);
--  - what a hide took the report from, and when, so Undo puts it back (hidden_from, hidden_at);
--  - what an author's correction replaced while the report waited for review (edited_from: the
--    story, effects and outcomes before it, and the reasons it was held for), so moderators see
--    the original reason and a diff. Cleared by the next decision.
-- Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.
alter table moderation_log add column position bigserial;
create index moderation_log_position_idx on moderation_log (position desc);
create index moderation_log_report_idx on moderation_log (experience_id, position desc);

alter table moderation_log drop constraint if exists moderation_log_action_check;
alter table moderation_log add constraint moderation_log_action_check check (action in ('hold', 'publish', 'hide', 'restore', 'undo'));

alter table experiences
  add column hidden_from text check (hidden_from is null or hidden_from in ('published', 'held')),
  add column hidden_at timestamptz,
  add column edited_from jsonb;
