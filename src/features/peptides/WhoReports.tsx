// "Who reports it" on a peptide's page: the shares of its settled reports by age range, by
// biological sex and by activity level, each on its own (docs/product-rules.md, "Anonymity").
// No single report shows these; the server computes the shares at publication batches only, with
// a little noise, in steps of 5% (server/services/reporter-shares.ts). One table per question, so
// a screen reader reads each answer with its share; the bars only repeat the number.
import type { ReporterShare, ReporterShares } from '@contract/peptides';
import { SHARE_STEP_PERCENT } from '@contract/rules';
import { optionLabel } from '@contract/vocabulary';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { shortDate } from '@/lib/format';

const QUESTIONS = [
  { key: 'ageRange', caption: 'Age range' },
  { key: 'biologicalSex', caption: 'Biological sex' },
  { key: 'activityLevel', caption: 'Activity level' },
] as const;

/** "public for at least 7 days", or "public" where the site counts a report once it is. */
function publicFor(settleDays: number): string {
  return settleDays > 0 ? `public for at least ${settleDays} day${settleDays === 1 ? '' : 's'}` : 'public';
}

function ShareTable({ caption, shares }: { caption: string; shares: ReporterShare[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="pb-2 text-left font-medium">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Answer</th>
          <th scope="col">Share of reports</th>
        </tr>
      </thead>
      <tbody>
        {shares.map((s) => (
          <tr key={s.value}>
            <th scope="row" className="w-2/5 py-1 pr-2 text-left font-normal text-muted-foreground">
              {optionLabel(s.value)}
            </th>
            <td className="py-1">
              <div className="flex items-center gap-2">
                <div className="h-2 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                  <div className="h-full rounded-full bg-primary" style={{ width: `${s.percent}%` }} />
                </div>
                <span className="w-10 text-right font-medium tabular-nums">{s.percent}%</span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function WhoReports({ name, reporters }: { name: string; reporters: ReporterShares }) {
  const { shares } = reporters;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Who reports it</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {shares ? (
          <>
            <p className="text-muted-foreground">
              Shares of the {reporters.reports} reports of {name} {publicFor(reporters.settleDays)}
              {reporters.asOf ? `, as of ${shortDate(reporters.asOf)}` : ''}. Each question is counted on its own, in
              steps of {SHARE_STEP_PERCENT}%, with a little random noise so that no single report can be picked out;
              they may not add up to 100%. No report shows its own answers.
            </p>
            <div className="grid items-start gap-6 md:grid-cols-3">
              {QUESTIONS.map((q) => (
                <ShareTable key={q.key} caption={q.caption} shares={shares[q.key]} />
              ))}
            </div>
          </>
        ) : (
          <p className="text-muted-foreground">
            Too few reports to show who reports {name}. Shares by age range, biological sex and activity level appear
            once {reporters.minimum} reports have been {publicFor(reporters.settleDays)}; no report shows its own.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
