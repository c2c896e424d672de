// Account decisions after the first (docs/product-rules.md, "Registration approval"): undo of an
// approval or rejection, the approved members with Suspend and Reinstate, and the account log.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountLogEntry, Member } from '@contract/members';
import { call } from './client';
import { accountLogKey, membersKey, refreshAfterAccountDecision } from './moderation';

export type MembersPage = { users: Member[]; total: number; page: number; pageSize: number };
export type MembersParams = { page: number; limit: number; q: string };
export type AccountLogPage = { entries: AccountLogEntry[]; total: number; page: number; pageSize: number };

export function membersQueryOptions(params: MembersParams) {
  return queryOptions({
    queryKey: [...membersKey, params],
    queryFn: (): Promise<MembersPage> =>
      call('members', {
        query: { page: params.page, limit: params.limit, ...(params.q ? { q: params.q } : {}) },
        listKey: 'users',
        invalid: 'Failed to load the approved members',
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useMembers(params: MembersParams) {
  return useQuery(membersQueryOptions(params));
}

export function useAccountLog(params: { page: number; limit: number }) {
  return useQuery({
    queryKey: [...accountLogKey, params],
    queryFn: (): Promise<AccountLogPage> =>
      call('accountLog', { query: params, listKey: 'entries', invalid: 'Failed to load the account log' }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

function useAccountChange<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => refreshAfterAccountDecision(queryClient),
  });
}

/** Takes back an approval or rejection; resolves to the server's sentence. */
export function useUndoUserDecision() {
  return useAccountChange(
    async (id: string) => (await call('undoUserDecision', { params: { id }, read: 'reply' })).message ?? 'Undone.',
  );
}

export function useSuspendMember() {
  return useAccountChange(
    async ({ id, note }: { id: string; note: string }) =>
      (await call('suspendUser', { params: { id }, body: note ? { note } : {} })).user,
  );
}

export function useReinstateMember() {
  return useAccountChange(async (id: string) => (await call('reinstateUser', { params: { id } })).user);
}
