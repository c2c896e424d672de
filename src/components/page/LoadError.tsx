// The one failed-load state of the app: what failed, the reason, and a way to try again (the
// caller's retry refetches the query that failed). The page around it stays usable.
import AlertCircle from 'lucide-react/icons/circle-alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export function LoadError({
  title = 'Could not load this',
  message,
  onRetry,
  retrying = false,
  className,
}: {
  /** What failed to load, e.g. "Failed to load peptides". */
  title?: string;
  /** Why, in words a person can read (the server's message). */
  message?: string;
  onRetry: () => void;
  /** The retry is under way: the button says so and ignores presses. */
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-start gap-3 rounded-lg border border-border bg-card p-5 text-card-foreground shadow-xs',
        className,
      )}
    >
      <p className="flex items-center gap-2 font-semibold text-destructive-text">
        <AlertCircle className="size-5 shrink-0" aria-hidden="true" />
        {title}
      </p>
      {message && message !== title && (
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{message}</p>
      )}
      <Button
        variant="outline"
        // aria-disabled, not disabled: keyboard focus stays on the button while it retries.
        aria-disabled={retrying || undefined}
        onClick={() => {
          if (!retrying) onRetry();
        }}
      >
        {retrying ? 'Trying again...' : 'Try again'}
      </Button>
    </div>
  );
}
