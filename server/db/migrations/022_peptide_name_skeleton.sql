-- Peptide names are unique by how they look too (docs/product-rules.md, "Moderation"): besides the
-- key of 004_peptide_name_key.sql, the Unicode TR39 skeleton of the name in capitals with every
-- dash one dash (server/services/text-rules.ts skeleton), so "ВРС-157" (Cyrillic), "BPC‐157",
-- "BPC–157" and "BPC-l57" cannot sit beside "BPC-157". SQL cannot compute the skeleton: new names
-- get it from the application, existing ones when the server starts (server/services/peptides.ts
-- backfillNameSkeletons). Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.
alter table peptides add column name_skeleton text;
create unique index peptides_name_skeleton_live on peptides (name_skeleton) where deleted_at is null and name_skeleton is not null;
