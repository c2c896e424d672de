// The reports a bulk decision could not decide, each with the server's reason (usually another
// moderator decided it first). Shown above the queue even when the list has emptied meanwhile.
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatCount } from '../format';
import { reportsWord } from './queue-words';
import type { Refusal } from './use-decisions';

export function RefusalList({ refusals, onDismiss }: { refusals: Refusal[]; onDismiss: () => void }) {
  if (refusals.length === 0) return null;
  return (
    <div
      role="alert"
      className="flex items-start justify-between gap-3 rounded-lg border border-destructive bg-card p-3 text-sm"
    >
      <div className="grid gap-1">
        <p className="font-medium text-destructive-text">
          {formatCount(refusals.length)} {reportsWord(refusals.length)} not decided:
        </p>
        <ul className="grid gap-0.5 [overflow-wrap:anywhere]">
          {refusals.map((r) => (
            <li key={r.id}>
              {r.label}: {r.error}
            </li>
          ))}
        </ul>
      </div>
      <Button size="icon-sm" variant="ghost" aria-label="Dismiss the list of reports not decided" onClick={onDismiss}>
        <X aria-hidden />
      </Button>
    </div>
  );
}
