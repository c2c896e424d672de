// The submitter's own report, reached only with its tracking ID.
// The ID travels in the request body, never in a URL (proxies and hosts log URLs):
// POST /api/experiences/tracking/lookup, PUT /api/experiences/tracking and
// POST /api/experiences/tracking/delete, each with `{ trackingId }` (server/routes/experiences.ts).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { OwnExperience, UpdateExperienceRequest } from '@contract/experiences';
import { normaliseTrackingId } from '@contract/rules';
import { call } from './client';
import { ApiError, SERVER_UNREACHABLE, isUnreachable } from './errors';

export { normaliseTrackingId };

export async function fetchOwnExperience(trackingId: string): Promise<OwnExperience> {
  const data = await call('trackedExperience', { body: { trackingId: normaliseTrackingId(trackingId) } });
  return data.experience;
}

export const trackingQueryKey = (trackingId: string) =>
  ['experiences', 'tracking', normaliseTrackingId(trackingId)] as const;

export function trackingQueryOptions(trackingId: string) {
  // No retry: a 404 means "no such report", asking again will not change that.
  return queryOptions({
    queryKey: trackingQueryKey(trackingId),
    queryFn: () => fetchOwnExperience(trackingId),
    retry: false,
    staleTime: 0,
  });
}

/** Looks a report up only once `trackingId` is set (after the button is pressed). */
export function useOwnExperience(trackingId: string | null) {
  return useQuery({ ...trackingQueryOptions(trackingId ?? ''), enabled: Boolean(trackingId) });
}

/**
 * The data behind a tracking-ID lookup form (src/components/tracking/TrackingLookup.tsx): the
 * found report is read from the query cache, so an update elsewhere (PUT) shows at once.
 */
export function useTrackingLookup() {
  const queryClient = useQueryClient();
  const [found, setFound] = useState<string | null>(null);
  const report = useOwnExperience(found);
  const lookUp = useCallback(
    async (trackingId: string): Promise<'found' | 'not-found' | 'failed' | 'unreachable'> => {
      const id = normaliseTrackingId(trackingId);
      try {
        await queryClient.fetchQuery(trackingQueryOptions(id));
        setFound(id);
        return 'found';
      } catch (error) {
        setFound(null);
        // 400 (not TRK- + 20 digits) and 404 both mean there is no such report.
        if (isUnreachable(error)) return 'unreachable';
        return error instanceof ApiError && (error.status === 404 || error.status === 400) ? 'not-found' : 'failed';
      }
    },
    [queryClient],
  );
  const clear = useCallback(() => setFound(null), []);
  return { experience: found ? report.data : undefined, lookUp, clear, unreachableText: SERVER_UNREACHABLE };
}

export async function updateOwnExperience(
  trackingId: string,
  changes: UpdateExperienceRequest,
): Promise<OwnExperience> {
  // Padded like a submission (./padded-body): a correction's size does not point at its report.
  const body = { ...changes, trackingId: normaliseTrackingId(trackingId) };
  return (await call('updateTrackedExperience', { body, padded: true })).experience;
}

/** Deletes the report; resolves with when the public pages drop it, at the earliest and the latest (null: it was not public, or at once). */
export async function deleteOwnExperience(
  trackingId: string,
): Promise<{ publicUntil: string | null; publicBy: string | null }> {
  return call('deleteTrackedExperience', { body: { trackingId: normaliseTrackingId(trackingId) } });
}

export function useUpdateOwnExperience(trackingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateExperienceRequest) => updateOwnExperience(trackingId, changes),
    onSuccess: (experience) => {
      queryClient.setQueryData(trackingQueryKey(trackingId), experience);
      // Lists and aggregates now show the corrected story and ratings.
      void queryClient.invalidateQueries({ queryKey: ['experiences'], predicate: (q) => q.queryKey[1] !== 'tracking' });
    },
  });
}

export function useDeleteOwnExperience(trackingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteOwnExperience(trackingId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: trackingQueryKey(trackingId) });
      void queryClient.invalidateQueries({ queryKey: ['experiences'] });
    },
  });
}
