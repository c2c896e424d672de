// A member's own account (docs/product-rules.md, "Your account"): change the password, sign out
// everywhere, download the account's data, delete it; and the links that arrive by mail: confirm
// a sign-up's address, forgot and reset a password, unsubscribe from the digest. Tokens from mail
// travel in bodies only.
import type { AccountExport } from '@contract/account';
import { call } from './client';

export async function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<{ otherSessionsEnded: number; message: string }> {
  const { data, message } = await call('changePassword', { body: input, read: 'reply' });
  return { ...data, message: message ?? 'Your password has been changed.' };
}

export async function signOutEverywhere(): Promise<void> {
  await call('signOutEverywhere', { body: {} });
}

export function exportAccount(): Promise<AccountExport> {
  return call('exportMe');
}

export async function deleteAccount(password: string): Promise<void> {
  await call('deleteMe', { body: { password } });
}

/** Answers the server's sentence, the same whether or not the email has an account. */
export async function forgotPassword(email: string): Promise<string> {
  const [{ RESET_REQUESTED_MESSAGE }, { message }] = await Promise.all([
    import('@contract/account'),
    call('forgotPassword', { body: { email }, read: 'reply' }),
  ]);
  return message ?? RESET_REQUESTED_MESSAGE;
}

export async function resetPassword(token: string, password: string): Promise<string> {
  const { message } = await call('resetPassword', { body: { token, password }, read: 'reply' });
  return message ?? 'Your password has been changed. Sign in with the new password.';
}

/** Confirms a sign-up's address with the token of its mailed link; answers the server's sentence. */
export async function confirmEmail(token: string): Promise<string> {
  const [{ EMAIL_CONFIRMED_MESSAGE }, { message }] = await Promise.all([
    import('@contract/users'),
    call('confirmEmail', { body: { token }, read: 'reply' }),
  ]);
  return message ?? EMAIL_CONFIRMED_MESSAGE;
}

export async function unsubscribeDigest(token: string): Promise<string> {
  const { message } = await call('unsubscribe', { body: { token }, read: 'reply' });
  return message ?? 'You will not receive the weekly digest any more.';
}
