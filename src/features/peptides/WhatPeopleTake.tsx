// "What people take" on a peptide's page (docs/product-rules.md, "What people take, on the page"):
// the median dose per administration and per week with the middle half of the reports, the usual
// frequency and duration, the same by route, and how many reports were left out because their dose
// is in IU or could not be read. The server computes the figures at each publication batch
// (contract/doses.ts computeDoseFigures); this only writes them, every figure with its n.
import type { DoseFiguresAnswer } from '@contract/doses';
import { optionLabel } from '@contract/vocabulary';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { formatCount, formatDaysSpread, formatDoseSpread, shortDate } from '@/lib/format';

type Spread = NonNullable<DoseFiguresAnswer['perAdministration']>;
type RouteFigures = DoseFiguresAnswer['byRoute'][number];

const TOO_FEW = 'too few to say';

function spreadText(spread: Spread | null): string {
  return spread ? formatDoseSpread(spread) : TOO_FEW;
}

/** "3 reports are left out: ...", or one report's own sentence. */
function leftOutText(leftOut: number): string {
  return leftOut === 1
    ? '1 report is left out: its dose is in IU or could not be read.'
    : `${formatCount(leftOut)} reports are left out: their dose is in IU or could not be read.`;
}

function Figure({ label, children }: { label: string; children: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}

// Below `sm` every row stacks into its own block, each cell with its label, so the table never
// scrolls sideways at 360 px. A table whose parts are `display: block` loses its table semantics
// in some browsers (WebKit), so the roles are given again.
const cellClass = 'block py-0.5 sm:table-cell sm:py-2 sm:pr-3';

function RouteCell({ label, children }: { label: string; children: string }) {
  return (
    <td role="cell" className={`${cellClass} tabular-nums`}>
      <span className="text-muted-foreground sm:hidden" aria-hidden="true">
        {label}:{' '}
      </span>
      {children}
    </td>
  );
}

function RouteTable({ routes }: { routes: RouteFigures[] }) {
  return (
    <table role="table" className="block w-full text-left sm:table">
      <caption className="block pb-2 text-left font-medium sm:table-caption">By route</caption>
      <thead role="rowgroup" className="sr-only sm:not-sr-only sm:table-header-group">
        <tr role="row" className="text-muted-foreground">
          <th role="columnheader" scope="col" className="py-2 pr-3 font-normal">
            Route
          </th>
          <th role="columnheader" scope="col" className="py-2 pr-3 font-normal">
            Reports
          </th>
          <th role="columnheader" scope="col" className="py-2 pr-3 font-normal">
            Per administration
          </th>
          <th role="columnheader" scope="col" className="py-2 pr-3 font-normal">
            Per week
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup" className="block sm:table-row-group">
        {routes.map((r) => (
          <tr
            key={r.route}
            role="row"
            data-route={r.route}
            className="block border-t border-border py-2 sm:table-row sm:py-0"
          >
            <th role="rowheader" scope="row" className={`${cellClass} font-medium`}>
              {optionLabel(r.route)}
            </th>
            <RouteCell label="Reports">{formatCount(r.n)}</RouteCell>
            <RouteCell label="Per administration">{spreadText(r.perAdministration)}</RouteCell>
            <RouteCell label="Per week">{spreadText(r.perWeek)}</RouteCell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "Most often taken once daily (18 of 44)": the commonest frequency, which need not be most reports'. */
function frequencyText(frequency: NonNullable<DoseFiguresAnswer['frequency']>): string {
  return `Most often taken ${optionLabel(frequency.usual).toLowerCase()} (${formatCount(frequency.n)} of ${formatCount(frequency.of)})`;
}

export function WhatPeopleTake({ name, doses }: { name: string; doses: DoseFiguresAnswer }) {
  const readable = doses.reports - doses.leftOut;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">What people take</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {doses.reports === 0 ? (
          <p className="text-muted-foreground">No published reports of {name} yet.</p>
        ) : (
          <>
            <p className="text-muted-foreground">
              {doses.asOf ? `As of ${shortDate(doses.asOf)}, from ` : 'From '}
              the {formatCount(doses.reports)} published report{doses.reports === 1 ? '' : 's'} of {name}; computed at
              each publication batch. Each median comes with the middle half of the reports (a quarter took less, a
              quarter more) and the number of reports it is from.
            </p>
            {doses.perAdministration === null && (
              <p data-dose-too-few>Too few reports with a readable dose to say (n = {formatCount(readable)}).</p>
            )}
            {doses.leftOut > 0 && <p data-dose-left-out>{leftOutText(doses.leftOut)}</p>}
            <dl className="grid gap-3 sm:grid-cols-2">
              {doses.perAdministration && (
                <Figure label="Per administration">{formatDoseSpread(doses.perAdministration)}</Figure>
              )}
              {doses.perAdministration && <Figure label="Per week">{spreadText(doses.perWeek)}</Figure>}
              {doses.frequency && <Figure label="How often">{frequencyText(doses.frequency)}</Figure>}
              <Figure label="How long">{doses.duration ? formatDaysSpread(doses.duration) : TOO_FEW}</Figure>
            </dl>
            {doses.perAdministration && (
              <p className="text-muted-foreground">
                Per week is the dose per administration times the doses a week of the frequency; reports taken as needed
                are left out of it.
              </p>
            )}
            {doses.perAdministration && doses.byRoute.length > 0 && <RouteTable routes={doses.byRoute} />}
            {doses.bands.length === 0 && (
              // DoseBands.tsx shows nothing then; this says why.
              <p data-dose-bands-hidden className="text-muted-foreground">
                Whether a higher dose does more is shown when each third of the doses has at least 5 ratings of an
                outcome; {name} has none yet.
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
