// Pure helpers of the analytics and research services: CSV escaping and period buckets.
import { describe, expect, it } from 'vitest';
import { bucketStarts } from './analytics';
import { toCsv } from './research';

const row = {
  id: '11111111-1111-4111-8111-111111111111',
  peptide: 'BPC-157',
  category: 'Healing & Recovery',
  month: '2024-05',
  dosage: '250 mcg',
  dose: { amount: 250, unit: 'mcg' as const, strength: null, mcg: 250 },
  frequency: 'daily',
  durationDays: 30,
  route: 'oral',
  primaryPurpose: ['Recovery', 'Injury Healing'],
  timeline: '1-week',
  rating: 7.5,
  outcomes: { energy: 7, sleep: 8 },
  sideEffects: [{ name: 'Headache', severity: 'mild' as const }],
  effects: [] as string[],
  ageRange: null as string | null,
  biologicalSex: 'male',
  activityLevel: 'active',
};

describe('toCsv', () => {
  it('writes a header and one quoted line per row, CRLF-terminated; lists as JSON arrays', () => {
    const csv = toCsv('reports', [row], false);
    expect(csv.endsWith('\r\n')).toBe(true);
    const [header, line, end] = csv.split('\r\n');
    expect(header).toBe(
      'id,peptide,category,month,dosage,doseAmount,doseUnit,doseStrengthAmount,doseStrengthUnit,doseMcg,frequency,durationDays,route,primaryPurpose,timeline,rating,effects,ageRange,biologicalSex,activityLevel',
    );
    expect(line).toBe(
      '"11111111-1111-4111-8111-111111111111","BPC-157","Healing & Recovery","2024-05","250 mcg","250","mcg","","","250","daily","30","oral","[""Recovery"",""Injury Healing""]","1-week","7.5","[]","","male","active"',
    );
    expect(end).toBe('');
    expect(toCsv('reports', [], false)).toBe(`${header}\r\n`);
  });

  it('outcomes go in a long table of their own, one rating per line; a byte-order mark on request', () => {
    expect(toCsv('outcomes', [row], true)).toBe(
      '\uFEFFid,outcome,rating\r\n"11111111-1111-4111-8111-111111111111","energy","7"\r\n"11111111-1111-4111-8111-111111111111","sleep","8"\r\n',
    );
  });

  it('side effects go in a long table of their own, one per line with its severity', () => {
    expect(toCsv('sideEffects', [row], false)).toBe(
      'id,sideEffect,severity\r\n"11111111-1111-4111-8111-111111111111","Headache","mild"\r\n',
    );
  });

  it('doubles quotes and keeps commas and newlines inside the quoted cell', () => {
    const line = toCsv('reports', [{ ...row, dosage: 'a "big", odd\ndose' }], false).split('\r\n')[1];
    expect(line).toContain('"a ""big"", odd\ndose"');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('neutralises a formula-looking cell %j', (value) => {
    const line = toCsv('reports', [{ ...row, dosage: value }], false).split('\r\n')[1];
    expect(line.split('","')[4]).toBe(`'${value}`);
  });
});

describe('bucketStarts', () => {
  it('months: the first day of the last n months, oldest first, across a year boundary', () => {
    expect(bucketStarts('month', 3, new Date('2024-02-15T23:59:00Z'))).toEqual([
      '2023-12-01',
      '2024-01-01',
      '2024-02-01',
    ]);
    const twelve = bucketStarts('month', 12, new Date('2024-05-31T10:00:00Z'));
    expect(twelve).toHaveLength(12);
    expect(twelve[0]).toBe('2023-06-01');
    expect(twelve[11]).toBe('2024-05-01');
  });

  it('weeks: Mondays 7 days apart, ending with the current ISO week', () => {
    // 2024-05-12 is a Sunday: its ISO week starts on Monday 2024-05-06.
    expect(bucketStarts('week', 3, new Date('2024-05-12T20:00:00Z'))).toEqual([
      '2024-04-22',
      '2024-04-29',
      '2024-05-06',
    ]);
    expect(bucketStarts('week', 1, new Date('2024-05-13T00:00:00Z'))).toEqual(['2024-05-13']);
    for (const d of bucketStarts('week', 12, new Date('2025-01-02T00:00:00Z')))
      expect(new Date(`${d}T00:00:00Z`).getUTCDay()).toBe(1);
  });
});
