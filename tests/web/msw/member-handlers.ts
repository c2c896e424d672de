// The approved members, Suspend and Reinstate, the undo of an approval or rejection and the
// account log, in memory for the web tests (contract/members.ts). Shares the research store's
// pending list: an undo puts the account back there. Moderators only, like the real server.
import { HttpResponse } from 'msw';
import {
  AccountLogResponse,
  MemberResponse,
  MembersResponse,
  UndoAccountResponse,
  type AccountLogEntry,
  type Member,
} from '@contract/members';
import type { PendingUser } from '@contract/users';
import { on } from './endpoint';
import { bearerUser } from './handlers';
import { errorBody } from './fixtures';

export interface MemberStore {
  members: Member[];
  log: AccountLogEntry[];
}

export function makeMember(n: number, email: string, status: Member['status'] = 'approved'): Member {
  return {
    _id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email,
    status,
    createdAt: '2026-11-01T10:00:00.000Z',
    decidedAt: '2026-11-02T11:00:00.000Z',
    decidedBy: 'moderator@example.com',
  };
}

export function memberHandlers(
  research: { pending: PendingUser[]; decided: Map<string, { user: PendingUser; decision: 'approve' | 'reject' }> },
  initial: Partial<MemberStore> = {},
) {
  const store: MemberStore = { members: [], log: [], ...initial };
  const refuse = (request: Request) => {
    const caller = bearerUser(request);
    if (!caller) return HttpResponse.json(errorBody('Sign in to do this'), { status: 401 });
    if (caller.role !== 'moderator')
      return HttpResponse.json(errorBody('Only moderators can do this'), { status: 403 });
    return null;
  };
  const handlers = [
    on('members', ({ request }) => {
      const refused = refuse(request);
      if (refused) return refused;
      const params = new URL(request.url).searchParams;
      const page = Number(params.get('page') ?? 1);
      const limit = Number(params.get('limit') ?? 20);
      const q = (params.get('q') ?? '').toLowerCase();
      const found = store.members.filter((m) => m.email.toLowerCase().includes(q));
      const users = found.slice((page - 1) * limit, page * limit);
      return HttpResponse.json(
        MembersResponse.parse({ success: true, data: { users, total: found.length, page, pageSize: limit } }),
      );
    }),
    on('accountLog', ({ request }) => {
      const refused = refuse(request);
      if (refused) return refused;
      const data = { entries: store.log, total: store.log.length, page: 1, pageSize: 20 };
      return HttpResponse.json(AccountLogResponse.parse({ success: true, data }));
    }),
    on('undoUserDecision', ({ request, params }) => {
      const refused = refuse(request);
      if (refused) return refused;
      const done = research.decided.get(String(params.id));
      if (!done)
        return HttpResponse.json(errorBody('There is no recent approval or rejection of this account to undo.'), {
          status: 409,
        });
      research.decided.delete(String(params.id));
      research.pending = [...research.pending, done.user];
      return HttpResponse.json(
        UndoAccountResponse.parse({
          success: true,
          data: { id: done.user._id, status: 'pending', undone: done.decision },
          message:
            done.decision === 'approve'
              ? 'Approval undone: the account waits for a decision again, and no mail was sent.'
              : 'Rejection undone: the account waits for a decision again, and no mail was sent.',
        }),
      );
    }),
    ...(['suspendUser', 'reinstateUser'] as const).map((key) =>
      on(key, ({ request, params }) => {
        const refused = refuse(request);
        if (refused) return refused;
        const member = store.members.find((m) => m._id === params.id);
        if (!member) return HttpResponse.json(errorBody('User not found'), { status: 404 });
        member.status = key === 'suspendUser' ? 'suspended' : 'approved';
        return HttpResponse.json(MemberResponse.parse({ success: true, data: { user: member } }));
      }),
    ),
  ];
  return { store, handlers };
}
