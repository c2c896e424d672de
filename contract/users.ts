// Accounts, sessions, profiles and moderation (docs/product-rules.md, "Accounts and sign-in").
import { Prose } from './safe-text';
import { z } from 'zod/mini';
import type { EndpointSchemas } from './common';
import { IdParams } from './common';
import { DeprecatedProfileAge, ProfileActivityField } from './deprecations';
import {
  ACCOUNT_STATUSES,
  AGE_RANGES,
  BIOLOGICAL_SEXES,
  Id,
  IsoDate,
  QueryInt,
  ROLES,
  TextList,
  WIZARD_ACTIVITY_LEVELS,
  described,
  exampled,
  ok,
} from './common';

export const PASSWORD_MIN = 8;
export const PASSWORD_MIN_MESSAGE = `password must be at least ${PASSWORD_MIN} characters`;
/**
 * The server refuses the most common passwords (server/lib/common-passwords.ts) with this
 * message; the SPA shows the server's message as is, so both say the same. The list stays out
 * of the contract so it never weighs on the SPA's first load.
 */
export const PASSWORD_COMMON_MESSAGE = 'password is too common: choose one that is harder to guess';

const PASSWORD_BLANK_MESSAGE = 'password must not be only spaces';
const PASSWORD_REPEATED_MESSAGE = 'password must not be one character or a short pattern repeated';
export const PASSWORD_EMAIL_MESSAGE = 'password must not contain the part of your email before the @';
/** The part of the email before the @ is refused inside a password from this length on. */
const EMAIL_LOCAL_PART_MIN = 4;

/**
 * Passwords are compared in NFKC, so one typed with another keyboard or input method (a
 * decomposed "é", fullwidth letters) is the same password; server/lib/passwords.ts hashes the
 * NFKC form too, which also covers hashes stored before this normalisation.
 */
export const Credentials = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'email is required'),
      z.maxLength(254),
      z.email('email is not a valid email address'),
    ),
  password: z
    .string()
    .check(
      z.normalize('NFKC'),
      z.minLength(1, 'password is required'),
      z.maxLength(200, 'password must be at most 200 characters'),
    ),
});
export type Credentials = z.infer<typeof Credentials>;

/**
 * What the strength rules look at: NFKC, lower case, without spaces or invisible characters, so
 * "a a a a a a a a", "aaaaaaaa\u200b" and "m a l l o r y 1" are judged as what they are.
 */
function passwordCore(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\s\p{Cf}]/gu, '')
    .toLowerCase();
}

/** One character, or a unit of at most 3 characters, repeated ("aaaa", "abab", "abcabc"). */
function isRepeatedPattern(password: string): boolean {
  const core = passwordCore(password);
  if (core === '') return false;
  for (let unit = 1; unit <= 3 && unit < core.length; unit++) {
    if (core.length % unit === 0 && core.slice(0, unit).repeat(core.length / unit) === core) return true;
  }
  return new Set(core).size <= 1;
}

/** Whether the password holds the email's local part (case-insensitive, NFKC), when that part is long enough to matter. */
export function passwordContainsEmail(password: string, email: string): boolean {
  const local = passwordCore(email.trim().split('@')[0]);
  return local.length >= EMAIL_LOCAL_PART_MIN && passwordCore(password).includes(local);
}

/**
 * A password being chosen (registration, a change, a reset): the same rules everywhere. The rule
 * about the email's local part needs the email, so each request checks it beside this.
 */
export const NewPassword = z.string().check(
  z.normalize('NFKC'),
  z.minLength(PASSWORD_MIN, PASSWORD_MIN_MESSAGE),
  z.maxLength(200, 'password must be at most 200 characters'),
  z.refine((p) => passwordCore(p) !== '', PASSWORD_BLANK_MESSAGE),
  z.refine((p) => !isRepeatedPattern(p), PASSWORD_REPEATED_MESSAGE),
);

