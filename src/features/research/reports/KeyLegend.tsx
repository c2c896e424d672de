// The queue's shortcuts, shown two ways: a hint line under the filters (wider screens, where a
// keyboard is likely) and, with "?" or the Keyboard shortcuts button, the whole list.
import { Keyboard } from 'lucide-react';
import { Fragment } from 'react';
import { Button } from '@/components/ui/button';
import { Kbd } from '@/components/ui/kbd';
import { QUEUE_KEYS } from './use-queue-keys';

export function KeyHint({ open, onToggle, legendId }: { open: boolean; onToggle: () => void; legendId: string }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
      <p className="hidden flex-wrap items-center gap-x-2 gap-y-1 sm:flex">
        <span>Keys:</span>
        <span>
          <Kbd>j</Kbd>/<Kbd>k</Kbd> move
        </span>
        <span>
          <Kbd>p</Kbd> publish or keep
        </span>
        <span>
          <Kbd>h</Kbd> hide
        </span>
        <span>
          <Kbd>x</Kbd> select
        </span>
        <span>
          <Kbd>u</Kbd> undo
        </span>
        <span>
          <Kbd>?</Kbd> all keys
        </span>
      </p>
      <Button
        variant="ghost"
        size="xs"
        aria-expanded={open}
        aria-controls={open ? legendId : undefined}
        aria-keyshortcuts="?"
        onClick={onToggle}
      >
        <Keyboard aria-hidden />
        {open ? 'Hide keyboard shortcuts' : 'Keyboard shortcuts'}
      </Button>
    </div>
  );
}

export function KeyLegend({ id }: { id: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="rounded-md border border-border bg-muted/40 p-3">
      <h3 id={`${id}-title`} className="mb-2 text-sm font-semibold">
        Keyboard shortcuts
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {QUEUE_KEYS.map(({ keys, does }) => (
          <Fragment key={does}>
            <dt className="flex items-center gap-1">
              {keys.map((k, i) => (
                <Fragment key={k}>
                  {i > 0 && <span className="text-muted-foreground">/</span>}
                  <Kbd>{k}</Kbd>
                </Fragment>
              ))}
            </dt>
            <dd>{does}</dd>
          </Fragment>
        ))}
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">
        Keys do nothing while you type in a field or a dialog is open. Tab reaches every report and button too.
      </p>
    </section>
  );
}
