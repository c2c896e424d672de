// Stop the weekly digest from the link in its footer (/unsubscribe#token=...). A button, not an
// automatic request: mail scanners open links, and opening must change nothing. Mail clients
// that offer one-click unsubscribe use the List-Unsubscribe header instead (services/digest.ts).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { unsubscribeDigest } from '@/api/account';
import { errorMessage } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { AuthCard, FormMessage, authLinkClass } from './AuthCard';

export function UnsubscribePage() {
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('token')?.trim() ?? '');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'info'; message: string } | null>(null);

  async function onConfirm() {
    setBusy(true);
    try {
      setOutcome({ tone: 'info', message: await unsubscribeDigest(token) });
    } catch (failure) {
      setOutcome({ tone: 'error', message: errorMessage(failure, 'That did not work. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  const done = outcome?.tone === 'info';
  return (
    <AuthCard
      title="Stop the weekly digest"
      subtitle="The digest is the one newsletter we send: the week’s most helpful reports."
      footer={
        <Link to={`${paths.profile}?tab=preferences`} className={authLinkClass}>
          Notification settings in your profile
        </Link>
      }
    >
      <div className="flex flex-col gap-4">
        {outcome && <FormMessage tone={outcome.tone}>{outcome.message}</FormMessage>}
        {!token && (
          <FormMessage tone="error">
            This page needs the link from the digest, in full. You can also turn the digest off in your profile.
          </FormMessage>
        )}
        {token && !done && (
          <Button onClick={() => void onConfirm()} disabled={busy} className="w-full">
            {busy ? 'Stopping...' : 'Stop sending me the digest'}
          </Button>
        )}
      </div>
    </AuthCard>
  );
}
