-- Demographics only in aggregate (docs/product-rules.md, "Anonymity"; services/reporter-shares.ts).
-- No report shows its age range, biological sex or activity level any more: the combinations shown
-- per peptide (disclosed_cells) and the research export's noisy counts per peptide, age range and
-- sex (research_breakdown) go. Each peptide shows instead the shares of its settled reports by each
-- of the three questions on its own, recomputed at publication batches only, and only once at
-- least 5 of its settled reports changed since the last time. demographic_cells (migration 008)
-- stays: the settled counts are read from it.
-- Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.

drop table if exists disclosed_cells;
drop table if exists research_breakdown;

-- The settled reports per combination when a peptide's shares were last computed. Never served:
-- a batch compares it with the settled counts now and recomputes a peptide only where they differ
-- by at least 5 reports (SHARES_RECOMPUTE_CHANGES in contract/rules.ts).
create table reporter_basis (
  peptide_id uuid not null,
  age_range text not null,
  biological_sex text not null,
  activity_level text not null,
  n integer not null check (n > 0),
  primary key (peptide_id, age_range, biological_sex, activity_level)
);

-- What a peptide's page and the research export show: how many settled reports, the UTC day they
-- were computed, and the shares in percent ({"ageRange": {"18-24": 15, ...}, "biologicalSex":
-- {...}, "activityLevel": {...}}), null below 20 reports (SHARES_MIN_REPORTS).
create table reporter_shares (
  peptide_id uuid primary key,
  reports integer not null check (reports >= 0),
  computed_on date not null,
  shares jsonb
);

-- It changes what public reads answer: every process empties its caches (002_scale.sql).
create trigger reporter_shares_notify_cache after insert or update or delete on reporter_shares
  for each statement execute function notify_app_cache();
