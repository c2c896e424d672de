// User Management (docs/product-rules.md, "Registration approval"): pending registrations with
// Approve and Reject (reject takes optional notes); the list reloads after every decision, success
// or failure.
import { Check, UserCheck, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { PendingUser } from '@contract/users';
import { errorMessage } from '@/api/errors';
import { useApproveUser, usePendingUsers, useRejectUser } from '@/api/moderation';
import { useToast } from '@/app/toast/ToastProvider';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { LoadError } from '@/components/page/LoadError';
import { formatCount } from './format';
import { dateTimeUtc } from '@/lib/format';

const PAGE_SIZE = 20;
const NOTES_MAX = 1000;

export function UsersTab({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const pending = usePendingUsers({ page, limit: PAGE_SIZE });
  const approve = useApproveUser();
  const reject = useRejectUser();
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

  function onApprove(user: PendingUser) {
    approve.mutate(user._id, {
      onSuccess: () => toast({ variant: 'success', title: 'Success', description: 'User approved successfully' }),
      onError: () => toast({ variant: 'destructive', description: 'Failed to approve user' }),
    });
  }

  function onReject(user: PendingUser, notes: string) {
    reject.mutate(
      { id: user._id, notes },
      {
        onSuccess: () => {
          setRejecting(null);
          toast({ variant: 'success', title: 'Success', description: 'User rejected successfully' });
        },
        // The dialog stays open with the notes as typed, so the moderator can try again.
        onError: () => toast({ variant: 'destructive', description: 'Failed to reject user' }),
      },
    );
  }

  return (
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
        {data && data.total > data.pageSize && (
          <nav
            aria-label="Pending registration pages"
            className="flex flex-wrap items-center justify-between gap-2 text-sm"
          >
            <p className="text-muted-foreground">
              Page {page} of {Math.ceil(data.total / data.pageSize)}
            </p>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                Previous page
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={page * data.pageSize >= data.total}
                onClick={() => onPage(page + 1)}
              >
                Next page
              </Button>
            </div>
          </nav>
        )}
      </CardContent>
      <RejectDialog
        user={rejecting}
        busy={reject.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={(notes) => rejecting && onReject(rejecting, notes)}
      />
    </Card>
  );
}

function RejectDialog({
  user,
  busy,
  onCancel,
  onConfirm,
}: {
  user: PendingUser | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (notes: string) => void;
}) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent>
        {/* Keyed by user: each dialog starts with empty notes. */}
        {user && <RejectForm key={user._id} user={user} busy={busy} onCancel={onCancel} onConfirm={onConfirm} />}
      </DialogContent>
    </Dialog>
  );
}

function RejectForm({
  user,
  busy,
  onCancel,
  onConfirm,
}: {
  user: PendingUser;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (notes: string) => void;
}) {
  const [notes, setNotes] = useState('');
  const notesId = useId();
  const helpId = useId();
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(notes.trim());
      }}
    >
      <DialogHeader>
        <DialogTitle>Reject registration</DialogTitle>
        <DialogDescription>
          <span className="break-all">{user.email}</span> will not be able to sign in. Anonymous submissions stay open
          to them.
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-2">
        <Label htmlFor={notesId}>Notes (optional)</Label>
        <Textarea
          id={notesId}
          value={notes}
          maxLength={NOTES_MAX}
          rows={3}
          aria-describedby={helpId}
          onChange={(event) => setNotes(event.target.value)}
        />
        <p id={helpId} className="text-xs text-muted-foreground">
          Why it was rejected, for other moderators. Not shown publicly. {notes.length}/{NOTES_MAX}
        </p>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? 'Rejecting...' : 'Reject User'}
        </Button>
      </DialogFooter>
    </form>
  );
}
