// A member's own account: passwords, sessions, the data export, deletion, and the digest's
// unsubscribe (docs/product-rules.md, "Your account"). The shapes only; the rules are in
// server/services/accounts.ts.
import { z } from 'zod/mini';
import type { EndpointSchemas } from './common';
import { ACCOUNT_STATUSES, Id, IsoDate, ROLES, VOTE_TYPES, described, ok } from './common';
import { FLAG_REASONS } from './moderation';
import { Credentials, Demographics, NewPassword, Preferences } from './users';

/** A UTC day, YYYY-MM-DD: a time told no finer than that. */
const IsoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day, YYYY-MM-DD'));

/** A reset link works for this long, once (services/accounts.ts); the mail and the pages say so. */
export const RESET_LINK_MINUTES = 60;

/** Said for every forgot-password request, whether or not the email has an account. */
export const RESET_REQUESTED_MESSAGE =
  'If an account uses this email address, we have sent it a link to choose a new password. The link works once, within one hour.';
export const RESET_LINK_INVALID_MESSAGE =
  'This reset link is no longer valid: it was used already, it is more than an hour old, or it is incomplete. Ask for a new one.';
export const WRONG_PASSWORD_MESSAGE = 'currentPassword is not correct';
export const LAST_MODERATOR_MESSAGE =
  'You are the only moderator. Another account must be made a moderator (npm run moderator) before this one can be deleted, or nobody could review registrations and reports.';

/** The current password, as sign-in reads it. */
const CurrentPassword = Credentials.shape.password;

export const ChangePasswordRequest = z.strictObject({ currentPassword: CurrentPassword, newPassword: NewPassword });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;
export const ChangePasswordResponse = ok(z.object({ otherSessionsEnded: z.number() }));

/** No body but `{}`: a strict empty object, so a stray field is refused rather than ignored. */
export const SignOutEverywhereRequest = z.strictObject({});
export const SignOutEverywhereResponse = ok(z.object({ sessionsEnded: z.number() }));

export const ForgotPasswordRequest = z.strictObject({ email: Credentials.shape.email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;
export const ForgotPasswordResponse = ok(z.object({}));

export const ResetPasswordRequest = z.strictObject({
  token: z
    .string()
    .check(z.trim(), z.minLength(1, 'token is required'), z.maxLength(200, 'token is not a reset token')),
  password: NewPassword,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;
export const ResetPasswordResponse = ok(z.object({}));

export const DeleteAccountRequest = z.strictObject({ password: CurrentPassword });
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;
export const DeleteAccountResponse = ok(z.object({ deleted: z.literal(true) }));

const UnsubscribeToken = z
  .string()
  .check(z.minLength(1, 'token is required'), z.maxLength(200, 'token is not an unsubscribe token'));
/** The token in the address (the one-click POST of a mail client) ... */
export const UnsubscribeQuery = z.object({ token: z.optional(UnsubscribeToken) });
/** ... or in the body (the web app's unsubscribe page). */
export const UnsubscribeRequest = z.object({ token: z.optional(UnsubscribeToken) });
export const UnsubscribeResponse = ok(z.object({ unsubscribed: z.literal(true) }));

/**
 * Everything the database holds for an account (GET /api/users/me/export), and nothing about the
 * reports its owner may have written: nothing links them to the account.
 */
export const AccountExport = z.object({
  generatedAt: IsoDate,
  account: z.object({
    id: Id,
    email: z.string(),
    role: z.enum(ROLES),
    status: z.enum(ACCOUNT_STATUSES),
    createdAt: IsoDate,
    decidedAt: z.nullable(IsoDate),
  }),
  profile: z.object({ demographics: Demographics, preferences: Preferences }),
  votes: z.array(
    z.object({ experienceId: Id, voteType: z.enum(VOTE_TYPES), createdAt: IsoDate, updatedAt: z.nullable(IsoDate) }),
  ),
  flags: z.array(
    z.object({
      experienceId: Id,
      reason: z.enum(FLAG_REASONS),
      note: z.nullable(z.string()),
      createdAt: IsoDate,
      resolvedAt: z.nullable(IsoDate),
    }),
  ),
  peptidesCreated: z.array(z.object({ id: Id, name: z.string(), createdAt: IsoDate, deleted: z.boolean() })),
  // Sign-ins are told by the day (docs/product-rules.md, "Your account"); the expiry too, since it
  // is the sign-in plus a fixed time.
  sessions: z.array(
    z.object({
      signedInAt: described(IsoDay, 'The UTC day of the sign-in, YYYY-MM-DD.'),
      expiresAt: described(IsoDay, 'The UTC day the session ends unless refreshed, YYYY-MM-DD.'),
      ended: z.boolean(),
    }),
  ),
  activeMonths: z.array(z.string()),
  passwordResetsPending: z.number(),
  mailQueued: z.array(z.object({ kind: z.string(), queuedAt: IsoDate })),
});
export type AccountExport = z.infer<typeof AccountExport>;
export const AccountExportResponse = ok(AccountExport);

/** The schemas of the endpoints (contract/endpoints.ts) whose shapes live here, by endpoint key: loaded with this module. */
export const ACCOUNT_ENDPOINTS = {
  changePassword: { body: ChangePasswordRequest, response: ChangePasswordResponse },
  signOutEverywhere: { body: SignOutEverywhereRequest, response: SignOutEverywhereResponse },
  exportMe: { response: AccountExportResponse },
  deleteMe: { body: DeleteAccountRequest, response: DeleteAccountResponse },
  forgotPassword: { body: ForgotPasswordRequest, response: ForgotPasswordResponse },
  resetPassword: { body: ResetPasswordRequest, response: ResetPasswordResponse },
  unsubscribe: { query: UnsubscribeQuery, body: UnsubscribeRequest, response: UnsubscribeResponse },
} satisfies Record<string, EndpointSchemas>;
