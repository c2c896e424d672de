// Signing in through the sign-in form, as a person does: the one copy every browser test uses.
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** Fills in the sign-in form of the page it is on and sends it. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Opens /login and signs in; then waits for the home page a sign-in lands on, unless `landing`
 * is false (a refused or pending sign-in stays on /login).
 */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  { landing = true }: { landing?: boolean } = {},
): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, email, password);
  if (landing) await page.waitForURL((url) => url.pathname === '/');
}

/** Signs in as the run's moderator (tests/e2e/global-setup.ts). */
export async function signInModerator(page: Page): Promise<void> {
  const { email, password } = inject('moderator');
  await signIn(page, email, password);
}
