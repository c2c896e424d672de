// Sources on peptide reference pages (docs/product-rules.md, "Reference pages"): a member's page
// needs 1 to 10, each a web address (http or https, no user name or password, a host with a dot)
// or a citation without a link, email or phone number; a refusal is a 400 naming `sources`, with
// the field as the issue's path; the seeded catalogue carries its PubMed search (and Wikipedia
// article), the same in a new seed and in migration 026 for a database seeded before.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody, PeptideListResponse, PeptideResponse, SOURCES_MESSAGE } from '../../contract';
import { catalogueSources } from '../../server/db/seed/sources';
import { PEPTIDES } from '../../server/db/seed/catalogue';
import { createTestApp, json, type TestApp } from './helpers';
import { expectError, newMember, rows, uniqueWord, validPeptide } from './fixtures';

const MIGRATION = fs.readFileSync(
  path.join(import.meta.dirname, '../../server/db/migrations/026_peptide_sources.sql'),
  'utf8',
);

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await newMember(t, 'sources')).headers;
});
afterAll(() => t.close());

const create = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/peptides', headers, payload: payload as Record<string, unknown> });
const createRaw = (text: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/peptides',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: text,
  });

/** A 400 whose sentence starts with `sources` and whose issue points at the field. */
function expectSourcesRefused(res: Awaited<ReturnType<typeof create>>, pattern: string | RegExp): string {
  const error = expectError(res, 400, pattern);
  expect(error).toMatch(/^sources/);
  const body = ApiErrorBody.parse(json(res));
  expect(body.issues?.[0]?.path[0]).toBe('sources');
  return error;
}

