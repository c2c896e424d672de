// A queue card's history: its last log entries (QueueItem.history, newest first, at most 10) and
// a link to all of them in the Activity tab.
import { Link } from 'react-router-dom';
import { logEntryLabel } from '@contract/moderation';
import type { ModerationLogEntry } from '@contract/moderation-api';
import { shortDate } from '@/components/experience/format';
import { Badge } from '@/components/ui/badge';
import { ACTION_VARIANT, logActor, logReasonsText } from '../log-words';
import { activityLink } from '../research-links';

export function CardHistory({
  experienceId,
  history,
  headingId,
}: {
  experienceId: string;
  history: ModerationLogEntry[];
  headingId: string;
}) {
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={headingId} className="text-sm font-semibold">
          History
        </h4>
        <Link
          to={activityLink(experienceId)}
          className="text-sm text-primary-strong underline-offset-2 hover:underline"
        >
          See all in Activity
        </Link>
      </div>
      {history.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing logged yet.</p>
      ) : (
        <ol className="grid gap-1.5 text-sm">
          {history.map((entry) => {
            const reasons = logReasonsText(entry);
            return (
              <li key={entry._id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Badge variant={ACTION_VARIANT[entry.action]}>{logEntryLabel(entry)}</Badge>
                <span className="break-all">{logActor(entry)}</span>
                <time dateTime={entry.createdAt.slice(0, 10)} className="text-muted-foreground">
                  {shortDate(entry.createdAt)}
                </time>
                {reasons && <span className="text-muted-foreground">· {reasons}</span>}
                {entry.note && (
                  <span className="basis-full break-words pl-1 text-muted-foreground">“{entry.note}”</span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
