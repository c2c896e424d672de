// The moderators' queue (services/moderation-queue.ts, docs/product-rules.md "Moderation"): what
// waits and how much, a filter by reason, one decision for several reports, Undo until the batch,
// and on each card what a decision needs: the matched text, the original of a repeat, what a
// correction replaced and the report's history in the order it happened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MAX } from '../../contract';
import { nextBatchAt } from '../../server/services/publication/grid';
import { runBatch } from '../../server/services/publication/queue';
import { expectError, moderatorToken, newMember, rows } from './fixtures';
import { bearer, createTestApp, json, PASSWORD, submit, updateTracked, validSubmission, type TestApp } from './helpers';

let t: TestApp;
let mod: Record<string, string>;
let peptideId: string;
beforeAll(async () => {
  // A publish waits for its batch, which applies whatever is due (no minimum group: batch-minimum.test.ts).
  t = await createTestApp({ PUBLISH_EVERY: '6h', BATCH_MIN_CHANGES: '1', FLAG_HOLD_THRESHOLD: '5' });
  mod = bearer(await moderatorToken(t));
  peptideId = t.peptides.get('BPC-157')!;
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, headers = mod) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload?: object, headers = mod) => t.app.inject({ method: 'POST', url, headers, payload });
const batch = () => runBatch(t.ctx, nextBatchAt(new Date(), t.config.publishEveryMs)!);
const summary = async () =>
  json(await get('/api/moderation/summary')).data as Record<
    'waiting' | 'held' | 'flagged' | 'hidden' | 'scheduled',
    number
  >;
const statusOf = async (id: string) =>
  (await rows<{ status: string }>(t, 'select status from experiences where id = $1', [id]))[0]?.status;
