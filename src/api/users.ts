// The signed-in member's own account (GET /api/users/me).
import { pathOf } from '@contract/endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readData } from '@contract/normalize';
import { MeResponse, type UpdateProfileRequest, type User } from '@contract/users';
import { api } from './client';
import { ApiError } from './errors';

export const meQueryKey = ['users', 'me'] as const;

export async function fetchMe(): Promise<User> {
  const response = await api.get<unknown>(pathOf('me'));
  const data = readData(MeResponse, response.data);
  if (!data) throw new ApiError('Invalid user data response', response.status, response.data);
  return data.user;
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
  const response = await api.put<unknown>(pathOf('updateMe'), body);
  const data = readData(MeResponse, response.data);
  if (!data) throw new ApiError('Invalid user data response', response.status, response.data);
  return data.user;
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(meQueryKey, user),
  });
}
