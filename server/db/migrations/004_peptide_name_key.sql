-- Peptide names are unique by their key (contract/names.ts `peptideNameKey`): NFKC, invisible
-- format characters removed, whitespace runs collapsed to one space, trimmed, lower case. New
-- rows get the key from the application; here existing rows get the same key computed in SQL
-- (the invisible characters listed are the format characters a name can plausibly hold; the
-- only known difference from the JS key is the Turkish dotted capital I).

-- Replaced by the index on the key below (dropped first: cleaning names may make two equal).
drop index if exists peptides_name_live_key;

-- Stored names lose their invisible characters too and are composed (NFC), as new ones are.
update peptides
   set name = coalesce(nullif(btrim(regexp_replace(normalize(
         regexp_replace(name, '[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]', '', 'g'),
         NFC), '\s+', ' ', 'g')), ''), name);

alter table peptides add column name_key text;
update peptides
   set name_key = lower(btrim(regexp_replace(normalize(
         regexp_replace(name, '[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]', '', 'g'),
         NFKC), '\s+', ' ', 'g')));

-- Live names that only now count as the same (say "BPC-157" and "BPC\u200b-157") all stay:
-- every one after the first gets its id in its key, so the index below can be built, and a
-- moderator can delete the duplicate. New duplicates are refused.
update peptides p
   set name_key = p.name_key || ' #' || p.id::text
 where p.deleted_at is null
   and exists (select 1 from peptides q
                where q.deleted_at is null and q.name_key = p.name_key
                  and (q.created_at, q.id) < (p.created_at, p.id));

alter table peptides alter column name_key set not null;
create unique index peptides_name_key_live on peptides (name_key) where deleted_at is null;