const story = (extra: string) => `${validSubmission('').story} ${extra}`;
async function itemOf(id: string) {
  const res = await get(`/api/moderation/queue?experienceId=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.items[0];
}
async function viewIds(query: string): Promise<string[]> {
  const res = await get(`/api/moderation/queue?limit=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.items.map((i: { experience: { _id: string } }) => i.experience._id);
}
/** New reports, each applied by a batch (held or published by the rules). */
async function reports(stories: string[]): Promise<string[]> {
  const ids = [];
  for (const s of stories) ids.push((await submit(t, validSubmission(peptideId, { story: story(s) }))).experience._id);
  await batch();
  return ids;
}
const feedHas = async (id: string) =>
  (
    json(await t.app.inject({ method: 'GET', url: `/api/experiences?peptideId=${peptideId}&limit=100` })).data
      .experiences as { _id: string }[]
  ).some((e) => e._id === id);

describe('what waits', () => {
  it('the summary counts held, flagged, scheduled and hidden reports; the waiting view narrows to one reason', async () => {
    const before = await summary();
    const linked = await reports([
      'Order at peptideshop.com today.',
      'Details at example.org/page.',
      'See www.vendor.net for more.',
    ]);
    const phoned = await reports(['Call me on +44 20 7946 0958 for details.', 'Text 555-123-4567 for a price.']);
    const [flagged] = await reports(['A quiet report about sleep that nobody should mind.']);
    const members = await Promise.all([0, 1].map((i) => newMember(t, `queue-flag-${i}`)));
    for (const m of members)
      expect((await post(`/api/experiences/${flagged}/flag`, { reason: 'spam' }, m.headers)).statusCode).toBe(201);

    const after = await summary();
    expect(after.held - before.held).toBe(5);
    expect(after.flagged - before.flagged).toBe(1);
    expect(after.waiting - before.waiting).toBe(6);
    expect(after.waiting).toBe(after.held + after.flagged);

    const byLink = await viewIds('reason=link');
    for (const id of linked) expect(byLink).toContain(id);
    for (const id of [...phoned, flagged]) expect(byLink).not.toContain(id);
    const byPhone = await viewIds('reason=phone');
    expect(phoned.every((id) => byPhone.includes(id))).toBe(true);
    expect(byPhone.some((id) => linked.includes(id))).toBe(false);
    expect(await viewIds('reason=open-flags')).toEqual([flagged]);
    const all = await viewIds('reason=all');
    for (const id of [...linked, ...phoned, flagged]) expect(all).toContain(id);
    expectError(await get('/api/moderation/queue?reason=__proto__'), 400, /reason/);
  }, 120_000);
});

describe('a card', () => {
  it('shows the text a hold rule matched, as a reader sees it', async () => {
    const [id] = await reports(['Buy at **peptideshop**.com or mail seller@**gmail**.com.']);
    const item = await itemOf(id);
    expect(item.holdReasons).toEqual(expect.arrayContaining(['link', 'email']));
    expect(item.matches).toEqual(
      expect.arrayContaining([
        { kind: 'link', text: 'peptideshop.com' },
        { kind: 'email', text: 'seller@gmail.com' },
      ]),
    );
    const [plain] = await reports(['Nothing in this one but the shoulder.']);
    expect((await itemOf(plain)).matches).toEqual([]);
  });

  it('links a repeat to the published report it repeats', async () => {
    const original = story('The first time I wrote this one down, in full.');
    const first = (await submit(t, validSubmission(peptideId, { story: original }))).experience._id;
    await batch();
    // One invisible character and a look-alike letter later: the same story.
    const again = (
      await submit(
        t,
        validSubmission(peptideId, { story: original.replace('first', 'fir\u200Bst').replace('o', '\u043E') }),
      )
    ).experience._id;
    await batch();
    const item = await itemOf(again);
    expect(item.holdReasons).toContain('repeated');
    expect(item.repeatOf).toEqual({ id: first, excerpt: expect.stringMatching(/^I used this for a shoulder injury/) });
    expect(item.repeatOf.excerpt.length).toBeLessThanOrEqual(160);
  });

  it('after a correction, keeps the reason it was held for and what the correction replaced', async () => {
    const original = story('Order at peptideshop.com today.');
    const sent = await submit(t, validSubmission(peptideId, { story: original, effects: ['Less joint pain'] }));
    await batch();
    expect((await itemOf(sent.experience._id)).editedFrom).toBeNull();
    const corrected = story('Ask me by phone, +44 20 7946 0958.');
    expect(
      (await updateTracked(t.app, sent.trackingId, { story: corrected, effects: ['Better sleep'] })).statusCode,
    ).toBe(200);
    await batch();
    const item = await itemOf(sent.experience._id);
    expect(item.holdReasons).toEqual(['corrected', 'phone']);
    expect(item.editedFrom).toMatchObject({ story: original, effects: ['Less joint pain'], holdReasons: ['link'] });
    expect(item.experience.story).toBe(corrected);
    // A second correction still compares with the version the moderator has not seen decided.
    expect(
      (await updateTracked(t.app, sent.trackingId, { story: story('No contact details at all now.') })).statusCode,
    ).toBe(200);
    await batch();
    expect((await itemOf(sent.experience._id)).editedFrom).toMatchObject({ story: original, holdReasons: ['link'] });
    // A decision clears it.
    expect((await post(`/api/moderation/experiences/${sent.experience._id}/publish`)).statusCode).toBe(200);
    await batch();
    expect(await statusOf(sent.experience._id)).toBe('published');
    expect((await itemOf(sent.experience._id)).editedFrom).toBeNull();
  });

  it('after a correction, keeps the side effects it replaced; one kept before side effects were reads as not recorded', async () => {
    const original = story('Order at peptideshop.com today.');
    const sent = await submit(
      t,
      validSubmission(peptideId, {
        story: original,
        sideEffects: [{ name: 'Headache', severity: 'severe' }],
      }),
    );
    await batch();
    const corrected = [
      { name: 'Headache', severity: 'mild' },
      { name: 'Nausea', severity: 'moderate' },
    ];
    expect((await updateTracked(t.app, sent.trackingId, { sideEffects: corrected })).statusCode).toBe(200);
    await batch();
    const item = await itemOf(sent.experience._id);
    expect(item.holdReasons).toContain('corrected');
    expect(item.editedFrom.sideEffects).toEqual([{ name: 'Headache', severity: 'severe' }]);
    expect(item.experience.sideEffects).toEqual(corrected);
    // What a correction kept before side effects were has none: the queue still reads it, without them.
    await rows(t, `update experiences set edited_from = edited_from - 'sideEffects' where id = $1`, [
      sent.experience._id,
    ]);
    const older = await itemOf(sent.experience._id);
    expect(older.editedFrom).toMatchObject({ story: original, holdReasons: ['link'] });
    expect(older.editedFrom).not.toHaveProperty('sideEffects');
  });

  it("lists the report's history newest first in the order it happened, on the card and in the log by report", async () => {
    const [id] = await reports(['Order at peptideshop.com today.']);
    expect((await post(`/api/moderation/experiences/${id}/publish`)).statusCode).toBe(200);
    await batch();
    expect((await post(`/api/moderation/experiences/${id}/hide`, { reason: 'spam' })).statusCode).toBe(200);
    expect((await post(`/api/moderation/experiences/${id}/restore`)).statusCode).toBe(200);
    await batch();
    // All within one hour: the log's times are the same hour; its order is the order of writing.
    const expected = ['restore', 'hide', 'publish', 'hold'];
    expect((await itemOf(id)).history.map((e: { action: string }) => e.action)).toEqual(expected);
    const log = json(await get(`/api/moderation/log?experienceId=${id}`)).data;
    expect(log.entries.map((e: { action: string }) => e.action)).toEqual(expected);
    // Paged by position, two at a time, the same order and nothing twice.
    const first = json(await get(`/api/moderation/log?experienceId=${id}&limit=2`)).data;
    const second = json(
      await get(`/api/moderation/log?experienceId=${id}&limit=2&cursor=${encodeURIComponent(first.nextCursor)}`),
    ).data;
    expect([...first.entries, ...second.entries].map((e: { action: string }) => e.action)).toEqual(expected);
    expect(second.nextCursor).toBeNull();
  });
});

describe('one decision for several reports', () => {
  it('publishes those it can, each answered on its own, and they wait in the scheduled view until the batch', async () => {
    const held = await reports(['Order at shop-one.com.', 'Order at shop-two.com.', 'Order at shop-three.com.']);
    const [hidden] = await reports(['Order at shop-four.com.']);
    expect((await post(`/api/moderation/experiences/${hidden}/hide`, { reason: 'spam' })).statusCode).toBe(200);
    const unknown = '00000000-0000-4000-8000-0000000b0b0b';
    const before = await summary();
    const res = await post('/api/moderation/bulk', { ids: [...held, unknown, hidden], action: 'publish' });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = json(res).data;
    expect(results.filter((r: { ok: boolean }) => r.ok).map((r: { id: string }) => r.id)).toEqual(held);
    expect(results.find((r: { id: string }) => r.id === unknown)).toMatchObject({
      ok: false,
      error: 'Experience not found',
    });
    expect(results.find((r: { id: string }) => r.id === hidden)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Only a held report/),
    });
    // What was done and why the others were not, rather than "3 of 5 reports decided".
    expect(json(res).message).toBe(
      '3 of 5 reports approved: published at the next publication batch; 1 no longer exists, 1 had changed meanwhile (reload the queue to see it).',
    );
    const after = await summary();
    expect(after.waiting).toBe(before.waiting - 3);
    expect(after.scheduled).toBe(before.scheduled + 3);
    const scheduled = await viewIds('view=scheduled');
    expect(held.every((id) => scheduled.includes(id))).toBe(true);
    expect((await viewIds('view=waiting')).some((id) => held.includes(id))).toBe(false);
    for (const id of held) expect(await feedHas(id)).toBe(false);
    await batch();
    for (const id of held) expect(await feedHas(id)).toBe(true);
  });

  it('hides with one reason; refuses a hide without one, no ids, or more than BULK_MAX', async () => {
    const ids = await reports(['Order at bulk-one.com.', 'Order at bulk-two.com.']);
    const res = await post('/api/moderation/bulk', { ids, action: 'hide', reason: 'spam', note: 'Two shop links' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('2 reports hidden as spam or advertising.');
    const again = await post('/api/moderation/bulk', { ids, action: 'hide', reason: 'other' });
    expect(json(again).message).toBe(
      'None of the 2 reports could be hidden; 2 had changed meanwhile (reload the queue to see them).',
    );
    for (const id of ids) expect(await statusOf(id)).toBe('hidden');
    const [reason] = await rows<{ hidden_reason: string; hidden_note: string }>(
      t,
      'select hidden_reason, hidden_note from experiences where id = $1',
      [ids[0]],
    );
    expect(reason).toEqual({ hidden_reason: 'spam', hidden_note: 'Two shop links' });
    expectError(await post('/api/moderation/bulk', { ids, action: 'hide' }), 400, /reason is required/);
    expectError(await post('/api/moderation/bulk', { ids: [], action: 'publish' }), 400, /at least one/);
    const many = Array.from(
      { length: BULK_MAX + 1 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    expectError(
      await post('/api/moderation/bulk', { ids: many, action: 'publish' }),
      400,
      new RegExp(`at most ${BULK_MAX}`),
    );
    expectError(await post('/api/moderation/bulk', { ids, action: 'restore' }), 400);
  });
});

describe('Undo', () => {
  it('cancels a publish before its batch: the report stays held and never becomes public', async () => {
    const [id] = await reports(['Order at undo-publish.com.']);
    expect(json(await post(`/api/moderation/experiences/${id}/publish`)).data.publicFrom).not.toBeNull();
    const undo = await post(`/api/moderation/experiences/${id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(json(undo)).toMatchObject({
      data: { id, status: 'held', undone: 'publish' },
      message: 'Publish undone: the report stays held.',
    });
    expect(await viewIds('view=waiting')).toContain(id);
    await batch();
    expect(await statusOf(id)).toBe('held');
    expect(await feedHas(id)).toBe(false);
    // Nothing public happened: the log has the hold only.
    expect(
      json(await get(`/api/moderation/log?experienceId=${id}`)).data.entries.map((e: { action: string }) => e.action),
    ).toEqual(['hold']);
  });

  it('cancels a restore before its batch', async () => {
    const [id] = await reports(['A calm report to hide and restore.']);
    expect((await post(`/api/moderation/experiences/${id}/hide`, { reason: 'off-topic' })).statusCode).toBe(200);
    expect((await post(`/api/moderation/experiences/${id}/restore`)).statusCode).toBe(200);
    expect(json(await post(`/api/moderation/experiences/${id}/undo`)).data).toMatchObject({
      status: 'hidden',
      undone: 'restore',
    });
    await batch();
    expect(await statusOf(id)).toBe('hidden');
  });

  it('takes back a hide until the next batch: the report is public again at once, its flags open again, and the log says so', async () => {
    const [id] = await reports(['A report two members flagged, hidden by mistake.']);
    const members = await Promise.all([0, 1].map((i) => newMember(t, `undo-flag-${i}`)));
    for (const m of members)
      expect((await post(`/api/experiences/${id}/flag`, { reason: 'spam' }, m.headers)).statusCode).toBe(201);
    expect((await post(`/api/moderation/experiences/${id}/hide`, { reason: 'spam' })).statusCode).toBe(200);
    expect(await feedHas(id)).toBe(false);
    expect((await itemOf(id)).undoableHide).toBe(true);
    const undo = await post(`/api/moderation/experiences/${id}/undo`);
    expect(json(undo)).toMatchObject({ data: { status: 'published', undone: 'hide' } });
    expect(await feedHas(id)).toBe(true);
    const item = await itemOf(id);
    expect(item.flags.open).toBe(2);
    expect(item.undoableHide).toBe(false);
    expect(item.history.map((e: { action: string }) => e.action).slice(0, 2)).toEqual(['undo', 'hide']);
    // A held report hidden and taken back is held again, for the reasons it had.
    const [held] = await reports(['Order at undo-held.com.']);
    expect((await post(`/api/moderation/experiences/${held}/hide`, { reason: 'spam' })).statusCode).toBe(200);
    expect(json(await post(`/api/moderation/experiences/${held}/undo`)).data.status).toBe('held');
    expect((await itemOf(held)).holdReasons).toEqual(['link']);
  });

  it('takes back a "Keep published" until the next batch: its flags open again, the report waits in the queue, the log names both', async () => {
    const [id] = await reports(['A report two members flagged, kept by mistake.']);
    const members = await Promise.all([0, 1].map((i) => newMember(t, `keep-flag-${i}`)));
    for (const m of members)
      expect((await post(`/api/experiences/${id}/flag`, { reason: 'spam' }, m.headers)).statusCode).toBe(201);
    const kept = await post(`/api/moderation/experiences/${id}/publish`);
    expect(json(kept)).toMatchObject({
      data: { id, status: 'published', publicFrom: null },
      message: "Kept published: the members' flags are dismissed.",
    });
    expect(await viewIds('view=waiting&reason=open-flags')).not.toContain(id);
    const undo = await post(`/api/moderation/experiences/${id}/undo`);
    expect(json(undo)).toMatchObject({
      data: { id, status: 'published', undone: 'keep-published' },
      message: 'Flag dismissal undone: the flags are open again and the report waits for review.',
    });
    expect(await feedHas(id)).toBe(true);
    expect(await viewIds('view=waiting&reason=open-flags')).toContain(id);
    const item = await itemOf(id);
    expect(item.flags.open).toBe(2);
    expect(item.history.slice(0, 2)).toMatchObject([
      { action: 'undo', reasons: ['keep-published'] },
      { action: 'keep-published', reasons: [] },
    ]);
    // Once undone, nothing is left to undo; a dismissal before the last batch stays.
    expectError(await post(`/api/moderation/experiences/${id}/undo`), 409, /nothing to undo/);
    expect((await post(`/api/moderation/experiences/${id}/publish`)).statusCode).toBe(200);
    await t.ctx.db.query(`update experiences set decided_at = decided_at - interval '7 hours' where id = $1`, [id]);
    await t.ctx.db.query(`update flags set resolved_at = resolved_at - interval '7 hours' where experience_id = $1`, [
      id,
    ]);
    expectError(await post(`/api/moderation/experiences/${id}/undo`), 409, /can no longer be undone/);
  });

  it('taking back a hide never reopens the flag of a member who deleted the account since', async () => {
    const [id] = await reports(['A report flagged by a member who then left.']);
    const [leaving, staying] = await Promise.all([
      newMember(t, 'undo-flag-leaving'),
      newMember(t, 'undo-flag-staying'),
    ]);
    for (const m of [leaving, staying])
      expect((await post(`/api/experiences/${id}/flag`, { reason: 'spam' }, m.headers)).statusCode).toBe(201);
    expect((await post(`/api/moderation/experiences/${id}/hide`, { reason: 'spam' })).statusCode).toBe(200);
    // The hide resolved both flags; a resolved flag stays when its member goes, belonging to nobody.
    expect((await post('/api/users/me/delete', { password: PASSWORD }, leaving.headers)).statusCode).toBe(200);
    expect(json(await post(`/api/moderation/experiences/${id}/undo`)).data).toMatchObject({
      status: 'published',
      undone: 'hide',
    });
    expect((await itemOf(id)).flags.open).toBe(1);
    expect(
      await rows(t, 'select user_id, resolved_at from flags where experience_id = $1 order by user_id nulls first', [
        id,
      ]),
    ).toEqual([
      { user_id: null, resolved_at: expect.any(Date) },
      { user_id: staying.userId, resolved_at: null },
    ]);
  });

  it('refuses once the batch after a hide has run, when nothing waits, and for an unknown report', async () => {
    const [id] = await reports(['A report hidden before the last batch.']);
    expect((await post(`/api/moderation/experiences/${id}/hide`, { reason: 'spam' })).statusCode).toBe(200);
    await t.ctx.db.query(`update experiences set hidden_at = hidden_at - interval '7 hours' where id = $1`, [id]);
    expect((await itemOf(id)).undoableHide).toBe(false);
    expectError(await post(`/api/moderation/experiences/${id}/undo`), 409, /Restore the report instead/);
    const [plain] = await reports(['A report nobody decided anything about.']);
    expectError(await post(`/api/moderation/experiences/${plain}/undo`), 409, /nothing to undo/);
    expectError(await post('/api/moderation/experiences/00000000-0000-4000-8000-00000000dead/undo'), 404, /not found/);
  });

  it('an undo racing a second hide or a batch never fails with 500', async () => {
    for (let i = 0; i < 20; i++) {
      const [id] = await reports([`Race number ${'x'.repeat(i + 1)} about a calm week.`]);
      expect((await post(`/api/moderation/experiences/${id}/hide`, { reason: 'spam' })).statusCode).toBe(200);
      const answers = await Promise.all([
        post(`/api/moderation/experiences/${id}/undo`),
        post(`/api/moderation/experiences/${id}/hide`, { reason: 'spam' }),
        batch(),
      ]);
      for (const a of answers.slice(0, 2)) expect([200, 409]).toContain((a as { statusCode: number }).statusCode);
    }
  }, 120_000);
});

describe("a member's own flags", () => {
  it('GET /api/flags answers the caller’s flags on the reports asked about, nobody else’s', async () => {
    const [a, b] = await reports(['A report to flag once.', 'A report left alone.']);
    const [flagger, other] = await Promise.all([newMember(t, 'own-flag'), newMember(t, 'own-flag-other')]);
    expect((await post(`/api/experiences/${a}/flag`, { reason: 'dangerous' }, flagger.headers)).statusCode).toBe(201);
    expect(json(await get(`/api/flags?experienceIds=${a},${b}`, flagger.headers)).data).toEqual({
      flags: { [a]: { reason: 'dangerous' } },
    });
    expect(json(await get(`/api/flags?experienceIds=${a},${b}`, other.headers)).data).toEqual({ flags: {} });
    expectError(await get(`/api/flags?experienceIds=${a}`, {}), 401);
    expectError(await get('/api/flags?experienceIds=not-an-id', flagger.headers), 400);
  });
});
