// The member and submitter side of moderation, in real Chromium against the built app and the
// real server: three approved members flag one report through the Flag dialog; after
// the third (FLAG_HOLD_THRESHOLD) it is gone from the Community feed and from its peptide's
// count; the submitter's lookup on /privacy says it waits for review, and after a moderator
// hides it, gives the moderator's reason. A member's flag still reads "Flagged" after a reload
// (GET /api/flags). axe scans both Flag dialogs.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAG_HOLD_THRESHOLD, FLAG_REASON_TEXT, HIDE_REASON_TEXT, HOLD_REASON_TEXT } from '@contract/moderation';
import { axeViolations } from './axe';
import { api, approvedMember, firstPeptide, launch, moderatorToken, newPage, submitExperience } from './browser';
import { signIn } from './sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function expectNoAxeViolations(page: Page, label: string) {
  const found = (await axeViolations(page)).map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(found, label).toEqual([]);
}

/** The Community feed searched for this report's marker (the feed's order within a day is random). */
async function openFeed(page: Page, marker: string) {
  await page.goto(`/community?search=${marker}`);
  await page.getByRole('heading', { level: 1, name: 'Community Experiences' }).waitFor();
}

/** A page in this theme and width (the theme is read from localStorage, as src/app/theme/theme.ts does). */
async function themedPage(theme: 'light' | 'dark', width: number) {
  const opened = await newPage(browser, { viewport: { width, height: 800 }, reducedMotion: 'reduce' });
  await opened.context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  return opened;
}

const peptideCount = async (id: string): Promise<number> =>
  (await api('GET', `/api/peptides/${id}`)).body.data.peptide.totalExperiences;

describe('members report an experience; the submitter sees what happened', () => {
  it('three flags hold it, the lookup says why, a moderator hides it with a reason', async () => {
    expect(FLAG_HOLD_THRESHOLD).toBe(3); // the server runs with the default (tests/e2e/global-setup.ts)
    const peptide = await firstPeptide();
    // Base 36: a long run of digits would read as a phone number and hold the report at once.
    const marker = `flagme${Date.now().toString(36)}`;
    const story = `Report ${marker}. Six weeks on it for a sore knee; the ache faded slowly and I slept better by the end of the month.`;
    const before = await peptideCount(peptide._id);
    const created = await submitExperience(peptide, story);
    expect(created.status).toBe(201);
    expect(created.body.data.status).toBe('published');
    const { trackingId } = created.body.data as { trackingId: string };
    const experienceId: string = created.body.data.experience._id;
    expect(await peptideCount(peptide._id)).toBe(before + 1);

    // A visitor sees the action and is asked to sign in (axe in both themes, phone and desktop).
    for (const [theme, width] of [
      ['light', 1280],
      ['dark', 360],
    ] as const) {
      const visitor = await themedPage(theme, width);
      await openFeed(visitor.page, marker);
      const visitorCard = visitor.page.getByRole('listitem').filter({ hasText: marker });
      await visitorCard.getByRole('button', { name: 'Flag', exact: true }).click();
      const prompt = visitor.page.getByRole('dialog', { name: 'Sign in to flag' });
      await prompt.getByRole('link', { name: 'Sign in' }).waitFor();
      await expectNoAxeViolations(visitor.page, `visitor dialog, ${theme} ${width}px`);
      await visitor.context.close();
    }

    const members = [await approvedMember(), await approvedMember(), await approvedMember()];
    const reasons = ['dangerous', 'spam', 'other'] as const;
    for (const [i, member] of members.entries()) {
      const [theme, width] = i === 1 ? (['dark', 360] as const) : (['light', 1280] as const);
      const { context, page } = await themedPage(theme, width);
      await signIn(page, member.email, member.password);
      await openFeed(page, marker);
      const card = page.getByRole('listitem').filter({ hasText: marker });
      await card.getByRole('button', { name: 'Flag', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Flag this report' });
      await dialog.getByRole('radio', { name: FLAG_REASON_TEXT[reasons[i]!] }).check();
      if (i < 2) {
        await dialog.getByLabel(/Note for the moderators/).fill('It suggests doubling the dose without any reason.');
        await expectNoAxeViolations(page, `member dialog, ${theme} ${width}px`);
      }
      await dialog.getByRole('button', { name: 'Send flag' }).click();
      await dialog.waitFor({ state: 'detached' });
      if (i < members.length - 1) {
        await page.getByText('Thank you. A moderator will look at this report.').first().waitFor();
        await card.getByRole('button', { name: 'Flagged', exact: true }).waitFor();
        // Known from page load too: a second attempt cannot start.
        await page.reload();
        await card.getByRole('button', { name: 'Flagged', exact: true }).waitFor();
      } else {
        // The third flag holds it: it leaves this member's feed at once.
        await page
          .getByText(/it is hidden until a moderator reviews it/)
          .first()
          .waitFor();
        await page.getByText('No experiences match these filters.').waitFor();
      }
      await context.close();
    }

    // Gone for everyone: the feed and the peptide's count.
    const reader = await newPage(browser);
    await openFeed(reader.page, marker);
    await reader.page.getByText('No experiences match these filters.').waitFor();
    expect(await peptideCount(peptide._id)).toBe(before);
    await reader.page.goto(`/peptides/${peptide._id}`);
    await reader.page.getByText(`Based on ${before} experiences`).waitFor();

    // The submitter's lookup says it waits for review, and why.
    await reader.page.goto('/privacy');
    await reader.page.getByRole('tab', { name: 'Your Data' }).click();
    await reader.page.getByLabel('Tracking ID').fill(trackingId);
    await reader.page.getByRole('button', { name: 'Look Up' }).click();
    const result = reader.page.getByLabel('Your submission', { exact: true });
    await result.getByText('Waiting for review', { exact: true }).waitFor();
    await result.getByText(HOLD_REASON_TEXT.flags).waitFor();

    // A moderator hides it with a reason: the lookup gives that reason, never the note.
    const note = 'Doubling advice without context; see the flag notes.';
    const hide = await api(
      'POST',
      `/api/moderation/experiences/${experienceId}/hide`,
      { reason: 'dangerous', note },
      await moderatorToken(),
    );
    expect(hide.status).toBe(200);
    await reader.page.getByRole('button', { name: 'Look Up' }).click();
    await result.getByText('Hidden by a moderator', { exact: true }).waitFor();
    await result.getByText(HIDE_REASON_TEXT.dangerous).waitFor();
    expect(await reader.page.getByText(note).count()).toBe(0);
    await expectNoAxeViolations(reader.page, 'lookup of a hidden report');
    await reader.context.close();
  });
});
