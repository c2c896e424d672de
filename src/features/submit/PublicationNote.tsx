// Before Submit (the wizard's last step, beside the button): what publication means on this site,
// in the words of src/lib/publication.ts, from the settings the wizard asked for when it opened.
import type { PublicationSchedule } from '@contract/experiences';
import { publicationRule } from '@/lib/publication';

export function PublicationNote({ schedule }: { schedule: PublicationSchedule | undefined }) {
  return (
    <p data-testid="publication-rule" className="rounded-md border border-border bg-muted p-3 text-sm">
      {publicationRule(schedule)}
    </p>
  );
}
