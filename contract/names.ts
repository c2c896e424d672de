// When two peptide names are the same name: one key, used by the server to keep names unique
// (server/services/peptides.ts, server/db/migrations/004_peptide_name_key.sql) and available to
// the SPA for the same comparison.

/** Invisible format characters (Unicode category Cf): zero-width spaces and joiners, bidi controls, soft hyphen, BOM... */
const INVISIBLE = /\p{Cf}/gu;

/**
 * A peptide name as stored: invisible format characters removed, runs of whitespace made one
 * space, trimmed, composed (NFC). What was typed otherwise stays as typed (letter case, width).
 */
export function cleanPeptideName(name: string): string {
  return name.replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim().normalize('NFC');
}

/**
 * The key two names must not share: NFKC (fullwidth "ＢＰＣ" is "BPC", the "ﬁ" ligature is
 * "fi"), invisible format characters removed, whitespace runs collapsed to one space and
 * trimmed, lower case. "BPC-157", "bpc-157", "BPC\u200b-157", " BPC-157 " and "ＢＰＣ-157" share
 * a key; "BPC - 157" does not (spaces inside a name are kept, only collapsed).
 */
export function peptideNameKey(name: string): string {
  return name
    .replace(INVISIBLE, '')
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .toLowerCase();
}
