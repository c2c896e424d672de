// A member's own account, as the server answers it (server/routes/account.ts): the contract's
// schemas check each body; wrong passwords are a 400 naming the field; a reset link and a sign-up
// confirmation link are good once.
import { HttpResponse, http } from 'msw';
import {
  ChangePasswordRequest,
  DeleteAccountRequest,
  ForgotPasswordRequest,
  RESET_LINK_INVALID_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  ResetPasswordRequest,
  UnsubscribeRequest,
  WRONG_PASSWORD_MESSAGE,
} from '@contract/account';
import { formatIssues, issueList } from '@contract/common';
import { CONFIRM_LINK_INVALID_MESSAGE, ConfirmEmailRequest, EMAIL_CONFIRMED_MESSAGE } from '@contract/users';
import { ENDPOINTS } from '@contract/endpoints';
import { backend } from './backend';
import { errorBody } from './fixtures';
import { bearerUser } from './handlers';

async function record(request: Request): Promise<unknown> {
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => undefined);
  backend.calls.push({
    method: request.method,
    path: new URL(request.url).pathname,
    authorization: request.headers.get('Authorization'),
    body,
  });
  return body;
}

const unauthorized = () =>
  HttpResponse.json(errorBody('Your session has ended. Please sign in again.'), { status: 401 });
const invalid = (issues: Parameters<typeof formatIssues>[0]) =>
  HttpResponse.json({ ...errorBody(formatIssues(issues)), issues: issueList(issues) }, { status: 400 });

/** The one reset link the tests' mail "holds"; used once. */
export const RESET_TOKEN = 'reset-token-from-the-mail';
let resetUsed = false;
/** The one sign-up confirmation link the tests' mail "holds"; used once. */
export const CONFIRM_TOKEN = 'confirm-token-from-the-mail';
let confirmUsed = false;

export const accountHandlers = [
  http.post(ENDPOINTS.changePassword.path, async ({ request }) => {
    const body = await record(request);
    const user = bearerUser(request);
    if (!user) return unauthorized();
    const parsed = ChangePasswordRequest.safeParse(body);
    if (!parsed.success) return invalid(parsed.error.issues);
    const account = backend.accounts.get(user.email.toLowerCase())!;
    if (account.password !== parsed.data.currentPassword)
      return HttpResponse.json(
        {
          ...errorBody(WRONG_PASSWORD_MESSAGE),
          issues: [{ path: ['currentPassword'], message: WRONG_PASSWORD_MESSAGE }],
        },
        { status: 400 },
      );
    account.password = parsed.data.newPassword;
    return HttpResponse.json({
      success: true,
      data: { otherSessionsEnded: 1 },
      message: 'Your password has been changed. Every other device was signed out.',
    });
  }),

  http.post(ENDPOINTS.signOutEverywhere.path, async ({ request }) => {
    await record(request);
    const user = bearerUser(request);
    if (!user) return unauthorized();
    for (const [token, owner] of [...backend.accessTokens])
      if (owner.email === user.email) backend.accessTokens.delete(token);
    for (const [token, owner] of [...backend.refreshTokens])
      if (owner.email === user.email) backend.refreshTokens.delete(token);
    return HttpResponse.json({ success: true, data: { sessionsEnded: 2 } });
  }),

  http.get(ENDPOINTS.exportMe.path, async ({ request }) => {
    await record(request);
    const user = bearerUser(request);
    if (!user) return unauthorized();
    return HttpResponse.json({
      success: true,
      data: {
        generatedAt: '2026-11-27T10:00:00.000Z',
        account: {
          id: user._id,
          email: user.email,
          role: user.role,
          status: user.status,
          createdAt: user.createdAt,
          decidedAt: null,
        },
        profile: { demographics: user.demographics ?? {}, preferences: user.preferences ?? {} },
        votes: [
          {
            experienceId: '50000000-0000-4000-8000-000000000001',
            voteType: 'helpful',
            createdAt: '2026-11-20T10:00:00.000Z',
            updatedAt: null,
          },
        ],
        flags: [],
        peptidesCreated: [],
        sessions: [{ signedInAt: '2026-11-27', expiresAt: '2026-12-27', ended: false }],
        activeMonths: ['2026-11'],
        passwordResetsPending: 0,
        mailQueued: [],
      },
    });
  }),

  http.post(ENDPOINTS.deleteMe.path, async ({ request }) => {
    const body = await record(request);
    const user = bearerUser(request);
    if (!user) return unauthorized();
    const parsed = DeleteAccountRequest.safeParse(body);
    if (!parsed.success) return invalid(parsed.error.issues);
    const account = backend.accounts.get(user.email.toLowerCase())!;
    if (account.password !== parsed.data.password)
      return HttpResponse.json(
        {
          ...errorBody('password is not correct'),
          issues: [{ path: ['password'], message: 'password is not correct' }],
        },
        { status: 400 },
      );
    backend.accounts.delete(user.email.toLowerCase());
    for (const [token, owner] of [...backend.accessTokens])
      if (owner.email === user.email) backend.accessTokens.delete(token);
    return HttpResponse.json({ success: true, data: { deleted: true }, message: 'Your account has been deleted.' });
  }),

  http.post(ENDPOINTS.forgotPassword.path, async ({ request }) => {
    const parsed = ForgotPasswordRequest.safeParse(await record(request));
    if (!parsed.success) return invalid(parsed.error.issues);
    return HttpResponse.json({ success: true, data: {}, message: RESET_REQUESTED_MESSAGE });
  }),

  http.post(ENDPOINTS.resetPassword.path, async ({ request }) => {
    const parsed = ResetPasswordRequest.safeParse(await record(request));
    if (!parsed.success) return invalid(parsed.error.issues);
    if (parsed.data.token !== RESET_TOKEN || resetUsed)
      return HttpResponse.json(errorBody(RESET_LINK_INVALID_MESSAGE), { status: 400 });
    resetUsed = true;
    return HttpResponse.json({
      success: true,
      data: {},
      message: 'Your password has been changed and every device was signed out. Sign in with the new password.',
    });
  }),

  http.post(ENDPOINTS.confirmEmail.path, async ({ request }) => {
    const parsed = ConfirmEmailRequest.safeParse(await record(request));
    if (!parsed.success) return invalid(parsed.error.issues);
    if (parsed.data.token !== CONFIRM_TOKEN || confirmUsed)
      return HttpResponse.json(errorBody(CONFIRM_LINK_INVALID_MESSAGE), { status: 400 });
    confirmUsed = true;
    return HttpResponse.json({ success: true, data: {}, message: EMAIL_CONFIRMED_MESSAGE });
  }),

  http.post(ENDPOINTS.unsubscribe.path, async ({ request }) => {
    const parsed = UnsubscribeRequest.safeParse(await record(request));
    if (!parsed.success || !parsed.data.token)
      return HttpResponse.json(errorBody('token is required'), { status: 400 });
    return HttpResponse.json({
      success: true,
      data: { unsubscribed: true },
      message: 'You will not receive the weekly digest any more.',
    });
  }),
];

/** Between tests (tests/web/setup.ts resets the backend; this resets the link). */
export function resetAccountHandlers(): void {
  resetUsed = false;
  confirmUsed = false;
}
