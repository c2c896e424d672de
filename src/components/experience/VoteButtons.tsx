import FileText from 'lucide-react/icons/file-text';
import ThumbsDown from 'lucide-react/icons/thumbs-down';
import ThumbsUp from 'lucide-react/icons/thumbs-up';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { type ComponentType, type SVGProps, useId } from 'react';
import { Link } from 'react-router-dom';
import type { VoteType } from '@contract/common';
import type { VoteCounts } from '@contract/experiences';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

const VOTES: Record<
  VoteType,
  { label: string; count: keyof VoteCounts; Icon: ComponentType<SVGProps<SVGSVGElement>> }
> = {
  helpful: { label: 'Helpful', count: 'helpful', Icon: ThumbsUp },
  'not-helpful': { label: 'Not Helpful', count: 'notHelpful', Icon: ThumbsDown },
  detailed: { label: 'Detailed', count: 'detailed', Icon: FileText },
  concerning: { label: 'Concerning', count: 'concerning', Icon: TriangleAlert },
};

/**
 * Vote buttons with the server's counts; the member's current vote is pressed, and pressing it
 * again withdraws it (the caller decides what a press does). The total is the sum of the counts
 * shown, so it always adds up to what the reader sees.
 */
export function VoteButtons({
  types,
  counts,
  current,
  busy,
  onVote,
  showTotal = false,
}: {
  types: readonly VoteType[];
  counts: VoteCounts;
  current?: VoteType;
  busy?: boolean;
  onVote: (type: VoteType) => void;
  showTotal?: boolean;
}) {
  const hintId = useId();
  const total = types.reduce((sum, type) => sum + counts[VOTES[type].count], 0);
  return (
    // Two by two on a phone (four buttons one per row filled the screen), a wrapping row from sm up.
    <div
      className="grid grid-cols-2 items-center gap-2 sm:flex sm:flex-wrap"
      role="group"
      aria-label="Vote on this experience"
    >
      {types.map((type) => {
        const { label, count, Icon } = VOTES[type];
        const pressed = current === type;
        return (
          <button
            key={type}
            type="button"
            aria-pressed={pressed}
            aria-describedby={pressed ? hintId : undefined}
            // aria-disabled, not disabled: a disabled button drops keyboard focus to the page.
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onVote(type);
            }}
            className={cn(
              buttonClasses({ variant: pressed ? 'selected' : 'outline', size: 'sm' }),
              'tabular-nums aria-disabled:cursor-wait aria-disabled:opacity-70',
            )}
          >
            <Icon aria-hidden="true" />
            {label} ({counts[count]})
          </button>
        );
      })}
      {showTotal && (
        <span className="col-span-2 text-sm text-muted-foreground tabular-nums">
          {total} total {total === 1 ? 'vote' : 'votes'}
        </span>
      )}
      {current && types.includes(current) && (
        <span id={hintId} className="col-span-2 basis-full text-xs text-muted-foreground">
          Press {VOTES[current].label} again to withdraw your vote.
        </span>
      )}
    </div>
  );
}

/** What a visitor sees when trying to vote (docs/product-rules.md, "Votes"). */
export function VoteSignInNotice() {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-warning-border bg-warning p-3 text-sm text-warning-foreground"
    >
      <div>
        <p className="font-semibold">Authentication Required</p>
        <p>Please log in to vote on experiences.</p>
      </div>
      <Link to={paths.login} className={buttonClasses({ size: 'sm' })}>
        Log In
      </Link>
    </div>
  );
}
