-- A moderator's decision stands until something new happens (docs/product-rules.md,
-- "Moderation"): when a moderator publishes or restores a report, only concerning votes cast after
-- that moment count toward a new hold (flags are resolved by the decision already). The moment is
-- a moderator's action, not the author's: it dates nothing about who wrote the report.
-- Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.
alter table experiences add column decided_at timestamptz;
-- Concerning votes of a report by time, counted after a decision.
create index votes_concerning_idx on votes (experience_id, coalesce(updated_at, created_at)) where vote_type = 'concerning';