describe('sources on a new peptide page', () => {
  it('refuses a page without sources, with a sentence naming the field', async () => {
    const missing = validPeptide();
    delete (missing as Record<string, unknown>).sources;
    expect(expectSourcesRefused(await create(missing), SOURCES_MESSAGE.missing)).toBe(SOURCES_MESSAGE.missing);
    expectSourcesRefused(await create(validPeptide({ sources: [] })), SOURCES_MESSAGE.missing);
    expectSourcesRefused(await create(validPeptide({ sources: ['  ', ''] })), SOURCES_MESSAGE.missing);
    expectSourcesRefused(
      await create(validPeptide({ sources: 'https://pubmed.ncbi.nlm.nih.gov/' })),
      SOURCES_MESSAGE.missing,
    );
  });

  it.each([
    ['javascript:alert(1)', SOURCES_MESSAGE.notWeb],
    ['JavaScript:alert(document.cookie)//https://x.org', SOURCES_MESSAGE.notWeb],
    ['data:text/html,<script>alert(1)</script>', SOURCES_MESSAGE.notWeb],
    ['ftp://files.example.org/paper.pdf', SOURCES_MESSAGE.notWeb],
    ['https://user:secret@pubmed.ncbi.nlm.nih.gov/1', SOURCES_MESSAGE.credentials],
    ['https://user@example.org/paper', SOURCES_MESSAGE.credentials],
    ['http://localhost/paper', SOURCES_MESSAGE.host],
    ['https://intranet/paper', SOURCES_MESSAGE.host],
    ['https://[::1]/paper', SOURCES_MESSAGE.ipHost],
    ['https://', SOURCES_MESSAGE.notWeb],
    // Raw IP hosts, in every form the URL parser reads as 192.168.1.1.
    ['http://192.168.1.1/paper', SOURCES_MESSAGE.ipHost],
    ['http://3232235777/', SOURCES_MESSAGE.ipHost],
    ['http://0xC0A80101/paper', SOURCES_MESSAGE.ipHost],
    ['http://0300.0250.0001.0001/', SOURCES_MESSAGE.ipHost],
    ['http://127.1/', SOURCES_MESSAGE.ipHost],
    ['https://[2001:db8::1]/paper', SOURCES_MESSAGE.ipHost],
    // A messenger or profile link is a way to reach someone.
    ['https://t.me/peptidevendor', SOURCES_MESSAGE.messenger],
    ['https://wa.me/447700900123', SOURCES_MESSAGE.messenger],
    ['https://www.instagram.com/peptidevendor/', SOURCES_MESSAGE.messenger],
    ['https://chat.whatsapp.com/AbCdEf', SOURCES_MESSAGE.messenger],
    // Look-alike hosts: one Cyrillic letter in a Latin name, a whole name in Cyrillic letters that read as Latin.
    ['https://pubm\u0435d.ncbi.nlm.nih.gov/29998800/', SOURCES_MESSAGE.lookalike],
    ['https://xn--pubmd-2we.ncbi.nlm.nih.gov/', SOURCES_MESSAGE.lookalike],
    ['https://\u0430\u0440\u0440\u04cf\u0435.com/paper', SOURCES_MESSAGE.lookalike],
    ['https://www.\u03bf\u0440\u0435n.org/paper', SOURCES_MESSAGE.lookalike],
  ])('refuses the web address %j', async (source, message) => {
    expectSourcesRefused(
      await create(validPeptide({ sources: ['Good A (2020), J Good 1:2', source] })),
      `sources: source 2 ${message}`,
    );
  });

  it.each([
    ['a link', 'Smith J (2020), see shop.example.com for more', SOURCES_MESSAGE.citationLink],
    ['a spelled-out link', 'Smith J (2020), buy at peptides dot com', SOURCES_MESSAGE.citationLink],
    ['an email', 'Write to seller@protonmail.com for the paper', SOURCES_MESSAGE.citationEmail],
    ['a phone number', 'Call +1 415 555 2671 for the study', SOURCES_MESSAGE.citationPhone],
    ['a phone number beside a PMID', 'PMID: 29998800, or call 06 12 34 56 78', SOURCES_MESSAGE.citationPhone],
    ['an ideographic full stop', 'Smith J (2020), see peptideshop\u3002com', SOURCES_MESSAGE.citationLink],
    [
      'a messenger handle',
      'Smith J (2020), ask @peptidevendor on Telegram for the paper',
      SOURCES_MESSAGE.citationHandle,
    ],
    [
      'Arabic-Indic digits',
      'Smith J (2020), call \u0665\u0665\u0665 \u0661\u0662\u0663 \u0664\u0665\u0666\u0667',
      SOURCES_MESSAGE.citationPhone,
    ],
  ])('refuses a citation with %s', async (_kind, source, message) => {
    expectSourcesRefused(await create(validPeptide({ sources: [source] })), `sources: source 1 ${message}`);
  });

  it('takes citations as they are written: page ranges, years, PMIDs and DOIs are not phone numbers', async () => {
    const citations = [
      'Leffler DA et al. (2015), Gastroenterology 148(7):1311-1319. doi: 10.1053/j.gastro.2015.02.008',
      'Sikiric P et al. (2018), Curr Pharm Des 24(18):1972-1989',
      'Smith J, Jones K. Peptide reviews 2015-2019. J Pept Sci. 2020;26(4):e3245.',
      'Chang CH et al. J Appl Physiol (1985). 2011;110(3):774-780. PMID: 21030672',
      'Wang X, pp. 1201-1215, Springer, 2019',
      'Khavinson VK (2002) Neuro Endocrinol Lett 23 Suppl 3:11-144',
      'Ruff R et al. Annual Review, vol. 12, no. 3, 2004, pp. 345\u2013367',
      'Seiwerth S et al. (2021), Front Pharmacol 12:627533. PMCID: PMC8267116. doi: 10.3389/fphar.2021.627533',
    ];
    const res = await create(validPeptide({ sources: citations }));
    expect(res.statusCode, res.body).toBe(201);
    expect(PeptideResponse.parse(json(res)).data.peptide.sources).toEqual(citations);
    for (const number of [
      'Contact: 4155552671',
      'Smith (2019) J 1:2, or call (415) 555-2671',
      'ring 415-555-2671 for a copy',
    ]) {
      expectSourcesRefused(
        await create(validPeptide({ sources: [number] })),
        `sources: source 1 ${SOURCES_MESSAGE.citationPhone}`,
      );
    }
  });

  it('takes names written in one alphabet that read as themselves (an IDN is a name, not an imitation)', async () => {
    const sources = [
      'https://m\u00fcnchen.de/studie',
      'https://\u043f\u0435\u043f\u0442\u0438\u0434\u044b.\u0440\u0444/article',
      'https://\u65e5\u672c\u8a9e.jp/\u8ad6\u6587',
    ];
    const res = await create(validPeptide({ sources }));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses 11 sources and a source over 300 characters; counts after blanks and repeats are dropped', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `Author ${i} (2020), J Test ${i}:1`);
    expectSourcesRefused(await create(validPeptide({ sources: eleven })), SOURCES_MESSAGE.tooMany);
    expectSourcesRefused(
      await create(validPeptide({ sources: ['x'.repeat(301)] })),
      `sources: source 1 ${SOURCES_MESSAGE.tooLong}`,
    );
    const ten = [...eleven.slice(0, 10), eleven[0], ' '];
    const res = await create(validPeptide({ sources: ten }));
    expect(res.statusCode, res.body).toBe(201);
    expect(PeptideResponse.parse(json(res)).data.peptide.sources).toEqual(eleven.slice(0, 10));
  });

  it('stores, answers and lists the sources of a good page, cleaned', async () => {
    const name = uniqueWord('Sourced');
    const sources = [
      'https://pubmed.ncbi.nlm.nih.gov/29998800/',
      '  Sikiric P et al. (2018), Curr Pharm Des 24:1972  ',
      'PMID:29998800',
      'http://www.example.org/review?id=4',
      'Review: peptides in\u200B tendon repair (2019)',
      'Seiwerth S et al. (2021), Front Pharmacol 12:627533. PMCID: PMC8267116. doi: 10.3389/fphar.2021.627533',
    ];
    const res = await create(validPeptide({ name, sources }));
    expect(res.statusCode, res.body).toBe(201);
    const expected = [
      'https://pubmed.ncbi.nlm.nih.gov/29998800/',
      'Sikiric P et al. (2018), Curr Pharm Des 24:1972',
      'PMID:29998800',
      'http://www.example.org/review?id=4',
      'Review: peptides in tendon repair (2019)',
      'Seiwerth S et al. (2021), Front Pharmacol 12:627533. PMCID: PMC8267116. doi: 10.3389/fphar.2021.627533',
    ];
    const created = PeptideResponse.parse(json(res)).data.peptide;
    expect(created.sources).toEqual(expected);
    const read = PeptideResponse.parse(json(await t.app.inject({ method: 'GET', url: `/api/peptides/${created._id}` })))
      .data.peptide;
    expect(read.sources).toEqual(expected);
    const listed = PeptideListResponse.parse(
      json(await t.app.inject({ method: 'GET', url: `/api/peptides?search=${name}` })),
    ).data.peptides;
    expect(listed.map((p) => p.sources)).toEqual([expected]);
  });

  it('answers hostile sources with a 4xx, never a 5xx', async () => {
    const good = JSON.stringify(validPeptide());
    const withSources = (raw: string) => good.replace(/"sources":\[[^\]]*\]/, `"sources":${raw}`);
    const cases = [
      withSources('["__proto__"]'),
      withSources('["constructor"]'),
      withSources('{"__proto__":["https://x.org"]}'),
      withSources('["\\ud800 lone"]'),
      withSources('["\\udfff"]'),
      withSources('["a\\u0000b"]'),
      withSources(`["${'x'.repeat(60_000)}"]`),
      withSources(`[${Array.from({ length: 2000 }, () => '"https://x.org/a"').join(',')}]`),
      withSources('[null]'),
      withSources('[["nested"]]'),
      withSources('[{"url":"https://x.org"}]'),
      withSources('[12]'),
      withSources('"https://x.org"'),
      withSources('null'),
      withSources(`["https://${'a'.repeat(300)}.org/"]`),
      withSources('["https://xn--.org/"]'),
      withSources('["http://%zz.org/"]'),
    ];
    for (const text of cases) {
      const res = await createRaw(text);
      expect(res.statusCode, `${text.slice(0, 200)} -> ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${text.slice(0, 200)} -> ${res.body}`).toBeLessThan(500);
    }
  });
});

