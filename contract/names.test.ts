// One key for "the same peptide name" (contract/names.ts).
import { describe, expect, it } from 'vitest';
import { cleanPeptideName, peptideNameKey } from './names';

describe('peptideNameKey', () => {
  it.each([
    'BPC-157',
    'bpc-157',
    'BPC\u200b-157',
    ' BPC-157 ',
    'ＢＰＣ-157',
    '\u202aBPC-157\u202c',
    'BPC\u00ad-157',
    '\u2060BPC-157\ufeff',
  ])('%j keys as "bpc-157"', (name) => expect(peptideNameKey(name)).toBe('bpc-157'));

  it('collapses whitespace inside a name without removing it', () => {
    expect(peptideNameKey('BPC  -\t157')).toBe('bpc - 157');
    expect(peptideNameKey('BPC - 157')).not.toBe(peptideNameKey('BPC-157'));
    expect(peptideNameKey('ﬁne\u3000Tune')).toBe('fine tune');
  });

  it('cleanPeptideName keeps case and width but drops invisible characters and composes', () => {
    expect(cleanPeptideName('\u200bＢＰＣ\u200d  Cafe\u0301 ')).toBe('ＢＰＣ Café');
  });
});
