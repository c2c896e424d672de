// Database: per-category and per-peptide counts and means, every mean with its n. The peptide
// table is paged and sorted on the server; both tables scroll inside their own box on phones.
import type { ReactNode } from 'react';
import { useResearchOverview, useResearchPeptides, type ResearchPeptideSort } from '@/api/research';
import { errorMessage } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/page/LoadError';
import { outcomeLabel } from '@contract/vocabulary';
import { RANKED_BY_LOWER_END } from '@/lib/format';
import { formatCount, formatMean } from './format';
import type { ResearchParams } from './research-params';

const PAGE_SIZE = 20;

const SORT_LABELS: Record<ResearchPeptideSort, string> = {
  experiences: 'Most experiences',
  rating: 'Highest mean rating',
  name: 'Name (A-Z)',
};

const th = 'whitespace-nowrap px-3 py-2 text-left font-medium text-muted-foreground';
const td = 'px-3 py-2 align-top';

/** A table that scrolls sideways inside its own box; focusable so keyboards can scroll it. */
function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring"
    >
      {children}
    </div>
  );
}

function TableSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading table">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-9" />
      ))}
    </div>
  );
}

export function DatabaseTab({
  sort,
  page,
  onChange,
}: {
  sort: ResearchPeptideSort;
  page: number;
  onChange: (c: Partial<ResearchParams>) => void;
}) {
  return (
    <div className="flex flex-col gap-6">
      <CategoryTable />
      <PeptideTable sort={sort} page={page} onChange={onChange} />
    </div>
  );
}

function CategoryTable() {
  const overview = useResearchOverview();
  return (
    <Card>
      <CardHeader>
        <CardTitle>By category</CardTitle>
        <CardDescription>
          Experiences per category and their mean rating on the 1-10 scale, with the range its true mean likely lies in
          (95%); n is the number of experiences.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {overview.isPending ? (
          <TableSkeleton />
        ) : overview.isError ? (
          <LoadError
            title="Failed to load analytics data"
            message={errorMessage(overview.error, 'The category figures could not be loaded.')}
            onRetry={() => void overview.refetch()}
          />
        ) : (
          <TableBox label="Experiences by category">
            <table className="w-full min-w-[28rem] text-sm tabular-nums">
              <caption className="sr-only">Experiences and mean rating by category</caption>
              <thead className="border-b border-border bg-muted/50">
                <tr>
                  <th scope="col" className={th}>
                    Category
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Experiences
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Mean rating
                  </th>
                </tr>
              </thead>
              <tbody>
                {overview.data.perCategory.map((c) => (
                  <tr key={c.name} className="border-b border-border last:border-0">
                    <th scope="row" className={`${td} text-left font-medium`}>
                      {c.name}
                    </th>
                    <td className={`${td} text-right`}>{formatCount(c.experiences)}</td>
                    <td className={`${td} text-right`}>{formatMean(c.meanRating, c.interval, c.experiences)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        )}
      </CardContent>
    </Card>
  );
}

function PeptideTable({
  sort,
  page,
  onChange,
}: {
  sort: ResearchPeptideSort;
  page: number;
  onChange: (c: Partial<ResearchParams>) => void;
}) {
  const peptides = useResearchPeptides({ page, limit: PAGE_SIZE, sort });
  const data = peptides.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const from = data && data.total ? (data.page - 1) * data.pageSize + 1 : 0;
  const to = data ? Math.min(data.total, data.page * data.pageSize) : 0;

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-col gap-1.5">
            <CardTitle>By peptide</CardTitle>
            <CardDescription>
              Experiences, mean rating (1-10) and the most-rated outcomes of each peptide, every mean with its likely
              range (95%) and its n.{sort === 'rating' && ` ${RANKED_BY_LOWER_END}`}
            </CardDescription>
          </div>
          <div className="flex flex-col gap-2 sm:w-56">
            <Label htmlFor="research-sort">Sort by</Label>
            <Select
              id="research-sort"
              value={sort}
              onChange={(e) => onChange({ sort: e.target.value as ResearchPeptideSort, page: 1 })}
            >
              {(Object.keys(SORT_LABELS) as ResearchPeptideSort[]).map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {peptides.isPending ? (
          <TableSkeleton />
        ) : peptides.isError ? (
          <LoadError
            title="Failed to load peptides"
            message={errorMessage(peptides.error, 'The peptide figures could not be loaded.')}
            onRetry={() => void peptides.refetch()}
          />
        ) : data && data.peptides.length === 0 ? (
          <p className="text-muted-foreground">
            {data.total ? 'This page is past the end of the table.' : 'No peptides in the catalogue yet.'}
          </p>
        ) : (
          <TableBox label="Experiences by peptide">
            <table className="w-full min-w-[44rem] text-sm tabular-nums" aria-busy={peptides.isPlaceholderData}>
              <caption className="sr-only">Experiences, mean rating and top outcomes by peptide</caption>
              <thead className="border-b border-border bg-muted/50">
                <tr>
                  <th scope="col" className={th}>
                    Peptide
                  </th>
                  <th scope="col" className={th}>
                    Category
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Experiences
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Mean rating
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Votes
                  </th>
                  <th scope="col" className={th}>
                    Top outcomes (mean, n)
                  </th>
                </tr>
              </thead>
              <tbody>
                {data?.peptides.map((p) => (
                  <tr key={p._id} className="border-b border-border last:border-0">
                    <th scope="row" className={`${td} text-left font-medium`}>
                      {p.name}
                    </th>
                    <td className={`${td} text-muted-foreground`}>{p.category}</td>
                    <td className={`${td} text-right`}>{formatCount(p.experiences)}</td>
                    <td className={`${td} whitespace-nowrap text-right`}>
                      {formatMean(p.meanRating, p.interval, p.experiences)}
                    </td>
                    <td className={`${td} text-right`}>{formatCount(p.votes)}</td>
                    <td className={td}>
                      {p.outcomeMeans.length ? (
                        <ul className="flex flex-col gap-0.5">
                          {p.outcomeMeans.map((o) => (
                            <li key={o.name} className="whitespace-nowrap">
                              {outcomeLabel(o.name)} {formatMean(o.mean, o.interval, o.n)}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <span className="text-muted-foreground">No ratings yet</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        )}
        {data && data.total > 0 && (
          <nav aria-label="Peptide table pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <p className="text-muted-foreground" aria-live="polite">
              {formatCount(from)}-{formatCount(to)} of {formatCount(data.total)} peptides
            </p>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onChange({ page: page - 1 })}>
                Previous page
              </Button>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onChange({ page: page + 1 })}>
                Next page
              </Button>
            </div>
          </nav>
        )}
      </CardContent>
    </Card>
  );
}