export const RegisterRequest = z
  .object({
    email: Credentials.shape.email,
    password: NewPassword,
  })
  .check(
    // Needs both fields, so it is checked on the object; the message still names the password.
    z.refine((r) => !passwordContainsEmail(r.password, r.email), {
      message: PASSWORD_EMAIL_MESSAGE,
      path: ['password'],
    }),
  );
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/**
 * Weight in kg and height in cm, whatever unit the member reads them in: other units are for
 * display only. Nothing is asked without a use (docs/product-rules.md, "Your account"): age range,
 * biological sex and activity level prefill the wizard when the member chooses so on a device;
 * medical conditions and allergies are no longer asked (migration 020 deleted them).
 */
export const Demographics = z.object({
  /** The wizard's age ranges, from 18 (contract/vocabulary.ts AGE_RANGES; migration 038 moved stored ages). */
  ageRange: z.optional(described(z.enum(AGE_RANGES), "The age range, one of the report wizard's: from 18.")),
  /** The wizard's word and choices (contract/vocabulary.ts BIOLOGICAL_SEXES). */
  biologicalSex: z.optional(z.enum(BIOLOGICAL_SEXES)),
  weight: z.optional(z.number().check(z.gt(0, 'weight must be positive'), z.lte(1000))),
  height: z.optional(z.number().check(z.gt(0, 'height must be positive'), z.lte(400))),
  /** The age of 3.0.0, deprecated (contract/deprecations.ts): never answered. */
  age: z.optional(DeprecatedProfileAge),
  /** The wizard's four levels (contract/vocabulary.ts WIZARD_ACTIVITY_LEVELS). */
  activityLevel: z.optional(
    described(z.enum(WIZARD_ACTIVITY_LEVELS), "The activity level, one of the report wizard's."),
  ),
  fitnessGoals: z.optional(TextList(20, 80)),
});
export type Demographics = z.infer<typeof Demographics>;

/**
 * Units for display, and the one notification there is: the weekly digest, off unless the member
 * turns it on (services/digest.ts). Mail about the account itself (approval, a reset) is not a
 * choice. The old sharing toggles fed nothing and are gone (migration 020).
 */
export const Preferences = z.object({
  units: z.optional(z.object({ weight: z.optional(z.enum(['kg', 'lbs'])), height: z.optional(z.enum(['cm', 'ft'])) })),
  notifications: z.optional(
    z.object({
      weeklyDigest: z.optional(z.boolean()),
    }),
  ),
});
export type Preferences = z.infer<typeof Preferences>;

