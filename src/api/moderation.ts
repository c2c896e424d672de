// Registration approval (docs/product-rules.md, "Registration approval"): pending accounts,
// approve, reject with notes. Through the shared axios instance and configured host, like every
// other call.
import { pathOf } from '@contract/endpoints';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readData } from '@contract/normalize';
import { DecisionResponse, PendingUsersResponse, type PendingUser } from '@contract/users';
import { api } from './client';
import { ApiError } from './errors';

export type PendingUsersPage = { users: PendingUser[]; total: number; page: number; pageSize: number };
export type PendingUsersParams = { page: number; limit: number };

export async function fetchPendingUsers(params: PendingUsersParams): Promise<PendingUsersPage> {
  const response = await api.get<unknown>(pathOf('pendingUsers'), { params });
  const data = readData(PendingUsersResponse, response.data, { listKey: 'users' });
  if (!data) throw new ApiError('Failed to load pending users', response.status, response.data);
  return data;
}

export const pendingUsersKey = ['users', 'pending'] as const;

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

async function decide(path: string, body?: unknown): Promise<PendingUser> {
  const response = await api.post<unknown>(path, body);
  const data = readData(DecisionResponse, response.data);
  if (!data) throw new ApiError('Invalid response from server', response.status, response.data);
  return data.user;
}

export const approveUser = (id: string) => decide(pathOf('approveUser', { id }));
export const rejectUser = (id: string, notes: string) => decide(pathOf('rejectUser', { id }), { notes });

/** After any decision the pending list and the overview's pending count reload. */
function useDecision<V>(fn: (vars: V) => Promise<PendingUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pendingUsersKey }),
        queryClient.invalidateQueries({ queryKey: ['research', 'overview'] }),
      ]);
    },
  });
}

export function useApproveUser() {
  return useDecision((id: string) => approveUser(id));
}

export function useRejectUser() {
  return useDecision(({ id, notes }: { id: string; notes: string }) => rejectUser(id, notes));
}
