// The "Flag" action of a report card and the experience page (docs/product-rules.md,
// "Moderation"): a member flags a report (the experience) for the moderators. The dialogs load on
// the first press, so a visitor's feed never fetches them.
import Flag from 'lucide-react/icons/flag';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
// Types only: the dialog's code itself loads on the first press.
import type { SendFlag } from './FlagDialog';

const FlagDialog = lazy(() => import('./FlagDialog').then((m) => ({ default: m.FlagDialog })));

export interface FlagActionProps {
  signedIn: boolean;
  /**
   * Flagged by this member (from `GET /api/flags` on page load, sent from this page, or refused
   * with 409): the action reads "Flagged" and does nothing, so nobody writes a reason in vain.
   */
  flagged: boolean;
  send: SendFlag;
  className?: string;
}

export function FlagAction({ signedIn, flagged, send, className }: FlagActionProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so a closing dialog keeps its exit and focus return.
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        // aria-disabled, not disabled: focus returns here when the dialog closes.
        aria-disabled={flagged || undefined}
        onClick={() => {
          if (flagged) return;
          setLoaded(true);
          setOpen(true);
        }}
        className={cn(
          'text-muted-foreground aria-disabled:cursor-default aria-disabled:hover:bg-transparent',
          className,
        )}
      >
        <Flag aria-hidden="true" />
        {flagged ? 'Flagged' : 'Flag'}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <FlagDialog open={open} onOpenChange={setOpen} signedIn={signedIn} send={send} />
        </Suspense>
      )}
    </>
  );
}
