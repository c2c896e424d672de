// The "Report" action of a report card and the experience page (docs/product-rules.md,
// "Moderation"). The dialogs load on the first press, so a visitor's feed never fetches them.
import Flag from 'lucide-react/icons/flag';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
// Types only: the dialog's code itself loads on the first press.
import type { SendFlag } from './ReportDialog';

const ReportDialog = lazy(() => import('./ReportDialog').then((m) => ({ default: m.ReportDialog })));

export interface ReportActionProps {
  signedIn: boolean;
  /** Already reported by this member: the action reads "Reported" and does nothing. */
  reported: boolean;
  send: SendFlag;
  className?: string;
}

export function ReportAction({ signedIn, reported, send, className }: ReportActionProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so a closing dialog keeps its exit and focus return.
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        // aria-disabled, not disabled: focus returns here when the dialog closes.
        aria-disabled={reported || undefined}
        onClick={() => {
          if (reported) return;
          setLoaded(true);
          setOpen(true);
        }}
        className={cn('text-muted-foreground aria-disabled:cursor-default aria-disabled:hover:bg-transparent', className)}
      >
        <Flag aria-hidden="true" />
        {reported ? 'Reported' : 'Report'}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ReportDialog open={open} onOpenChange={setOpen} signedIn={signedIn} send={send} />
        </Suspense>
      )}
    </>
  );
}
