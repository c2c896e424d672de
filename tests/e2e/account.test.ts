// An account's life in real Chromium against the built app and the real server, whose mail goes
// to its outbox (no SMTP_URL: DATA_DIR/outbox/*.eml, read here as a mail client would): register,
// the page that says to confirm the address, sign-in refused as a wrong password until then, the
// confirmation mail's link and its button, a calm notice when signing in before approval, the
// approval mail's link, sign in; change the password (another device's sign-in ends); delete
// the account with the password (signed out, sign-in refused). One browser context throughout.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILED_MESSAGE } from '../../contract/users';
import {
  api,
  approvedMember,
  confirmationLink,
  launch,
  mailTo,
  moderatorToken,
  newPage,
  pendingAccountId,
  uniqueEmail,
} from './browser';
import { signIn, submitSignIn } from './sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('a password reset in a browser holding an ended session', () => {
  /** Asks for a reset link and reads it from the outbox, as the member's mail client would (a new one: not `seen`). */
  async function resetLink(email: string, seen?: URL): Promise<URL> {
    expect((await api('POST', '/api/auth/forgot-password', { email })).status).toBe(200);
    const linkIn = (text: string | undefined) => /(http:\/\/\S+\/reset-password#token=[\w%-]+)/.exec(text ?? '')?.[1];
    const mail = await mailTo(email, (m) => {
      const link = linkIn(m.text);
      return link !== undefined && link !== seen?.href;
    });
    return new URL(linkIn(mail.text)!);
  }

  it('ends on the sign-in page saying the password changed, never "Your session has ended"', async () => {
    const { email, password } = await approvedMember();
    const { context, page } = await newPage(browser);
    await signIn(page, email, password);
    // A reset elsewhere ends this browser's session; the browser finds out on its next call.
    const first = await resetLink(email);
    const token = decodeURIComponent(first.hash.slice('#token='.length));
    expect((await api('POST', '/api/auth/reset-password', { token, password: 'first-new-passphrase' })).status).toBe(
      200,
    );
    await page.goto('/profile?tab=account');
    await page.getByText('Your session has ended', { exact: false }).first().waitFor();

    const second = await resetLink(email, first);
    await page.goto(second.pathname + second.hash);
    await page.getByLabel('New password').fill('a-new-long-passphrase');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Your password has been changed', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await page.getByText('Your session has ended', { exact: false }).count()).toBe(0);
    await context.close();
  });
});

describe('an account from registration to deletion', () => {
  it('registers, waits, is approved by mail, signs in, changes its password and deletes itself', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('account');
    const password = 'first-long-passphrase';
    const newPassword = 'second-long-passphrase';

    await page.goto('/register');
    await page.getByLabel('Email').fill(email);
    await page.getByPlaceholder('Choose a password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/registered');
    expect(await page.getByRole('main').textContent()).toContain(
      `We sent an email to ${email}. Open the link in it within 24 hours`,
    );

    // Unconfirmed, the account answers as a wrong password does.
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await submitSignIn(page, email, password);
    await page.locator('form [role=alert]').getByText(SIGN_IN_FAILED_MESSAGE).waitFor();

    // The mail's link opens the confirm page, which changes nothing until its button is pressed.
    const confirmLink = await confirmationLink(email);
    expect(new URL(confirmLink).origin).toBe(new URL(page.url()).origin);
    await page.goto(confirmLink);
    await page.getByRole('heading', { level: 1, name: 'Confirm your email address' }).waitFor();
    const modToken = await moderatorToken();
    await expect(pendingAccountId(email, modToken)).rejects.toThrow(/no pending account/);
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your address is confirmed' }).waitFor();

    // Too early: the sign-in form says so calmly (a status, not an alert or an Error toast).
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await submitSignIn(page, email, password);
    const notice = page.locator('form [role=status]');
    await notice.getByText('awaiting approval', { exact: false }).waitFor();
    expect(await page.locator('form [role=alert]').count()).toBe(0);
    expect(await page.getByText('Error', { exact: true }).count()).toBe(0);

    // A moderator approves; the mail arrives with a link to this server's sign-in page, once the
    // approval can no longer be undone (ACCOUNT_UNDO_SECONDS, 15 s by default).
    expect(
      (await api('POST', `/api/users/${await pendingAccountId(email, modToken)}/approve`, undefined, modToken)).status,
    ).toBe(200);
    const approval = await mailTo(email, (m) => m.subject === 'Your Peptide Community account is approved', 45_000);
    const link = /(http:\/\/\S+\/login)\b/.exec(approval.text ?? '')?.[1];
    expect(link).toBeTruthy();
    expect(approval.html).toContain(`href="${link}"`);
    await page.goto(link!);
    await submitSignIn(page, email, password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: email }).waitFor();

    // Another device is signed in too; changing the password here ends it.
    const other = (await api('POST', '/api/users/login', { email, password })).body.data;
    await page.goto('/profile?tab=account');
    await page.getByLabel('Current password').fill(password);
    // A refused password is said once: the server's sentence under the field, no browser bubble
    // beside it, and the sentence goes once the field changes.
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    const refusal = page.locator('#newPassword-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/\w/);
    expect(await page.getByLabel('New password').evaluate((el) => (el as HTMLInputElement).validity.valid)).toBe(true);
    await page.getByLabel('New password').fill(newPassword);
    expect(await refusal.count()).toBe(0);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Every other device was signed out.', { exact: false }).first().waitFor();
    expect((await api('POST', '/api/auth/refresh', { refreshToken: other.refreshToken })).status).toBe(401);
    expect((await api('GET', '/api/users/me', undefined, other.accessToken)).status).toBe(401);
    // This one stays signed in.
    expect(await page.getByRole('banner').getByRole('link', { name: email }).count()).toBe(1);

    // Delete: the password is asked; afterwards this device is signed out and the account is gone.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill(newPassword);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.getByText('Your account has been deleted.', { exact: false }).first().waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect((await api('POST', '/api/users/login', { email, password: newPassword })).status).toBe(401);
    await context.close();
  });
});
