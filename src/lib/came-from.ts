// Where a report's page was opened from, carried in the router's location state of the link that
// opened it (never in the URL): its back link returns there and names that page
// (src/features/experiences/ExperienceDetailPage.tsx). A page opened directly has none.

export type CameFrom = { cameFrom: string };

/** The state a link to a report carries: the path (and query) of the page it is on. */
export const cameFromState = (path: string): CameFrom => ({ cameFrom: path });

/** The path a report's page was opened from, or null when it was opened directly. */
export function cameFromOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('cameFrom' in state)) return null;
  const path = (state as CameFrom).cameFrom;
  // Only a path of this site: never an address elsewhere.
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : null;
}
