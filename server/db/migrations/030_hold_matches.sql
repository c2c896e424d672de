-- What the hold rules matched in a report, kept with it (docs/product-rules.md, "Moderation";
-- issue 47). The rules read a report's texts once, when it is written or corrected
-- (server/services/publication.ts ownHolds), and the moderators' queue shows what they kept: it
-- read every card's texts again on every view before, 50 long cards about 5 s, and a public
-- request waited behind it. A report held as a repeat keeps the published report it repeats
-- (`repeat_of`, set by the batch that held it) for the same reason: the queue compared each
-- such card's story with up to 20 others on every view.
--
-- Reports written before this read `[]` (nothing matched: they were published as they were
-- read then). Those a moderator can still see as held or hidden, or that the rules ever held,
-- are marked for reading again: the server reads them once when it starts
-- (server/services/hold-backfill.ts), through the partial index below, which is then empty.
-- Every statement may run twice. Only SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.
alter table experiences add column if not exists hold_matches jsonb default '[]'::jsonb;
alter table experiences add column if not exists repeat_of uuid;
create index if not exists experiences_hold_matches_unread on experiences (id) where hold_matches is null;

update experiences set hold_matches = null
 where status <> 'published'
    or id in (select experience_id from moderation_log where action = 'hold');

-- Bidi controls are removed from every published text now (contract/safe-text.ts): a
-- right-to-left override made a card show "peptideshop.com" while the rules read it reversed.
-- What was stored with them loses them here (the override's text then shows in the order it was
-- written); new text is written in the order it showed.
update experiences
   set story = regexp_replace(story, '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g'),
       search_text = regexp_replace(search_text, '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g')
 where story ~ '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]';

update peptides
   set description = regexp_replace(description, '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g'),
       detailed_description = regexp_replace(detailed_description, '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g'),
       mechanism = regexp_replace(mechanism, '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g')
 where description ~ '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]'
    or detailed_description ~ '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]'
    or mechanism ~ '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]';

update publication_queue
   set payload = jsonb_set(payload, '{story}', to_jsonb(regexp_replace(payload ->> 'story', '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g')))
 where payload ? 'story' and payload ->> 'story' ~ '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]';