/** Only these two fields can be changed through PUT /api/users/me: never role, status, email or password. */
export const UpdateProfileRequest = z.strictObject({
  // A deprecated activity level of 3.0.0 is read as the wizard's (contract/deprecations.ts).
  demographics: z.optional(z.strictObject({ ...Demographics.shape, activityLevel: z.optional(ProfileActivityField) })),
  preferences: z.optional(z.strictObject(Preferences.shape)),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

export const User = z.object({
  _id: Id,
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(ACCOUNT_STATUSES),
  createdAt: IsoDate,
  demographics: z.optional(Demographics),
  preferences: z.optional(Preferences),
});
export type User = z.infer<typeof User>;

/**
 * What registration answers, identical whether the email was new or already taken (nothing
 * from the database): the email as sent, trimmed, and the status every new account starts in.
 */
export const RegisteredUser = z.object({ email: z.string(), status: z.literal('pending') });
export type RegisteredUser = z.infer<typeof RegisteredUser>;
export const RegisterResponse = ok(z.object({ user: RegisteredUser }));

/**
 * Sign-up confirms the address (docs/product-rules.md, "Accounts and sign-in";
 * server/services/registration.ts): the mailed link works once, for this many hours ...
 */
export const CONFIRM_LINK_HOURS = 24;
/** ... and an account whose address is still unconfirmed this many days after it registered is deleted. */
export const UNCONFIRMED_ACCOUNT_DAYS = 7;

/** Said for every registration, whether the address was new, unconfirmed or taken. */
export const REGISTERED_MESSAGE = `We have sent an email to this address. Open the link in it within ${CONFIRM_LINK_HOURS} hours to confirm the address; a moderator reviews the account after that.`;
export const EMAIL_CONFIRMED_MESSAGE =
  'Your email address is confirmed. A moderator will now review your account; we will email you when they have decided.';
export const CONFIRM_LINK_INVALID_MESSAGE = `This confirmation link is no longer valid: it was used already, it is more than ${CONFIRM_LINK_HOURS} hours old, a newer one was sent since, or it is incomplete. If you confirmed your address already, a moderator is reviewing your account; otherwise sign up again to get a new link.`;

/**
 * Sign-in's one refusal for a wrong email, a wrong password and an address not yet confirmed,
 * so it tells nobody which; the second sentence helps the person who has just signed up.
 */
export const SIGN_IN_FAILED_MESSAGE =
  'Invalid email or password. If you have just signed up, first confirm your address with the link we emailed you.';

export const ConfirmEmailRequest = z.strictObject({
  token: z
    .string()
    .check(z.trim(), z.minLength(1, 'token is required'), z.maxLength(200, 'token is not a confirmation token')),
});
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequest>;
export const ConfirmEmailResponse = ok(z.object({}));
/**
 * Seconds the access token stays valid from now: refresh before it runs out. This server always
 * sends it; optional so that the web app still reads hosts of the older envelope
 * (docs/product-rules.md, "The API").
 */
export const ExpiresIn = z.optional(
  described(
    z.number().check(z.int(), z.positive()),
    'Seconds the access token stays valid from now (this server always sends it): refresh before it runs out.',
  ),
);
export const LoginResponse = ok(
  z.object({ accessToken: z.string(), refreshToken: z.string(), expiresIn: ExpiresIn, user: User }),
);
export type LoginData = z.infer<typeof LoginResponse>['data'];

export const RefreshRequest = z.object({
  refreshToken: z.string().check(z.minLength(1, 'refreshToken is required'), z.maxLength(500)),
});
export const RefreshResponse = ok(
  z.object({ accessToken: z.string(), refreshToken: z.string(), expiresIn: ExpiresIn }),
);

export const LogoutRequest = z.object({ refreshToken: z.optional(z.string().check(z.maxLength(500))) });
export const LogoutResponse = ok(z.object({}));

export const MeResponse = ok(z.object({ user: User }));

export const PendingUser = z.object({
  _id: Id,
  username: z.string(),
  email: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  createdAt: IsoDate,
  moderatorNotes: z.nullable(z.string()),
});
export type PendingUser = z.infer<typeof PendingUser>;

export const PendingUsersQuery = z.object({
  page: QueryInt(1, 100000, 1),
  limit: QueryInt(1, 100, 50),
});
export const PendingUsersResponse = ok(
  z.object({ users: z.array(PendingUser), total: z.number(), page: z.number(), pageSize: z.number() }),
);

export const RejectRequest = z.object({ notes: z.optional(Prose(1000)) });
export const DecisionResponse = ok(z.object({ user: PendingUser }));

// Examples for the API document (contract/common.ts, `exampled`).
exampled(Credentials, { email: 'researcher@example.org', password: 'a long and unusual passphrase' });

/** The schemas of the endpoints (contract/endpoints.ts) whose shapes live here, by endpoint key: loaded with this module. */
export const USERS_ENDPOINTS = {
  register: { body: RegisterRequest, response: RegisterResponse },
  login: { body: Credentials, response: LoginResponse },
  confirmEmail: { body: ConfirmEmailRequest, response: ConfirmEmailResponse },
  refresh: { body: RefreshRequest, response: RefreshResponse },
  logout: { body: LogoutRequest, response: LogoutResponse },
  me: { response: MeResponse },
  updateMe: { body: UpdateProfileRequest, response: MeResponse },
  pendingUsers: { query: PendingUsersQuery, response: PendingUsersResponse },
  approveUser: { params: IdParams, response: DecisionResponse },
  rejectUser: { params: IdParams, body: RejectRequest, response: DecisionResponse },
} satisfies Record<string, EndpointSchemas>;
