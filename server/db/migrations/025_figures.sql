-- Figures people can trust (docs/product-rules.md, "Figures"). Every statement may run twice.
--
-- 1. Age ranges that do not overlap (18-24, 25-29, ...; a 25-year-old used to fit two), and the
-- topical route (docs/product-rules.md, "Figures"). Stored reports move from each overlapping
-- range to the new range that starts at the same age: 18-25 -> 18-24, 25-30 -> 25-29,
-- 30-35 -> 30-34, 35-40 -> 35-39, 40-45 -> 40-44, 45-50 -> 45-49; 50+ stays. The mapping is one
-- to one, so every demographic cell keeps its reports and count, and no combination is shown
-- that was not shown before. The same mapping is contract/vocabulary.ts LEGACY_AGE_RANGES.
-- Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.
alter table experiences drop constraint if exists experiences_age_range_check;
alter table experiences drop constraint if exists experiences_route_check;

-- The demographic cell counters follow through their trigger (009_moderation.sql).
update experiences e set age_range = m.new_range
  from (values ('18-25', '18-24'), ('25-30', '25-29'), ('30-35', '30-34'), ('35-40', '35-39'), ('40-45', '40-44'), ('45-50', '45-49'))
       as m (old_range, new_range)
 where e.age_range = m.old_range;
-- The trigger leaves the old cells at 0: they go.
delete from demographic_cells where n <= 0 and age_range in ('18-25', '25-30', '30-35', '35-40', '40-45', '45-50');

-- The cells shown and the research breakdown, written at the last batch, read the same way until the next.
update disclosed_cells c set age_range = m.new_range
  from (values ('18-25', '18-24'), ('25-30', '25-29'), ('30-35', '30-34'), ('35-40', '35-39'), ('40-45', '40-44'), ('45-50', '45-49'))
       as m (old_range, new_range)
 where c.age_range = m.old_range;
update research_breakdown b set age_range = m.new_range
  from (values ('18-25', '18-24'), ('25-30', '25-29'), ('30-35', '30-34'), ('35-40', '35-39'), ('40-45', '40-44'), ('45-50', '45-49'))
       as m (old_range, new_range)
 where b.age_range = m.old_range;

-- Reports and edits waiting for their batch carry the row's columns as JSON.
update publication_queue q set payload = jsonb_set(q.payload, '{age_range}', to_jsonb(m.new_range))
  from (values ('18-25', '18-24'), ('25-30', '25-29'), ('30-35', '30-34'), ('35-40', '35-39'), ('40-45', '40-44'), ('45-50', '45-49'))
       as m (old_range, new_range)
 where q.payload ->> 'age_range' = m.old_range;

alter table experiences add constraint experiences_age_range_check
  check (age_range in ('18-24', '25-29', '30-34', '35-39', '40-44', '45-49', '50+'));
alter table experiences add constraint experiences_route_check
  check (route in ('subcutaneous', 'intramuscular', 'oral', 'nasal', 'topical'));

-- 2. Reference pages say who wrote them: a peptide page is reviewed when a moderator says so
-- (`reviewed_at`); until then a member's page reads "Community-submitted, not reviewed". The
-- seeded catalogue is the editors' and counts as reviewed from when it was seeded; a member's page
-- whose author deleted the account (created_by is then null) is not, so the catalogue is named.
alter table peptides add column if not exists reviewed_at timestamptz;
update peptides set reviewed_at = created_at
 where reviewed_at is null and created_by is null
   and name in ('BPC-157', 'TB-500', 'KPV', 'LL-37', 'Thymosin Alpha-1', 'CJC-1295', 'Ipamorelin', 'Sermorelin',
                'Tesamorelin', 'GHRP-2', 'GHRP-6', 'Hexarelin', 'IGF-1 LR3', 'Follistatin-344', 'PT-141', 'Kisspeptin-10',
                'GHK-Cu', 'Epitalon', 'Humanin', 'SS-31', 'Selank', 'Semax', 'Dihexa', 'P21', 'Pinealon', 'Semaglutide',
                'Tirzepatide', 'Liraglutide', 'AOD-9604', 'MOTS-c');
