// Registration approval (docs/product-rules.md, "Registration approval"): pending accounts,
// approve, reject with notes. Through the shared axios instance and configured host, like every
// other call.
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { PendingUser } from '@contract/users';
import { call } from './client';
import { moderationSummaryQueryOptions } from './moderation-summary';

export type PendingUsersPage = { users: PendingUser[]; total: number; page: number; pageSize: number };
export type PendingUsersParams = { page: number; limit: number };

export function fetchPendingUsers(params: PendingUsersParams): Promise<PendingUsersPage> {
  return call('pendingUsers', { query: params, listKey: 'users', invalid: 'Failed to load pending users' });
}

export const pendingUsersKey = ['users', 'pending'] as const;
/** The approved members and the account log (./members.ts): every account decision changes them too. */
export const membersKey = ['users', 'members'] as const;
export const accountLogKey = ['users', 'account-log'] as const;

/** What any account decision changes: the pending list, the members, the log and the overview's count. */
export async function refreshAfterAccountDecision(queryClient: QueryClient) {
  await Promise.all(
    [pendingUsersKey, membersKey, accountLogKey, ['research', 'overview'], moderationSummaryQueryOptions.queryKey].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

export function pendingUsersQueryOptions(params: PendingUsersParams) {
  return queryOptions({
    queryKey: [...pendingUsersKey, params],
    queryFn: () => fetchPendingUsers(params),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function usePendingUsers(params: PendingUsersParams, enabled = true) {
  return useQuery({ ...pendingUsersQueryOptions(params), enabled });
}

export const approveUser = async (id: string): Promise<PendingUser> =>
  (await call('approveUser', { params: { id } })).user;
export const rejectUser = async (id: string, notes: string): Promise<PendingUser> =>
  (await call('rejectUser', { params: { id }, body: { notes } })).user;

/** After any decision the pending list, the members, the account log, the overview's pending count and the User Management tab's badge reload. */
function useDecision<V>(fn: (vars: V) => Promise<PendingUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => refreshAfterAccountDecision(queryClient),
  });
}

export function useApproveUser() {
  return useDecision((id: string) => approveUser(id));
}

export function useRejectUser() {
  return useDecision(({ id, notes }: { id: string; notes: string }) => rejectUser(id, notes));
}
