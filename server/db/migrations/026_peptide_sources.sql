-- Sources on peptide reference pages (docs/product-rules.md, "Reference pages"). Every statement
-- may run twice. Only SQL that PostgreSQL 15 and PGlite (PG 18) both accept.
--
-- A page carries where its text comes from: web addresses and citations, one an entry. A member
-- gives 1 to 10 when creating a page (contract/peptides.ts); pages created before keep none.
alter table peptides add column if not exists sources text[] not null default '{}';

-- The seeded catalogue (no creator, and one of the catalogue's names: a member's page whose author
-- deleted the account has no creator either) gets the sources a new seed writes: the PubMed search
-- for its name and, where one exists, its Wikipedia article. Generated once from
-- server/db/seed/sources.ts catalogueSources; tests/server/peptide-sources.test.ts keeps them equal.
update peptides p set sources = v.sources
  from (values
  ('BPC-157', array['https://pubmed.ncbi.nlm.nih.gov/?term=BPC-157', 'https://en.wikipedia.org/wiki/BPC-157']),
  ('TB-500', array['https://pubmed.ncbi.nlm.nih.gov/?term=TB-500', 'https://en.wikipedia.org/wiki/Thymosin_beta-4']),
  ('KPV', array['https://pubmed.ncbi.nlm.nih.gov/?term=KPV']),
  ('LL-37', array['https://pubmed.ncbi.nlm.nih.gov/?term=LL-37', 'https://en.wikipedia.org/wiki/Cathelicidin']),
  ('Thymosin Alpha-1', array['https://pubmed.ncbi.nlm.nih.gov/?term=Thymosin%20Alpha-1']),
  ('CJC-1295', array['https://pubmed.ncbi.nlm.nih.gov/?term=CJC-1295', 'https://en.wikipedia.org/wiki/CJC-1295']),
  ('Ipamorelin', array['https://pubmed.ncbi.nlm.nih.gov/?term=Ipamorelin', 'https://en.wikipedia.org/wiki/Ipamorelin']),
  ('Sermorelin', array['https://pubmed.ncbi.nlm.nih.gov/?term=Sermorelin', 'https://en.wikipedia.org/wiki/Sermorelin']),
  ('Tesamorelin', array['https://pubmed.ncbi.nlm.nih.gov/?term=Tesamorelin', 'https://en.wikipedia.org/wiki/Tesamorelin']),
  ('GHRP-2', array['https://pubmed.ncbi.nlm.nih.gov/?term=GHRP-2', 'https://en.wikipedia.org/wiki/Pralmorelin']),
  ('GHRP-6', array['https://pubmed.ncbi.nlm.nih.gov/?term=GHRP-6', 'https://en.wikipedia.org/wiki/GHRP-6']),
  ('Hexarelin', array['https://pubmed.ncbi.nlm.nih.gov/?term=Hexarelin', 'https://en.wikipedia.org/wiki/Hexarelin']),
  ('IGF-1 LR3', array['https://pubmed.ncbi.nlm.nih.gov/?term=IGF-1%20LR3']),
  ('Follistatin-344', array['https://pubmed.ncbi.nlm.nih.gov/?term=Follistatin-344']),
  ('PT-141', array['https://pubmed.ncbi.nlm.nih.gov/?term=PT-141', 'https://en.wikipedia.org/wiki/Bremelanotide']),
  ('Kisspeptin-10', array['https://pubmed.ncbi.nlm.nih.gov/?term=Kisspeptin-10']),
  ('GHK-Cu', array['https://pubmed.ncbi.nlm.nih.gov/?term=GHK-Cu', 'https://en.wikipedia.org/wiki/Copper_peptide_GHK-Cu']),
  ('Epitalon', array['https://pubmed.ncbi.nlm.nih.gov/?term=Epitalon', 'https://en.wikipedia.org/wiki/Epitalon']),
  ('Humanin', array['https://pubmed.ncbi.nlm.nih.gov/?term=Humanin', 'https://en.wikipedia.org/wiki/Humanin']),
  ('SS-31', array['https://pubmed.ncbi.nlm.nih.gov/?term=SS-31', 'https://en.wikipedia.org/wiki/Elamipretide']),
  ('Selank', array['https://pubmed.ncbi.nlm.nih.gov/?term=Selank', 'https://en.wikipedia.org/wiki/Selank']),
  ('Semax', array['https://pubmed.ncbi.nlm.nih.gov/?term=Semax', 'https://en.wikipedia.org/wiki/Semax']),
  ('Dihexa', array['https://pubmed.ncbi.nlm.nih.gov/?term=Dihexa', 'https://en.wikipedia.org/wiki/Dihexa']),
  ('P21', array['https://pubmed.ncbi.nlm.nih.gov/?term=P21']),
  ('Pinealon', array['https://pubmed.ncbi.nlm.nih.gov/?term=Pinealon']),
  ('Semaglutide', array['https://pubmed.ncbi.nlm.nih.gov/?term=Semaglutide', 'https://en.wikipedia.org/wiki/Semaglutide']),
  ('Tirzepatide', array['https://pubmed.ncbi.nlm.nih.gov/?term=Tirzepatide', 'https://en.wikipedia.org/wiki/Tirzepatide']),
  ('Liraglutide', array['https://pubmed.ncbi.nlm.nih.gov/?term=Liraglutide', 'https://en.wikipedia.org/wiki/Liraglutide']),
  ('AOD-9604', array['https://pubmed.ncbi.nlm.nih.gov/?term=AOD-9604']),
  ('MOTS-c', array['https://pubmed.ncbi.nlm.nih.gov/?term=MOTS-c'])
  ) as v (name, sources)
 where p.name = v.name and p.created_by is null and p.sources = '{}';
