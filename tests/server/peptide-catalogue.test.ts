// GET /api/peptides/catalogue: every live peptide in one answer, the same for everyone, which the
// report wizard searches on the device (docs/product-rules.md, "Anonymity"): nothing it asks for
// names what is typed or chosen. The device's search is the server's (contract/rules.ts
// peptideMatchesSearch, one rule), and the answer's size is measured here for docs/architecture.md.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PeptideCatalogueResponse,
  PeptideListResponse,
  peptideMatchesSearch,
  type CatalogueEntry,
} from '../../contract';
import { PEPTIDES } from '../../server/db/seed/catalogue';
import { insertPeptide } from '../../server/services/peptides';
import { bearer, createTestApp, json, submit, validSubmission, type TestApp } from './helpers';
import { createPeptide, moderatorToken, newMember, uniqueWord } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const catalogue = async (app: TestApp = t, headers: Record<string, string> = {}, url = '/api/peptides/catalogue') => {
  const res = await app.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return { res, peptides: PeptideCatalogueResponse.parse(json(res)).data.peptides };
};

const serverSearch = async (search: string) =>
  PeptideListResponse.parse(
    json(await t.app.inject({ method: 'GET', url: '/api/peptides', query: { search, sort: 'name', limit: '100' } })),
  ).data.peptides;

describe('the peptide catalogue', () => {
  it("lists every live peptide once, in the list's name order, with what the picker shows and the wizard rates", async () => {
    const member = await newMember(t, 'catalogue');
    const name = uniqueWord('Catalogued');
    const id = await createPeptide(t, member.accessToken, { name, commonEffects: ['Calm', 'Focus'] });
    await submit(t, validSubmission(id));
    const { peptides } = await catalogue();
    const listed = (await serverSearch('')).map((p) => p._id);
    expect(peptides.map((p) => p._id)).toEqual(listed);
    expect(new Set(peptides.map((p) => p._id)).size).toBe(peptides.length);
    expect(peptides.find((p) => p._id === id)).toEqual({
      _id: id,
      name,
      category: 'Healing & Recovery',
      description: 'A test peptide used by the server suite.',
      commonEffects: ['Calm', 'Focus'],
      // What the wizard offers as side effects to tick (the test peptide's list).
      sideEffects: ['Headache'],
      totalExperiences: 1,
      // No dosage ranges on its page and one report: nothing is known to be usual.
      usualDose: null,
    });
    // A deleted peptide leaves it at once.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/peptides/${id}`, headers: member.headers })).statusCode,
    ).toBe(200);
    expect((await catalogue()).peptides.map((p) => p._id)).not.toContain(id);
  });

  it("searched on the device with the shared rule, finds exactly what the server's search finds, in its order", async () => {
    const { peptides } = await catalogue();
    for (const q of ['bpc', 'BPC-157', 'PEPTIDE', 'growth hormone', 'a', 'tb', ' sel ', 'zzz-nothing']) {
      const onDevice = peptides.filter((p: CatalogueEntry) => peptideMatchesSearch(p, q)).map((p) => p._id);
      expect(onDevice, q).toEqual((await serverSearch(q.trim())).map((p) => p._id));
    }
  });

  it('is the same answer for everyone: no query or token changes it, and browsers revalidate it', async () => {
    const first = await catalogue();
    expect(first.res.headers['cache-control']).toBe('no-cache');
    expect(first.res.headers.etag).toBeDefined();
    const token = bearer(await moderatorToken(t));
    for (const [headers, url] of [
      [{}, '/api/peptides/catalogue?search=BPC-157'],
      [token, '/api/peptides/catalogue'],
    ] as const) {
      const again = await catalogue(t, headers, url);
      expect(again.res.body).toBe(first.res.body);
    }
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/api/peptides/catalogue',
      headers: { 'if-none-match': String(first.res.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('its size, with the seeded catalogue and with 2,000 peptides (docs/architecture.md)', async () => {
    const sizes = (body: string) => {
      const raw = Buffer.byteLength(body);
      const br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
      const gzip = zlib.gzipSync(body, { level: 6 }).length;
      return { raw, br, gzip };
    };
    const seeded = await createTestApp();
    try {
      const small = sizes((await catalogue(seeded)).res.body);
      // 2,000 peptides written like the seeded ones (their descriptions and effects), each named apart.
      await seeded.ctx.db.transaction(async (tx) => {
        for (let i = 0; seeded.peptides.size + i < 2000; i++) {
          const like = PEPTIDES[i % PEPTIDES.length];
          await insertPeptide(tx, { ...like, name: `${like.name} variant ${i + 1}` }, null);
        }
      });
      seeded.ctx.cache.invalidate();
      const { res, peptides } = await catalogue(seeded);
      expect(peptides).toHaveLength(2000);
      const large = sizes(res.body);
      console.log(
        `[catalogue] ${seeded.peptides.size} seeded peptides: ${small.raw} bytes, ${small.br} brotli, ${small.gzip} gzip; ` +
          `2,000 peptides: ${large.raw} bytes, ${large.br} brotli, ${large.gzip} gzip`,
      );
      // What docs/architecture.md says: about 0.1 MB compressed for 2,000 peptides.
      expect(large.br).toBeLessThan(150_000);
    } finally {
      await seeded.close();
    }
  }, 120_000);
});
