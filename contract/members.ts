// Moderators' decisions on members after the first one (docs/product-rules.md, "Registration
// approval"): taking back an approval or a rejection for a few seconds, the approved members with
// Suspend and Reinstate, and the log of who decided what about an account.
import { z } from 'zod/mini';
import type { EndpointSchemas } from './common';
import { described, Id, IdParams, IsoDate, ok, QueryInt } from './common';
import { Prose } from './safe-text';

/**
 * Default of ACCOUNT_UNDO_SECONDS (server/config.ts): how long the server takes back an approval
 * or rejection, and holds back its mail so that an undone decision sends none. The Hub's toast
 * offers Undo for 10 s of it (src/app/toast/toast-model.ts); the rest covers a slow answer.
 */
export const ACCOUNT_UNDO_SECONDS = 15;

/** What the account log records. */
export const ACCOUNT_ACTIONS = ['approve', 'reject', 'undo', 'suspend', 'reinstate'] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];

/** How the Hub names each entry of the account log. */
export const ACCOUNT_ACTION_LABELS: Record<AccountAction, string> = {
  approve: 'Approved',
  reject: 'Rejected',
  undo: 'Decision undone',
  suspend: 'Suspended',
  reinstate: 'Reinstated',
};

/** What a suspended member reads when signing in, and a session of theirs hears on its next request. */
export const SUSPENDED_MESSAGE =
  'This account is suspended by a moderator, so it cannot sign in. Reading and sharing reports need no account.';

export const MEMBER_STATUSES = ['approved', 'suspended', 'rejected'] as const;

/** `GET /api/users/members`: approved and suspended members and rejected registrations (not moderators), newest decision first. */
export const MembersQuery = z.object({
  page: QueryInt(1, 100000, 1),
  limit: QueryInt(1, 100, 20),
  q: z.optional(
    described(
      z.string().check(z.maxLength(200)),
      'Part of the email address (or the name before the @), any case; empty: every member.',
    ),
  ),
});

export const Member = z.object({
  _id: Id,
  email: z.string(),
  status: described(
    z.enum(MEMBER_STATUSES),
    '`suspended`: cannot sign in until a moderator reinstates the account. `rejected`: a registration a moderator refused, which `POST /api/users/{id}/approve` can still let in.',
  ),
  createdAt: IsoDate,
  decidedAt: described(
    z.nullable(IsoDate),
    'When a moderator last approved, rejected, suspended or reinstated the account; null for accounts made before that was kept.',
  ),
  decidedBy: described(
    z.nullable(z.string()),
    "That moderator's email; null when unknown or the moderator's account was deleted.",
  ),
});
export type Member = z.infer<typeof Member>;
export const MembersResponse = ok(
  z.object({ users: z.array(Member), total: z.number(), page: z.number(), pageSize: z.number() }),
);

/** `POST /api/users/{id}/suspend`: an optional note for other moderators, never shown to the member. */
export const SuspendRequest = z.object({ note: z.optional(Prose(1000)) });
export const MemberResponse = ok(z.object({ user: Member }));

/**
 * `POST /api/users/{id}/undo`: the account is pending again, and the mail of the decision, not
 * sent yet, is dropped. 409 once the window has passed or the mail has gone.
 */
export const UndoAccountResponse = ok(
  z.object({
    id: Id,
    status: described(z.literal('pending'), 'The account waits for a decision again.'),
    undone: described(z.enum(['approve', 'reject']), 'The decision taken back.'),
  }),
);

export const AccountLogQuery = z.object({
  page: QueryInt(1, 100000, 1),
  limit: QueryInt(1, 100, 20),
});
export const AccountLogEntry = z.object({
  _id: z.string(),
  action: z.enum(ACCOUNT_ACTIONS),
  /** For `undo`, the decision it took back. */
  undid: described(z.nullable(z.enum(['approve', 'reject'])), 'For an undo: the decision it took back.'),
  memberId: described(z.nullable(z.string()), 'null: the member has deleted the account since.'),
  memberEmail: z.nullable(z.string()),
  moderatorId: described(z.nullable(z.string()), "null: the moderator's account was deleted since."),
  moderatorEmail: z.nullable(z.string()),
  note: z.nullable(z.string()),
  createdAt: IsoDate,
});
export type AccountLogEntry = z.infer<typeof AccountLogEntry>;
export const AccountLogResponse = ok(
  z.object({ entries: z.array(AccountLogEntry), total: z.number(), page: z.number(), pageSize: z.number() }),
);

/** The schemas of the endpoints (contract/endpoints.ts) whose shapes live here, by endpoint key. */
export const MEMBERS_ENDPOINTS = {
  members: { query: MembersQuery, response: MembersResponse },
  suspendUser: { params: IdParams, body: SuspendRequest, response: MemberResponse },
  reinstateUser: { params: IdParams, response: MemberResponse },
  undoUserDecision: { params: IdParams, response: UndoAccountResponse },
  accountLog: { query: AccountLogQuery, response: AccountLogResponse },
} satisfies Record<string, EndpointSchemas>;
