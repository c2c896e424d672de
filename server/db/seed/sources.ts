// The seeded catalogue's sources (docs/product-rules.md, "Reference pages"). No citation is
// written by hand, so none can be invented: every peptide points to the PubMed search for its
// name, which always answers with the literature there is, and to its English Wikipedia article
// where one is known to exist (under the name Wikipedia uses: PT-141 is Bremelanotide). The same
// lists are literal SQL in migrations/026_peptide_sources.sql for databases seeded before;
// tests/server/peptide-sources.test.ts keeps the two equal.

/** English Wikipedia article titles, only for peptides whose article is known to exist. */
const WIKIPEDIA: Readonly<Record<string, string>> = {
  'BPC-157': 'BPC-157',
  'TB-500': 'Thymosin_beta-4',
  'LL-37': 'Cathelicidin',
  'CJC-1295': 'CJC-1295',
  Ipamorelin: 'Ipamorelin',
  Sermorelin: 'Sermorelin',
  Tesamorelin: 'Tesamorelin',
  'GHRP-2': 'Pralmorelin',
  'GHRP-6': 'GHRP-6',
  Hexarelin: 'Hexarelin',
  'PT-141': 'Bremelanotide',
  'GHK-Cu': 'Copper_peptide_GHK-Cu',
  Epitalon: 'Epitalon',
  Humanin: 'Humanin',
  'SS-31': 'Elamipretide',
  Selank: 'Selank',
  Semax: 'Semax',
  Dihexa: 'Dihexa',
  Semaglutide: 'Semaglutide',
  Tirzepatide: 'Tirzepatide',
  Liraglutide: 'Liraglutide',
};

/** The PubMed search for a peptide's name. */
export function pubmedSearch(name: string): string {
  return `https://pubmed.ncbi.nlm.nih.gov/?term=${encodeURIComponent(name)}`;
}

/** A seeded peptide's sources: its PubMed search, then its Wikipedia article when there is one. */
export function catalogueSources(name: string): string[] {
  const article = WIKIPEDIA[name];
  return article ? [pubmedSearch(name), `https://en.wikipedia.org/wiki/${article}`] : [pubmedSearch(name)];
}
