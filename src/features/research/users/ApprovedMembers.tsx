// The approved members (docs/product-rules.md, "Registration approval"): paged on the server,
// searchable by part of the email, each with Suspend or Reinstate after a confirm dialog
// (MemberDialog.tsx), and the rejected registrations, which Approve lets in later. A suspended
// member's votes and flags stay counted.
import { Search, Users } from 'lucide-react';
import { useId, useState } from 'react';
import type { Member } from '@contract/members';
import { errorMessage } from '@/api/errors';
import { useMembers, useReinstateMember, useSuspendMember } from '@/api/members';
import { useApproveUser } from '@/api/moderation';
import { useToast } from '@/app/toast/ToastProvider';
import { LoadError } from '@/components/page/LoadError';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { dateTimeUtc } from '@/lib/format';
import { formatCount } from '../format';
import { MemberDialog, type MemberChange } from './MemberDialog';
import { PageNav } from './PageNav';

const PAGE_SIZE = 20;

export function ApprovedMembers() {
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const members = useMembers({ page, limit: PAGE_SIZE, q });
  const suspend = useSuspendMember();
  const reinstate = useReinstateMember();
  const approve = useApproveUser();
  const { toast } = useToast();
  const [changing, setChanging] = useState<MemberChange | null>(null);
  const searchId = useId();
  const data = members.data;
  const busy = suspend.isPending || reinstate.isPending || approve.isPending;

  async function onConfirm(change: MemberChange, note: string) {
    try {
      if (change.action === 'suspend') await suspend.mutateAsync({ id: change.member._id, note });
      else if (change.action === 'approve') await approve.mutateAsync(change.member._id);
      else await reinstate.mutateAsync(change.member._id);
      setChanging(null);
      const { email } = change.member;
      toast({
        variant: 'success',
        ...{
          suspend: {
            title: 'Member suspended',
            description: `${email} is signed out everywhere and cannot sign in. Their votes and flags stay counted.`,
          },
          reinstate: { title: 'Member reinstated', description: `${email} can sign in again.` },
          approve: {
            title: 'Registration approved',
            description: `${email} can sign in; the approval mail is on its way.`,
          },
        }[change.action],
      });
    } catch (error) {
      // The dialog stays open with the note as typed, so the moderator can try again.
      toast({ variant: 'destructive', title: 'Not saved', description: errorMessage(error, 'Try again.') });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Approved members</CardTitle>
        <CardDescription>
          Everyone who can sign in, those a moderator suspended, and registrations a moderator rejected (Approve still
          lets them in). A suspended member cannot sign in; their votes and flags stay counted.
          {data ? ` ${formatCount(data.total)} ${q ? 'found' : 'in all'}.` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form
          role="search"
          aria-label="Approved members"
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setQ(typed.trim());
            setPage(1);
          }}
        >
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <Label htmlFor={searchId}>Search by email</Label>
            <Input
              id={searchId}
              type="search"
              value={typed}
              maxLength={200}
              placeholder="name or name@example.com"
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <Button type="submit" variant="outline">
            <Search aria-hidden />
            Search
          </Button>
        </form>
        {members.isPending ? (
          <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading approved members">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        ) : members.isError ? (
          <LoadError
            title="Failed to load the approved members"
            message={errorMessage(members.error, 'The approved members could not be loaded.')}
            onRetry={() => void members.refetch()}
          />
        ) : data && data.users.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <Users className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">{q ? `No member's email contains “${q}”` : 'No approved members yet'}</p>
            <p className="text-sm text-muted-foreground">
              {q ? 'Try part of the address, such as the name before the @.' : 'Members appear here once approved.'}
            </p>
          </div>
        ) : (
          <ul
            className="flex flex-col divide-y divide-border"
            aria-label="Approved members"
            aria-busy={members.isFetching}
          >
            {data?.users.map((member) => (
              <MemberRow key={member._id} member={member} disabled={busy} onChange={setChanging} />
            ))}
          </ul>
        )}
        {data && (
          <PageNav
            label="Approved member pages"
            page={page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={setPage}
          />
        )}
      </CardContent>
      <MemberDialog
        change={changing}
        busy={busy}
        onCancel={() => setChanging(null)}
        onConfirm={(note) => changing && void onConfirm(changing, note)}
      />
    </Card>
  );
}

function MemberRow({
  member,
  disabled,
  onChange,
}: {
  member: Member;
  disabled: boolean;
  onChange: (change: MemberChange) => void;
}) {
  const suspended = member.status === 'suspended';
  const rejected = member.status === 'rejected';
  const action: MemberChange['action'] = rejected ? 'approve' : suspended ? 'reinstate' : 'suspend';
  const label = { approve: 'Approve', reinstate: 'Reinstate', suspend: 'Suspend' }[action];
  const state = rejected ? 'Rejected' : suspended ? 'Suspended' : 'Approved';
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="break-all font-medium">{member.email}</span>
          <Badge variant={suspended || rejected ? 'destructive' : 'success'}>{state}</Badge>
        </span>
        {member.decidedAt && (
          <span className="text-sm text-muted-foreground">
            {state} <time dateTime={member.decidedAt}>{dateTimeUtc(member.decidedAt)}</time>
            {member.decidedBy ? ` by ${member.decidedBy}` : ''}
          </span>
        )}
      </div>
      {/* Outline for both: the dialog's confirm button carries the weight of a suspension. */}
      <Button
        size="sm"
        variant="outline"
        className="self-start sm:self-auto"
        disabled={disabled}
        aria-label={`${label} ${member.email}`}
        onClick={() => onChange({ member, action })}
      >
        {label}
      </Button>
    </li>
  );
}