describe('sources of the seeded catalogue', () => {
  it('every seeded peptide carries its PubMed search, and its Wikipedia article where there is one', async () => {
    const all = PeptideListResponse.parse(json(await t.app.inject({ method: 'GET', url: '/api/peptides?limit=100' })))
      .data.peptides;
    for (const seed of PEPTIDES) {
      const peptide = all.find((p) => p.name === seed.name);
      expect(peptide, seed.name).toBeDefined();
      expect(peptide!.sources, seed.name).toEqual(catalogueSources(seed.name));
      expect(peptide!.sources[0]).toBe(`https://pubmed.ncbi.nlm.nih.gov/?term=${encodeURIComponent(seed.name)}`);
      for (const source of peptide!.sources) expect(new URL(source).protocol).toBe('https:');
    }
  });

  it("migration 026 gives a catalogue seeded before it the same sources, runs twice, and leaves members' pages alone", async () => {
    const member = await newMember(t, 'oldpage');
    const name = uniqueWord('OldPage');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/peptides',
      headers: member.headers,
      payload: validPeptide({ name }),
    });
    expect(res.statusCode, res.body).toBe(201);
    // As a database migrated up to 025 stores them: no sources anywhere.
    await t.ctx.db.query(`update peptides set sources = '{}'`);
    await t.ctx.db.transaction((tx) => tx.exec(MIGRATION));
    await t.ctx.db.transaction((tx) => tx.exec(MIGRATION));
    const stored = await rows<{ name: string; sources: string[]; created_by: string | null }>(
      t,
      'select name, sources, created_by from peptides where deleted_at is null',
    );
    for (const seed of PEPTIDES)
      expect(stored.find((r) => r.name === seed.name)?.sources, seed.name).toEqual(catalogueSources(seed.name));
    expect(stored.find((r) => r.name === name)?.sources).toEqual([]);
    // The member's page keeps what it had (put back for the other tests).
    await t.ctx.db.query('update peptides set sources = $2 where name = $1', [name, validPeptide().sources]);
  });
});
