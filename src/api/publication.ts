// How this site publishes (GET /api/publication): the grid, the minimum group, the longest and the
// typical wait, the same for every visitor (src/lib/publication.ts words it). Asked once when the
// wizard or the Privacy page opens, never again on that page: a request at the wizard's last step
// would mark, for whoever sees the traffic, the moment before a submission. So no retry, no
// refetch on focus, on reconnect or when another part mounts; if it fails, the pages say what
// holds without its figures.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicationSchedule } from '@contract/experiences';
import { call } from './client';

export function fetchPublicationSchedule(): Promise<PublicationSchedule> {
  return call('publication');
}

export function publicationScheduleQueryOptions() {
  return queryOptions({
    queryKey: ['publication-schedule'],
    queryFn: fetchPublicationSchedule,
    staleTime: Infinity,
    retry: false,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Called once by the page that opens (SubmitPage, PrivacyPage), which hands the answer down as props. */
export function usePublicationSchedule(): PublicationSchedule | undefined {
  return useQuery(publicationScheduleQueryOptions()).data;
}

/** As usePublicationSchedule, with whether the answer is still awaited (a page that says "Loading" meanwhile). */
export function usePublicationScheduleState(): { schedule: PublicationSchedule | undefined; loading: boolean } {
  const query = useQuery(publicationScheduleQueryOptions());
  return { schedule: query.data, loading: query.isPending };
}
