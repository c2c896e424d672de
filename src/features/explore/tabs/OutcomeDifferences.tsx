// Compare's answer to "can the data tell them apart?" (docs/product-rules.md, "How sure"): per
// outcome, each pair of peptides as the server's Welch's t-test judged it (contract/how-sure.ts
// differenceIsClear); an outcome without a verdict has fewer than 5 ratings on a side.
import type { ComparedPeptide, OutcomeDifference } from '@contract/analytics';
import { outcomeLabel } from '@contract/vocabulary';

const VERDICT_TEXT = { clear: 'clear difference', 'within-chance': 'within chance' } as const;

export function OutcomeDifferences({
  outcomes,
  peptides,
  differences,
}: {
  outcomes: string[];
  peptides: ComparedPeptide[];
  differences: OutcomeDifference[];
}) {
  if (peptides.length < 2 || outcomes.length === 0) return null;
  const name = (id: string) => peptides.find((p) => p._id === id)?.name ?? id;
  return (
    <section aria-labelledby="outcome-differences" className="flex flex-col gap-2 text-sm">
      <h4 id="outcome-differences" className="font-medium">
        Are the differences clear?
      </h4>
      <p className="text-muted-foreground">
        For each outcome, whether two peptides' means differ by more than chance would give (Welch's t-test at 5%), or
        are within chance. With fewer than 5 ratings on a side, too few to say.
      </p>
      <ul className="flex flex-col gap-1">
        {outcomes.map((outcome) => {
          const verdicts = differences.filter((d) => d.outcome === outcome);
          return (
            <li key={outcome} data-outcome-difference={outcome}>
              <span className="font-medium">{outcomeLabel(outcome)}:</span>{' '}
              {verdicts.length === 0
                ? 'too few to say'
                : verdicts
                    .map((d) => `${name(d.peptides[0])} vs ${name(d.peptides[1])}, ${VERDICT_TEXT[d.verdict]}`)
                    .join('; ')}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
