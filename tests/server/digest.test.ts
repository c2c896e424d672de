// The weekly digest (services/digest.ts) through a real SMTP server: only members who turned it
// on get it, once a week (the clock is set, never waited for), with the week's most helpful
// published reports linked, and a one-click unsubscribe (RFC 8058) that works from the header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWeeklyDigest } from '../../server/services/digest';
import { createTestApp, json, submit, validSubmission, type TestApp } from './helpers';
import { UNREVIEWED_PEPTIDE } from '../../server/mail/templates';
import { createPeptide, expectError, newMember, rows, uniqueWord } from './fixtures';
import { linkIn, startSmtp, type TestSmtp } from './smtp';

const PUBLIC_URL = 'https://peptides.example.org';
const SUBJECT = 'Peptide Community: the week’s most helpful reports';
let smtp: TestSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

/** Monday 09:00 UTC of the week after `date`. */
function nextMonday(date: Date): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 9));
  d.setUTCDate(d.getUTCDate() + ((8 - (d.getUTCDay() || 7)) % 7 || 7));
  return d;
}

describe('weekly digest', () => {
  it('reaches only the members who turned it on, once a week, with the week’s most helpful reports and a one-click unsubscribe', async () => {
    // Next week's Monday, 09:00 UTC, from the day the reports are sent: they are within the seven
    // days it looks back (taken after them, past midnight of a Sunday it would be the Monday after,
    // whose seven days start after them), and the week is not one the app's own background run
    // (on the real clock) could claim.
    const monday = nextMonday(new Date());
    const reader = await newMember(t, 'digest-on');
    const quiet = await newMember(t, 'digest-off');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/users/me',
          headers: reader.headers,
          payload: { preferences: { notifications: { weeklyDigest: true } } },
        })
      ).statusCode,
    ).toBe(200);
    const best = (await submit(t, validSubmission(t.peptides.get('BPC-157')!))).experience._id;
    const second = (await submit(t, validSubmission(t.peptides.get('TB-500')!))).experience._id;
    await submit(t, validSubmission(t.peptides.get('BPC-157')!)); // no helpful vote: not in the digest
    for (const [id, voters] of [
      [best, [reader, quiet]],
      [second, [reader]],
    ] as const) {
      for (const v of voters)
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: `/api/experiences/${id}/vote`,
              headers: v.headers,
              payload: { voteType: 'helpful' },
            })
          ).statusCode,
        ).toBe(201);
    }
    expect(await runWeeklyDigest(t.ctx, monday)).toMatchObject({ queued: 1 });
    // This run's mail, dated by its Monday (a run of the app's own on the real clock may have sent another).
    const mail = await smtp.next(
      (m) =>
        m.to === reader.email && m.subject === SUBJECT && m.text.includes(`to ${monday.toISOString().slice(0, 10)})`),
    );
    // Not due again in the same week, in this process or another.
    expect(await runWeeklyDigest(t.ctx, new Date(monday.getTime() + 3 * 86_400_000))).toBeNull();

    expect(mail.text.indexOf(`${PUBLIC_URL}/experiences/${best}`)).toBeGreaterThan(-1);
    expect(mail.text.indexOf(`${PUBLIC_URL}/experiences/${best}`)).toBeLessThan(
      mail.text.indexOf(`${PUBLIC_URL}/experiences/${second}`),
    );
    expect(mail.text).toContain('BPC-157 (2 helpful votes');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/experiences/${second}"`);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(https:\/\/[^>]+)>$/.exec(mail.headers.get('list-unsubscribe') ?? '')?.[1];
    expect(oneClick).toMatch(new RegExp(`^${PUBLIC_URL}/api/users/unsubscribe\\?token=`));
    expect(linkIn(mail.text, `${PUBLIC_URL}/unsubscribe#token=`)).toBeTruthy();
    expect(smtp.received.some((m) => m.to === quiet.email && m.subject === SUBJECT)).toBe(false);

    // RFC 8058: the mail client POSTs the form body to the header's address.
    const url = new URL(oneClick!);
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rows<{ preferences: { notifications?: { weeklyDigest?: boolean } } }>(
      t,
      'select preferences from users where id = $1',
      [reader.userId],
    );
    expect(row!.preferences.notifications?.weeklyDigest).toBe(false);
    // Nobody reads it any more: the next week sends nothing.
    expect(await runWeeklyDigest(t.ctx, new Date(monday.getTime() + 7 * 86_400_000))).toBeNull();
  });

  it('quotes only reviewed peptide names: a report on a member’s page not reviewed yet is linked with a neutral text', async () => {
    const monday = nextMonday(new Date());
    // This test's own run of the week the first one sent.
    await t.ctx.db.query(`delete from app_settings where key = 'digest_week'`);
    const reader = await newMember(t, 'digest-names');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/users/me',
          headers: reader.headers,
          payload: { preferences: { notifications: { weeklyDigest: true } } },
        })
      ).statusCode,
    ).toBe(200);
    const author = await newMember(t, 'digest-page-author');
    const name = uniqueWord('Unchecked');
    const pageId = await createPeptide(t, author.accessToken, { name });
    const onMemberPage = (await submit(t, validSubmission(pageId))).experience._id;
    const onCatalogue = (await submit(t, validSubmission(t.peptides.get('BPC-157')!))).experience._id;
    for (const id of [onMemberPage, onCatalogue]) {
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/experiences/${id}/vote`,
            headers: reader.headers,
            payload: { voteType: 'helpful' },
          })
        ).statusCode,
      ).toBe(201);
    }
    expect(await runWeeklyDigest(t.ctx, monday)).toMatchObject({ queued: 1 });
    // This run's mail, dated by its Monday: on a Monday after 09:00 UTC the app's own run, on the
    // real clock, may claim this week again (its week was deleted above) and mail this reader too.
    const mail = await smtp.next(
      (m) =>
        m.to === reader.email && m.subject === SUBJECT && m.text.includes(`to ${monday.toISOString().slice(0, 10)})`),
    );
    expect(mail.text).toContain(`${UNREVIEWED_PEPTIDE} (1 helpful vote`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/experiences/${onMemberPage}"`);
    expect(mail.text).not.toContain(name);
    expect(mail.html).not.toContain(name);
    expect(mail.text).toContain('BPC-157 (');
  });

  it('refuses a forged unsubscribe token, and the page’s JSON form works with the token in the body', async () => {
    const m = await newMember(t, 'digest-forged');
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/users/unsubscribe?token=${m.userId}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
      }),
      400,
      /not a valid unsubscribe link/,
    );
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/users/unsubscribe', payload: {} }),
      400,
      'token is required',
    );
    const { unsubscribeToken } = await import('../../server/services/digest');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/unsubscribe',
      payload: { token: unsubscribeToken(t.ctx, m.userId) },
    });
    expect(json(res)).toMatchObject({ success: true, data: { unsubscribed: true } });
  });
});
