// The account log (docs/product-rules.md, "Registration approval"): who approved, rejected,
// undid, suspended or reinstated which account, newest first, paged on the server.
import { History } from 'lucide-react';
import { useState } from 'react';
import { ACCOUNT_ACTION_LABELS, type AccountAction, type AccountLogEntry } from '@contract/members';
import { errorMessage } from '@/api/errors';
import { useAccountLog } from '@/api/members';
import { LoadError } from '@/components/page/LoadError';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { dateTimeUtc } from '@/lib/format';
import { PageNav } from './PageNav';

const PAGE_SIZE = 20;

const VARIANT: Record<AccountAction, BadgeVariant> = {
  approve: 'success',
  reject: 'destructive',
  undo: 'secondary',
  suspend: 'destructive',
  reinstate: 'default',
};

/** "Approval undone" for an undo, the action's own label otherwise. */
function entryLabel(entry: AccountLogEntry): string {
  if (entry.action === 'undo' && entry.undid) return entry.undid === 'approve' ? 'Approval undone' : 'Rejection undone';
  return ACCOUNT_ACTION_LABELS[entry.action];
}

export function AccountLog() {
  const [page, setPage] = useState(1);
  const log = useAccountLog({ page, limit: PAGE_SIZE });
  const data = log.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account decisions</CardTitle>
        <CardDescription>Who approved, rejected, suspended or reinstated which account, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {log.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading account decisions">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : log.isError ? (
          <LoadError
            title="Failed to load the account log"
            message={errorMessage(log.error, 'The account decisions could not be loaded.')}
            onRetry={() => void log.refetch()}
          />
        ) : data && data.entries.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <History className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">No account decisions yet</p>
          </div>
        ) : (
          <ol
            className="flex flex-col divide-y divide-border"
            aria-label="Account decisions"
            aria-busy={log.isFetching}
          >
            {data?.entries.map((entry) => (
              <li key={entry._id} className="flex flex-col gap-1 py-2 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant={VARIANT[entry.action]}>{entryLabel(entry)}</Badge>
                  <span className="break-all font-medium">{entry.memberEmail ?? 'A deleted account'}</span>
                  <span className="text-muted-foreground">
                    by {entry.moderatorEmail ?? 'a former moderator'},{' '}
                    <time dateTime={entry.createdAt}>{dateTimeUtc(entry.createdAt)}</time>
                  </span>
                </div>
                {entry.note && <p className="break-words text-sm text-muted-foreground">Note: {entry.note}</p>}
              </li>
            ))}
          </ol>
        )}
        {data && (
          <PageNav
            label="Account decision pages"
            page={page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={setPage}
          />
        )}
      </CardContent>
    </Card>
  );
}
