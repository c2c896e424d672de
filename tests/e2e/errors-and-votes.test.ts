// Errors and votes in real Chromium against the built app: a failed sign-in stays in the
// form after its toast has gone; a member votes and withdraws, and the counts follow; each of
// these clicked states passes axe in light and dark.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, violationLines } from './axe';
import { approvedMember, firstPeptide, launch, newPage, submitExperience } from './browser';
import { signIn } from './sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function violations(page: Page): Promise<string[]> {
  return violationLines(await axeViolations(page));
}

async function themed(theme: 'light' | 'dark', width = 1280) {
  // Reduced motion: a toast still fading in has partial opacity, which axe would measure as low contrast.
  const { context, page } = await newPage(browser, { viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  return { context, page };
}

describe('a failed sign-in', () => {
  it.each(['light', 'dark'] as const)(
    'stays in the form after the toast has gone, with the email kept (%s)',
    async (theme) => {
      const { email } = await approvedMember();
      const { context, page } = await themed(theme, 360);
      try {
        await page.goto('/login');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill('not-the-password-1');
        await page.getByRole('button', { name: 'Sign In' }).click();
        const alert = page.locator('form').getByRole('alert');
        await alert.waitFor();
        expect(await alert.textContent()).toContain('Invalid email or password');
        // The toast closes itself after about 5 seconds; the form still says what happened.
        const toast = page.getByRole('region', { name: /notifications/i }).getByText('Invalid email or password');
        await toast.waitFor();
        await toast.waitFor({ state: 'detached', timeout: 15_000 });
        expect(await alert.isVisible()).toBe(true);
        expect(await page.getByLabel('Email').inputValue()).toBe(email);
        expect(await violations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

describe('votes', () => {
  it.each(['light', 'dark'] as const)(
    'a member votes, then withdraws by pressing the same type, and the counts follow (%s)',
    async (theme) => {
      const peptide = await firstPeptide();
      // Letters only: a long run of digits reads as a phone number and holds the report for a moderator.
      const marker = Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
        '',
      );
      const story = `Withdraw test ${theme} ${marker}: a story long enough to be a real report of how the weeks went, what changed and what did not change at all.`;
      const submitted = await submitExperience(peptide, story);
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
      const experienceId: string = submitted.body.data.experience._id;
      const { email, password } = await approvedMember();
      const { context, page } = await themed(theme);
      try {
        await signIn(page, email, password);
        await page.getByRole('heading', { level: 1, name: 'Peptide Community' }).waitFor();
        await page.goto(`/experiences/${experienceId}`);
        const group = page.getByRole('group', { name: 'Vote on this experience' });
        await group.getByRole('button', { name: 'Helpful (0)', exact: true }).click();
        const pressed = group.getByRole('button', { name: 'Helpful (1)', exact: true });
        await group.locator('button[aria-pressed="true"]', { hasText: 'Helpful (1)' }).waitFor();
        await group.getByText('1 total vote', { exact: true }).waitFor();
        await group.getByText('Press Helpful again to withdraw your vote.').waitFor();
        expect(await violations(page)).toEqual([]);

        await pressed.click();
        const withdrawn = group.getByRole('button', { name: 'Helpful (0)', exact: true });
        await group.locator('button[aria-pressed="false"]', { hasText: /^Helpful \(0\)$/ }).waitFor();
        expect(await withdrawn.getAttribute('aria-pressed')).toBe('false');
        await group.getByText('0 total votes', { exact: true }).waitFor();
        // The server agrees, after a reload too.
        await page.reload();
        await page
          .getByRole('group', { name: 'Vote on this experience' })
          .getByRole('button', { name: 'Helpful (0)', exact: true })
          .waitFor();
        expect(await page.getByRole('button', { name: 'Helpful (0)', exact: true }).getAttribute('aria-pressed')).toBe(
          'false',
        );
      } finally {
        await context.close();
      }
    },
  );
});
