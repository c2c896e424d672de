// Several reports at once: select all on the page (the reports loaded so far), then publish or
// hide them in one request (POST /api/moderation/bulk, at most BULK_MAX). Reports the server
// could not decide stay selected while the page shows them (RefusalList.tsx says why).
import { Check, EyeOff } from 'lucide-react';
import { useId } from 'react';
import { BULK_MAX } from '@contract/moderation-api';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import { formatCount } from '../format';

export function BulkBar({
  shown,
  selected,
  canPublish,
  busy,
  onSelectAll,
  onPublish,
  onHide,
  onClear,
}: {
  /** How many reports the page shows (select all takes them all, up to BULK_MAX). */
  shown: number;
  selected: number;
  /** The view allows a publish (waiting); scheduled reports can only be hidden. */
  canPublish: boolean;
  busy: boolean;
  onSelectAll: (all: boolean) => void;
  onPublish: () => void;
  onHide: () => void;
  onClear: () => void;
}) {
  const allId = useId();
  const all = selected > 0 && selected >= Math.min(shown, BULK_MAX);
  const n = formatCount(selected);
  return (
    // Sticky while reports are selected, so Publish and Hide stay in reach down a long list.
    <div
      role="group"
      aria-label="Decide several reports"
      className={cn(
        'flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-border bg-card px-3 py-2 text-sm',
        selected > 0 && 'sticky top-2 z-10 shadow-md',
      )}
    >
      <label htmlFor={allId} className="flex cursor-pointer items-center gap-2">
        <Checkbox
          id={allId}
          checked={all}
          indeterminate={selected > 0 && !all}
          onChange={(event) => onSelectAll(event.target.checked)}
        />
        {shown > BULK_MAX ? `Select the first ${formatCount(BULK_MAX)}` : 'Select all on this page'}
      </label>
      <span aria-live="polite" className="text-muted-foreground">
        {selected > 0 ? `${n} selected` : ''}
      </span>
      {selected > 0 && (
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          {canPublish && (
            <Button size="sm" disabled={busy} onClick={onPublish}>
              <Check aria-hidden />
              Publish {n}
            </Button>
          )}
          <Button size="sm" variant="destructive" disabled={busy} onClick={onHide}>
            <EyeOff aria-hidden />
            Hide {n}
          </Button>
          <Button size="sm" variant="ghost" onClick={onClear}>
            Clear
          </Button>
        </div>
      )}
    </div>
  );
}
