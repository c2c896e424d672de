// User Management (docs/product-rules.md, "Registration approval"): pending registrations with
// Approve and Reject (reject takes optional notes), each with Undo on its toast while its mail
// waits; the list reloads after every decision, success or failure. Below: the approved members
// (Suspend, Reinstate) and the account log.
import { Check, UserCheck, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PendingUser } from '@contract/users';
import { errorMessage } from '@/api/errors';
import { useUndoUserDecision } from '@/api/members';
import { useApproveUser, usePendingUsers, useRejectUser } from '@/api/moderation';
import { useToast } from '@/app/toast/ToastProvider';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/page/LoadError';
import { formatCount } from './format';
import { dateTimeUtc } from '@/lib/format';
import { AccountLog } from './users/AccountLog';
import { ApprovedMembers } from './users/ApprovedMembers';
import { PageNav } from './users/PageNav';
import { RejectDialog } from './users/RejectDialog';

const PAGE_SIZE = 20;

export function UsersTab({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const pending = usePendingUsers({ page, limit: PAGE_SIZE });
  const approve = useApproveUser();
  const reject = useRejectUser();
  const undo = useUndoUserDecision();
  const { toast } = useToast();
  const [rejecting, setRejecting] = useState<PendingUser | null>(null);

  useEffect(() => {
    if (pending.isError) toast({ variant: 'destructive', description: 'Failed to load pending users' });
  }, [pending.isError, toast]);

  // Deciding the last user of a later page leaves it empty: step back to a page that has users.
  const data = pending.data;
  useEffect(() => {
    if (data && data.users.length === 0 && data.total > 0 && page > 1) onPage(Math.ceil(data.total / data.pageSize));
  }, [data, page, onPage]);

  const busyId =
    (approve.isPending ? approve.variables : undefined) ?? (reject.isPending ? reject.variables.id : undefined);

  // The decision's mail waits while Undo is offered (server/services/account-decisions.ts): an
  // undone decision sends none.
  function offerUndo(user: PendingUser, title: string, description: string) {
    toast({
      variant: 'success',
      title,
      description,
      action: {
        label: 'Undo',
        altText: `Undo the decision on ${user.email}: it waits for review again.`,
        onAction: () =>
          undo.mutate(user._id, {
            onSuccess: (message) => toast({ variant: 'success', title: message, description: user.email }),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: 'Could not undo',
                description: errorMessage(error, 'Try again.'),
              }),
          }),
      },
    });
  }

  function onApprove(user: PendingUser) {
    approve.mutate(user._id, {
      onSuccess: () =>
        offerUndo(
          user,
          'Registration approved',
          `${user.email} can sign in. The approval mail goes out once Undo is gone.`,
        ),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to approve', description: errorMessage(error, 'Try again.') }),
    });
  }

  function onReject(user: PendingUser, notes: string) {
    reject.mutate(
      { id: user._id, notes },
      {
        onSuccess: () => {
          setRejecting(null);
          offerUndo(
            user,
            'Registration rejected',
            `${user.email} cannot sign in. The mail saying so goes out once Undo is gone.`,
          );
        },
        // The dialog stays open with the notes as typed, so the moderator can try again.
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Failed to reject', description: errorMessage(error, 'Try again.') }),
      },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Pending registrations</CardTitle>
          <CardDescription>
            New accounts wait here until a moderator approves or rejects them; see the Guidelines tab for how to decide.
            {data ? ` ${formatCount(data.total)} waiting.` : ''}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {pending.isPending ? (
            <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading pending users">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-16" />
              ))}
            </div>
          ) : pending.isError ? (
            <LoadError
              title="Failed to load pending users"
              message={errorMessage(pending.error, 'The pending registrations could not be loaded.')}
              onRetry={() => void pending.refetch()}
            />
          ) : data && data.users.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-8 text-center">
              <UserCheck className="size-8 text-muted-foreground" aria-hidden />
              <p className="font-medium">No pending registrations</p>
              <p className="text-sm text-muted-foreground">
                Everyone who registered has been reviewed. New sign-ups will appear here.
              </p>
            </div>
          ) : (
            <ul
              className="flex flex-col divide-y divide-border"
              aria-label="Pending registrations"
              aria-busy={pending.isFetching}
            >
              {data?.users.map((user) => (
                <li
                  key={user._id}
                  className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex min-w-0 flex-col">
                    <span className="break-all font-medium">{user.email}</span>
                    <span className="text-sm text-muted-foreground">
                      Registered <time dateTime={user.createdAt}>{dateTimeUtc(user.createdAt)}</time>
                    </span>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      onClick={() => onApprove(user)}
                      disabled={busyId !== undefined}
                      aria-label={`Approve ${user.email}`}
                    >
                      <Check aria-hidden />
                      {busyId === user._id && approve.isPending ? 'Approving...' : 'Approve'}
                    </Button>
                    <Button
                      size="sm"
                      variant="destructive"
                      onClick={() => setRejecting(user)}
                      disabled={busyId !== undefined}
                      aria-label={`Reject ${user.email}`}
                    >
                      <X aria-hidden />
                      Reject
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {data && (
            <PageNav
              label="Pending registration pages"
              page={page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={onPage}
            />
          )}
        </CardContent>
        <RejectDialog
          user={rejecting}
          busy={reject.isPending}
          onCancel={() => setRejecting(null)}
          onConfirm={(notes) => rejecting && onReject(rejecting, notes)}
        />
      </Card>
      <ApprovedMembers />
      <AccountLog />
    </div>
  );
}
