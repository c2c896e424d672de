// The signed-in member's own account (GET /api/users/me).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest, User } from '@contract/users';
import { call } from './client';

const INVALID = 'Invalid user data response';

export const meQueryKey = ['users', 'me'] as const;

export async function fetchMe(): Promise<User> {
  return (await call('me', { invalid: INVALID })).user;
}

export function meQueryOptions() {
  // No retry: a failed check signs the member out at once (docs/product-rules.md, "Session").
  return queryOptions({ queryKey: meQueryKey, queryFn: fetchMe, retry: false });
}

export function useMe(enabled = true) {
  return useQuery({ ...meQueryOptions(), enabled });
}

/** PUT /api/users/me: only demographics and preferences (the contract refuses anything else). */
export async function updateMe(body: UpdateProfileRequest): Promise<User> {
  return (await call('updateMe', { body, invalid: INVALID })).user;
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
