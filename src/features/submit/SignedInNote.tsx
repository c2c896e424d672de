// Beside Submit, for a signed-in person only: what submitting signed in lets someone who sees the
// traffic do, and how to avoid it (src/lib/brand.ts SIGNED_IN_SUBMISSION). Calm: a fact and a
// choice, not a warning; signed out, nothing is shown.
import Info from 'lucide-react/icons/info';
import { useAuth } from '@/app/session/AuthProvider';
import { SIGNED_IN_SUBMISSION } from '@/lib/brand';

export function SignedInNote() {
  const { status } = useAuth();
  if (status !== 'signed-in') return null;
  return (
    <div data-testid="signed-in-note" className="flex gap-2 rounded-md border border-border bg-muted p-3 text-sm">
      <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <p>
        <span className="font-medium">You are signed in.</span> {SIGNED_IN_SUBMISSION.risk}{' '}
        {SIGNED_IN_SUBMISSION.remedy}
      </p>
    </div>
  );
}
