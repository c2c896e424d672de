// Compare (members): up to 3 peptides side by side, chosen from the catalogue; the choice lives in the URL.
import { X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useCompare } from '@/api/analytics';
import { errorMessage } from '@/api/errors';
import { usePeptides } from '@/api/peptides';
import { LoadError } from '@/components/page/LoadError';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { MAX_COMPARE } from '../explore-params';
import { formatCount } from '@/lib/format';
import { ChartQuery } from './chart-parts';
import { Comparison } from './Comparison';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

export function ComparePeptides({
  selected: fromUrl,
  onChange,
}: {
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  // The router writes the URL in a transition; the boxes follow the click at once and the URL
  // catches up (then this copy is dropped, so back/forward and shared links still rule).
  const [pending, setPending] = useState<string[] | null>(null);
  if (pending && sameIds(pending, fromUrl)) setPending(null);
  const selected = pending ?? fromUrl;
  const [search, setSearch] = useState('');
  const searchId = useId();
  const debouncedSearch = useDebounced(search.trim(), 300);
  // The catalogue, paged and searched by the server; the most reported peptides first.
  const catalogue = usePeptides({ search: debouncedSearch, sort: 'experiences', limit: 50 });
  const compare = useCompare(selected);
  // Names of the chosen peptides, also when a search hides them from the list: remembered on
  // click, and read from the comparison for ids that came with the URL.
  const [picked, setPicked] = useState<Record<string, string>>({});
  const names: Record<string, string> = { ...picked };
  for (const p of catalogue.data?.peptides ?? []) names[p._id] = p.name;
  for (const p of compare.data?.peptides ?? []) names[p._id] = p.name;

  const full = selected.length >= MAX_COMPARE;
  const toggle = (id: string, name?: string) => {
    if (name) setPicked((prev) => ({ ...prev, [id]: name }));
    const next = selected.includes(id) ? selected.filter((x) => x !== id) : full ? selected : [...selected, id];
    setPending(next);
    onChange(next);
  };
  const peptides = catalogue.data?.peptides ?? [];

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="max-sm:px-4 max-sm:pt-4">
          <CardTitle>Compare Peptides</CardTitle>
          <CardDescription>
            Compare up to 3 peptides side by side: ratings, outcome means, common effects and experience counts.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 max-sm:p-4">
          <div className="flex flex-wrap items-center gap-2" aria-live="polite">
            <span className="text-sm text-muted-foreground">
              {selected.length} of {MAX_COMPARE} selected
            </span>
            {selected.map((id) => (
              <Badge key={id} variant="default" className="gap-1 py-1 pr-1">
                {names[id] ?? 'Peptide'}
                <button
                  type="button"
                  onClick={() => {
                    toggle(id);
                    // The button leaves with its chip: keep keyboard focus in the tool.
                    document.getElementById(searchId)?.focus();
                  }}
                  aria-label={`Remove ${names[id] ?? 'peptide'} from the comparison`}
                  className="rounded-full p-0.5 hover:bg-card focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </Badge>
            ))}
          </div>
          <div className="flex flex-col gap-2">
            <label htmlFor={searchId} className="text-sm font-medium">
              Find a peptide
            </label>
            <Input
              id={searchId}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Search by name"
            />
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">Choose up to {MAX_COMPARE} peptides</legend>
            {catalogue.isPending ? (
              <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                {Array.from({ length: 6 }, (_, i) => (
                  <Skeleton key={i} className="h-10" />
                ))}
              </div>
            ) : catalogue.isError ? (
              <LoadError
                title="Failed to load the data"
                message={errorMessage(catalogue.error, 'Please try again.')}
                retrying={catalogue.isFetching}
                onRetry={() => void catalogue.refetch()}
              />
            ) : peptides.length === 0 ? (
              <p className="text-sm text-muted-foreground">No peptides found matching your criteria.</p>
            ) : (
              <div className="grid max-h-72 gap-2 overflow-y-auto pr-1 sm:grid-cols-2 lg:grid-cols-3">
                {peptides.map((p) => {
                  const checked = selected.includes(p._id);
                  return (
                    <label
                      key={p._id}
                      className="flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:checked]:border-primary"
                    >
                      <input
                        type="checkbox"
                        className="size-4 accent-[var(--primary)]"
                        checked={checked}
                        disabled={!checked && full}
                        onChange={() => toggle(p._id, p.name)}
                      />
                      <span className="min-w-0 flex-1 truncate">{p.name}</span>
                      <span className="shrink-0 text-xs tabular-nums text-muted-foreground">
                        {formatCount(p.totalExperiences)}
                        <span className="sr-only"> experiences</span>
                      </span>
                    </label>
                  );
                })}
              </div>
            )}
            {catalogue.data && catalogue.data.total > peptides.length && (
              <p className="text-sm text-muted-foreground">
                Showing the {peptides.length} most reported of {formatCount(catalogue.data.total)} peptides: search to
                find the others.
              </p>
            )}
            {full && (
              <p className="text-sm text-muted-foreground">
                You can compare at most {MAX_COMPARE} peptides: remove one to choose another.
              </p>
            )}
          </fieldset>
        </CardContent>
      </Card>

      {selected.length === 0 ? (
        <p className="text-muted-foreground">Choose up to {MAX_COMPARE} peptides above to compare them.</p>
      ) : (
        <ChartQuery query={compare}>
          {(data) => <Comparison peptides={data.peptides} differences={data.differences} />}
        </ChartQuery>
      )}
    </div>
  );
}
