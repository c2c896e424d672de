// A member's own account (docs/product-rules.md, "Your account"): change the password, sign out
// everywhere, download the account's data, delete it; and the links that arrive by mail: confirm
// a sign-up's address, forgot and reset a password, unsubscribe from the digest. Tokens from mail
// travel in bodies only.
import { ENDPOINTS } from '@contract/endpoints';
import { messageText, readData } from '@contract/normalize';
import type { AccountExport } from '@contract/account';
import { api } from './client';
import { ApiError } from './errors';

// The schemas load with the first call, not with the page.
const schemas = () => import('@contract/account');

/** A success's `message` (the server's sentence), with a fallback. */
const said = (body: unknown, fallback: string) => messageText(body) ?? fallback;

export async function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<{ otherSessionsEnded: number; message: string }> {
  const [{ ChangePasswordResponse }, response] = await Promise.all([
    schemas(),
    api.post<unknown>(ENDPOINTS.changePassword.path, input),
  ]);
  const data = readData(ChangePasswordResponse, response.data);
  if (!data) throw new ApiError('Invalid response from server', response.status, response.data);
  return { ...data, message: said(response.data, 'Your password has been changed.') };
}

export async function signOutEverywhere(): Promise<void> {
  const [{ SignOutEverywhereResponse }, response] = await Promise.all([
    schemas(),
    api.post<unknown>(ENDPOINTS.signOutEverywhere.path, {}),
  ]);
  if (!readData(SignOutEverywhereResponse, response.data))
    throw new ApiError('Invalid response from server', response.status, response.data);
}

export async function exportAccount(): Promise<AccountExport> {
  const [{ AccountExportResponse }, response] = await Promise.all([
    schemas(),
    api.get<unknown>(ENDPOINTS.exportMe.path),
  ]);
  const data = readData(AccountExportResponse, response.data);
  if (!data) throw new ApiError('Invalid response from server', response.status, response.data);
  return data;
}

export async function deleteAccount(password: string): Promise<void> {
  const [{ DeleteAccountResponse }, response] = await Promise.all([
    schemas(),
    api.post<unknown>(ENDPOINTS.deleteMe.path, { password }),
  ]);
  if (!readData(DeleteAccountResponse, response.data))
    throw new ApiError('Invalid response from server', response.status, response.data);
}

/** Answers the server's sentence, the same whether or not the email has an account. */
export async function forgotPassword(email: string): Promise<string> {
  const [{ ForgotPasswordResponse, RESET_REQUESTED_MESSAGE }, response] = await Promise.all([
    schemas(),
    api.post<unknown>(ENDPOINTS.forgotPassword.path, { email }),
  ]);
  if (!readData(ForgotPasswordResponse, response.data))
    throw new ApiError('Invalid response from server', response.status, response.data);
  return said(response.data, RESET_REQUESTED_MESSAGE);
}

export async function resetPassword(token: string, password: string): Promise<string> {
  const [{ ResetPasswordResponse }, response] = await Promise.all([
    schemas(),
    api.post<unknown>(ENDPOINTS.resetPassword.path, { token, password }),
  ]);
  if (!readData(ResetPasswordResponse, response.data))
    throw new ApiError('Invalid response from server', response.status, response.data);
  return said(response.data, 'Your password has been changed. Sign in with the new password.');
}

/** Confirms a sign-up's address with the token of its mailed link; answers the server's sentence. */
export async function confirmEmail(token: string): Promise<string> {
  const [{ ConfirmEmailResponse, EMAIL_CONFIRMED_MESSAGE }, response] = await Promise.all([
    import('@contract/users'),
    api.post<unknown>(ENDPOINTS.confirmEmail.path, { token }),
  ]);
  if (!readData(ConfirmEmailResponse, response.data))
    throw new ApiError('Invalid response from server', response.status, response.data);
  return said(response.data, EMAIL_CONFIRMED_MESSAGE);
}

export async function unsubscribeDigest(token: string): Promise<string> {
  const [{ UnsubscribeResponse }, response] = await Promise.all([
    schemas(),
    api.post<unknown>(ENDPOINTS.unsubscribe.path, { token }),
  ]);
  if (!readData(UnsubscribeResponse, response.data))
    throw new ApiError('Invalid response from server', response.status, response.data);
  return said(response.data, 'You will not receive the weekly digest any more.');
}
