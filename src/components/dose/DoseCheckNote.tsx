// The check under the dose (contract/doses.ts checkDose): a dose more than 10 times from what is
// usual for the chosen peptide asks "Did you mean mcg?" (or mg) with a button that switches the
// unit, or says how far it is. Information only: Next and Submit never wait for it
// (docs/product-rules.md, "Doses in the wizard").
import { checkDose, type UsualDose } from '@contract/doses';
import { Button } from '@/components/ui';
import { type DoseDraft, doseInputOf } from '@/lib/dose/dose-draft';
import { usualWords } from '@/lib/dose/usual-words';

/** The draft as a dose to check, or null while it is not a whole valid dose. */
function checkable(draft: DoseDraft) {
  const dose = doseInputOf(draft);
  if (!dose || !(dose.amount > 0)) return null;
  if (dose.unit === 'mL' && !(dose.strength && dose.strength.amount > 0)) return null;
  return dose;
}

export function DoseCheckNote({
  draft,
  usual,
  onSwitch,
}: {
  draft: DoseDraft;
  usual: UsualDose | null;
  onSwitch: (unit: 'mcg' | 'mg') => void;
}) {
  const dose = checkable(draft);
  const check = dose ? checkDose(dose, usual) : null;
  if (!check) return null;
  const range = usualWords(check.usual);
  return (
    <div className="space-y-1 rounded-md border border-border bg-muted p-3 text-sm" data-testid="dose-check">
      {check.kind === 'suggest' ? (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <span>Did you mean {check.unit}?</span>
            <Button type="button" size="sm" variant="outline" onClick={() => onSwitch(check.unit)}>
              Switch to {check.unit}
            </Button>
          </p>
          <p className="text-muted-foreground">Usual: {range} per dose</p>
        </>
      ) : (
        <p>This is far from the usual {range} per dose. Check the amount and unit.</p>
      )}
    </div>
  );
}
