// contract/safe-text.ts on its own (the server's body parser, server/lib/json-body.ts, is a
// second net): the schemas refuse reserved names and broken text with a message naming the field,
// and what they let through is already clean (cleaning twice changes nothing).
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatIssues,
  Line,
  Name,
  Outcomes,
  Prose,
  TextList,
  UpdateExperienceRequest,
  cleanLine,
  isReservedName,
} from './index';

const message = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } },
  value: unknown,
) => {
  const r = schema.safeParse(value);
  return r.success ? 'accepted' : formatIssues(r.error!.issues as Parameters<typeof formatIssues>[0]);
};

describe('safe text in the contract', () => {
  it('an outcome named __proto__ is refused, not silently dropped (JSON.parse makes it an own key)', () => {
    expect(message(Outcomes, JSON.parse('{"__proto__": 5, "energy": 6}'))).toBe(
      'body: a name cannot be __proto__, constructor or prototype',
    );
    expect(message(UpdateExperienceRequest, JSON.parse('{"outcomes": {"__proto__": 5}}'))).toBe(
      'outcomes: a name cannot be __proto__, constructor or prototype',
    );
    expect(message(UpdateExperienceRequest, { outcomes: { ' CONSTRUCTOR': 5 } })).toBe(
      'outcomes: a name cannot be __proto__, constructor or prototype',
    );
    expect(message(UpdateExperienceRequest, { outcomes: { 'energy\ud800': 5 } })).toBe(
      'outcomes: a name contains characters that are not allowed (control characters or broken unicode)',
    );
    expect(message(UpdateExperienceRequest, { effects: ['fine', 'prototype'] })).toBe(
      'effects.1: a name cannot be __proto__, constructor or prototype',
    );
  });

  it('names: invisible characters removed, NFC, trimmed; lines refuse tabs, prose keeps them', () => {
    expect(Name(60).parse(' Sle\u200bep\u202e ')).toBe('Sleep');
    expect(Name(60).parse('Cafe\u0301')).toBe('Café');
    expect(TextList(5).parse(['\u200b', ' Calm ', 'Focus\ufeff'])).toEqual(['Calm', 'Focus']);
    expect(Line(60).safeParse('250\tmcg').success).toBe(false);
    expect(Prose(100).parse('one\r\ntwo\tthree\rfour')).toBe('one\ntwo\tthree\nfour');
    expect(Prose(100).safeParse('bell\u0007').success).toBe(false);
    expect(Prose(100).safeParse('\ud83d\ude00 fine').success).toBe(true);
  });

  it('cleaning is idempotent and a cleaned, non-reserved name passes as it is', () => {
    const unit = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 3 }),
      fc.constantFrom('\u200b', '\u202e', '\u0301', 'e', ' ', '\u00ad', 'constructor'),
    );
    fc.assert(
      fc.property(
        fc.array(unit, { maxLength: 8 }).map((parts) => parts.join('')),
        (s) => {
          const once = cleanLine(s);
          expect(cleanLine(once)).toBe(once);
          expect(once.normalize('NFC')).toBe(once);
          // oxlint-disable-next-line no-control-regex -- control characters are what Name refuses
          if (once && !isReservedName(once) && once.length <= 60 && !/[\u0000-\u001f\u007f-\u009f]/.test(once))
            expect(Name(60).parse(s)).toBe(once);
        },
      ),
      { numRuns: 500 },
    );
  });
});
