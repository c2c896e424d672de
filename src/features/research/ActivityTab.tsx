// The Activity tab: the moderation log (docs/product-rules.md, "Moderation"), newest first with
// "Load more", filtered by action and by moderator, and to one report's history when the URL names
// it (a queue card's "See all in Activity"). The moderator list is made of the moderators seen in
// the entries loaded so far (there is no route that lists moderators), plus the one signed in;
// each entry links to its report in the Reports tab.
import { History } from 'lucide-react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  logEntryLabel,
  MODERATION_ACTIONS,
  MODERATION_ACTION_LABELS,
  type ModerationAction,
} from '@contract/moderation';
import type { ModerationLogEntry } from '@contract/moderation-api';
import { errorMessage } from '@/api/errors';
import { moderationLogKey, useModerationLog, type LogPage } from '@/api/moderation-log';
import { useAuth } from '@/app/session/AuthProvider';
import { shortDate } from '@/components/experience/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/page/LoadError';
import { LoadMore } from '@/components/page/LoadMore';
import { ACTION_VARIANT, logActor, logReasonsText } from './log-words';
import { reportLink } from './research-links';

export function ActivityTab({ experienceId, onShowAll }: { experienceId: string | null; onShowAll: () => void }) {
  const { user } = useAuth();
  const [action, setAction] = useState<ModerationAction | ''>('');
  const [moderatorId, setModeratorId] = useState('');
  const query = useModerationLog({
    action: action || undefined,
    moderatorId: moderatorId || undefined,
    experienceId: experienceId ?? undefined,
  });
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  const listRef = useRef<HTMLUListElement>(null);
  const ids = { action: useId(), moderator: useId() };

  // Every moderator in any log page loaded so far (whatever filter loaded it), and the one signed in.
  const queryClient = useQueryClient();
  const moderators = new Map<string, string>(user ? [[user._id, user.email]] : []);
  for (const [, data] of queryClient.getQueriesData<InfiniteData<LogPage>>({ queryKey: moderationLogKey })) {
    for (const e of data?.pages.flatMap((p) => p.entries) ?? [])
      if (e.moderatorId) moderators.set(e.moderatorId, e.moderatorEmail ?? e.moderatorId);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Activity</CardTitle>
        <CardDescription>
          Every hold and every moderator&apos;s decision, newest first. Nothing is ever removed from this log.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {experienceId && (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-border bg-muted/40 px-3 py-2 text-sm">
            <span>
              The history of report <span className="font-medium">#{experienceId.slice(0, 8)}</span>
            </span>
            <Link to={reportLink(experienceId)} className="text-primary-strong underline-offset-2 hover:underline">
              Open the report
            </Link>
            <Button size="sm" variant="outline" className="sm:ml-auto" onClick={onShowAll}>
              Show every report
            </Button>
          </div>
        )}
        <div className="flex flex-wrap gap-4" role="group" aria-label="Filter the activity">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.action}>Action</Label>
            <Select
              id={ids.action}
              value={action}
              onChange={(event) => setAction(event.target.value as ModerationAction | '')}
            >
              <option value="">All actions</option>
              {MODERATION_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {MODERATION_ACTION_LABELS[a]}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={ids.moderator}>Moderator</Label>
            <Select
              id={ids.moderator}
              className="max-w-full"
              value={moderatorId}
              onChange={(event) => setModeratorId(event.target.value)}
            >
              <option value="">Everyone</option>
              {[...moderators].map(([id, email]) => (
                <option key={id} value={id}>
                  {id === user?._id ? `${email} (you)` : email}
                </option>
              ))}
            </Select>
          </div>
        </div>
        {query.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading the activity">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : query.isError && entries.length === 0 ? (
          <LoadError
            title="Failed to load the activity"
            message={errorMessage(query.error, 'The log could not be loaded.')}
            onRetry={() => void query.refetch()}
          />
        ) : entries.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <History className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">
              {action || moderatorId || experienceId ? 'No activity matches these filters' : 'No activity yet'}
            </p>
          </div>
        ) : (
          <>
            <ul
              ref={listRef}
              className="flex flex-col divide-y divide-border"
              aria-label="Moderation activity"
              aria-busy={query.isFetching && !query.isFetchingNextPage}
            >
              {entries.map((entry) => (
                // Narrowed to one report, the link above opens it: no link repeated on every row.
                <LogEntry key={entry._id} entry={entry} linked={!experienceId} />
              ))}
            </ul>
            <LoadMore
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              onLoadMore={() => void query.fetchNextPage()}
              endText="You have reached the end of the log."
              list={listRef}
              shown={entries.length}
              noun={['entry', 'entries']}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function LogEntry({ entry, linked }: { entry: ModerationLogEntry; linked: boolean }) {
  const who = logActor(entry);
  const reasons = logReasonsText(entry);
  const ref = `#${entry.experienceId.slice(0, 8)}`;
  return (
    <li className="flex flex-col gap-1.5 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={ACTION_VARIANT[entry.action]}>{logEntryLabel(entry)}</Badge>
          <span className="break-all text-sm font-medium">{who}</span>
          <span className="text-sm text-muted-foreground">
            <time dateTime={entry.createdAt.slice(0, 10)}>{shortDate(entry.createdAt)}</time>
          </span>
        </div>
        {reasons && <p className="text-sm">Reason: {reasons}</p>}
        {entry.note && <p className="break-words text-sm text-muted-foreground">Note: {entry.note}</p>}
      </div>
      {linked && (
        <Link
          to={reportLink(entry.experienceId)}
          className="shrink-0 text-sm text-primary-strong underline-offset-2 hover:underline"
        >
          Open report {ref}
        </Link>
      )}
    </li>
  );
}
