// How the Reports tab names things: the views, their empty states, a report, and what remains.
import type { QueueView } from '@contract/moderation';
import type { QueueItem } from '@contract/moderation-api';
import { formatCount } from '../format';

export const VIEW_LABELS: Record<QueueView, string> = {
  waiting: 'Waiting for review',
  scheduled: 'Scheduled for the next batch',
  hidden: 'Hidden reports',
};

export const EMPTY: Record<QueueView, { title: string; text: string }> = {
  waiting: { title: 'Nothing waits for review', text: 'Held and flagged reports will appear here, oldest first.' },
  scheduled: {
    title: 'Nothing is scheduled',
    text: 'Reports you publish or restore wait here for the next publication batch; until then you can undo.',
  },
  hidden: { title: 'No hidden reports', text: 'Reports a moderator hides appear here, where they can be restored.' },
};

/** "12 waiting", "3 scheduled", "1 hidden": what remains in a view (GET /api/moderation/summary). */
export const REMAINING: Record<QueueView, (n: number) => string> = {
  waiting: (n) => `${formatCount(n)} waiting`,
  scheduled: (n) => `${formatCount(n)} scheduled`,
  hidden: (n) => `${formatCount(n)} hidden`,
};

/** How a report is named to moderators and screen readers: "BPC-157 report #1a2b3c4d". */
export function reportLabel(item: QueueItem): string {
  return `${item.experience.peptideName} report #${item.experience._id.slice(0, 8)}`;
}

/** "report" or "reports" after a count. */
export const reportsWord = (n: number) => (n === 1 ? 'report' : 'reports');

/** The tab's heading: where focus goes when the last report of a list leaves it. */
export const HEADING_ID = 'reports-heading';
/** The list item of a report, for focus moves. */
export const itemDomId = (id: string) => `queue-item-${id}`;
