// The tracking ID on the confirmation: the only key to the report, said plainly;
// shown in groups of four digits that still copy and paste as one ID (the gaps are margins, not
// spaces); copied or downloaded as a small text file whose name holds no ID (a downloads list
// and a file manager show names).
import Copy from 'lucide-react/icons/copy';
import Download from 'lucide-react/icons/download';
import KeyRound from 'lucide-react/icons/key-round';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui';
import { downloadFile } from '@/lib/download';
import { paths } from '@/lib/paths';
import { handOnClick, trackingIdGroups } from '@/lib/tracking-id';

export const KEY_FILE_NAME = 'peptide-report-tracking-id.txt';

/** The text file's content: the ID and what it is for. */
export function keyFileText(trackingId: string, origin: string): string {
  return [
    'Your anonymous peptide experience report',
    '',
    `Tracking ID: ${trackingId}`,
    '',
    'This is the only key to your report. We cannot recover it: we keep only a scrambled form of it.',
    `With it you can look up, correct or delete your report on the Privacy page, under "Your Data": ${origin}${paths.privacy}`,
    'Keep this file private: anyone who has the ID can change or delete the report.',
    '',
  ].join('\n');
}

/** `onSaved`: the ID was copied or downloaded (the confirmation stops warning before the tab closes). */
export function TrackingIdKey({ trackingId, onSaved }: { trackingId: string; onSaved?: () => void }) {
  const [done, setDone] = useState<string | null>(null);
  return (
    <section
      aria-labelledby="tracking-id-heading"
      className="space-y-3 rounded-md border border-primary/40 bg-primary-soft p-4 text-primary-soft-foreground"
    >
      <h2 id="tracking-id-heading" className="flex items-center gap-2 text-base font-semibold">
        <KeyRound className="size-4" aria-hidden="true" />
        Your tracking ID
      </h2>
      <code
        data-testid="tracking-id"
        className="block rounded bg-card px-3 py-2 font-mono text-lg text-foreground [overflow-wrap:anywhere]"
      >
        {trackingIdGroups(trackingId).map((group, i) => (
          // A margin between groups, never a space: selected and copied, the ID is one word.
          <span key={i} className={i > 1 ? 'ml-[0.5ch] inline-block' : 'inline-block'}>
            {group}
          </span>
        ))}
      </code>
      <p className="font-semibold">This is the only key. We cannot recover it.</p>
      <p className="text-sm">
        Save it now: with it you can see your report before it is public, correct it or delete it. We keep only a
        scrambled form of it, so nobody here can look it up for you.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(trackingId).then(
              () => {
                setDone('Tracking ID copied.');
                onSaved?.();
              },
              () => setDone('Could not copy: select the ID and copy it yourself.'),
            );
          }}
        >
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            downloadFile(KEY_FILE_NAME, keyFileText(trackingId, window.location.origin), 'text/plain');
            setDone(`Saved as ${KEY_FILE_NAME}.`);
            onSaved?.();
          }}
        >
          <Download aria-hidden="true" />
          Download (.txt)
        </Button>
      </div>
      <p role="status" className="text-sm">
        {done}
      </p>
      <p className="text-sm">
        <Link
          to={paths.privacy}
          onClick={handOnClick(trackingId)}
          className="font-medium underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
        >
          Manage it on the Privacy page
        </Link>
        : look it up, correct it or delete it, now or later.
      </p>
    </section>
  );
}
