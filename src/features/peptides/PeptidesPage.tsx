// /peptides, the peptide list: filters, sort, view and page live in the URL.
import Plus from 'lucide-react/icons/plus';
import { Suspense, lazy, useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod/mini';
import { CATEGORIES, PEPTIDE_SORTS, PEPTIDE_SORT_LABELS } from '@contract/vocabulary';
import type { Peptide, PeptideListQuery } from '@contract/peptides';
import { useDeletePeptide } from '@/api/peptide-mutations';
import { usePeptides } from '@/api/peptides';
import { useAuth } from '@/app/session/AuthProvider';
import { useToast } from '@/app/toast/ToastProvider';
import { Button, Input, SafetyNotice, Select, Skeleton } from '@/components/ui';
import { PageHeading } from '@/components/page/PageHeading';
import { LoadError } from '@/components/page/LoadError';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { RANKED_BY_LOWER_END } from '@/lib/format';
import { paths } from '@/lib/paths';
import { PeptideCard, PeptideRow } from './PeptideCard';
import { type UrlState, oneOf, pageNumber, text, urlDefaults, useUrlState, useUrlTextDraft } from '@/lib/url-state';

// What only members use loads on demand (and ahead of time once a member is signed in), so a
// visitor's list never fetches or runs the form and the dialog library.
const loadDeleteDialog = () => import('./DeletePeptideDialog');
const loadCreateForm = () => import('./CreatePeptideForm');
const DeletePeptideDialog = lazy(async () => ({ default: (await loadDeleteDialog()).DeletePeptideDialog }));
const CreatePeptideForm = lazy(async () => ({ default: (await loadCreateForm()).CreatePeptideForm }));

export const PAGE_SIZE = 24;
const NO_PEPTIDES: Peptide[] = [];

// Filters, sort, view and page in the URL (src/lib/url-state.ts); junk reads as the defaults.
const peptidesSchema = z.object({
  search: text(100),
  category: oneOf(['all', ...CATEGORIES]),
  sort: oneOf(PEPTIDE_SORTS, 'name'),
  view: oneOf(['grid', 'list']),
  page: pageNumber(),
});

/** The list the page asks for in a URL's state (also what the server renders the plain page with: src/prerender.tsx). */
export const peptideListQuery = ({
  search,
  category,
  sort,
  page,
}: Pick<UrlState<typeof peptidesSchema>, 'search' | 'category' | 'sort' | 'page'>) =>
  ({ search, category, sort, page, limit: PAGE_SIZE }) satisfies PeptideListQuery;

/** The list of the plain page, /peptides with nothing in its query string. */
export const plainPeptideListQuery = () => peptideListQuery(urlDefaults(peptidesSchema));

export function PeptidesPage() {
  const [{ search, category, sort, view, page }, setParams] = useUrlState(peptidesSchema);
  // A new search, category or sort starts again at page 1.
  const update = setParams as (
    changes: Partial<Record<'search' | 'category' | 'sort' | 'view', string>> & { page?: number },
  ) => void;
  const commitSearch = useCallback((value: string) => setParams({ search: value, page: 1 }), [setParams]);
  const [searchDraft, setSearchDraft] = useUrlTextDraft(search, commitSearch);
  const [creating, setCreating] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<Peptide | null>(null);
  /** The peptide the dialog last asked about: its name stays while the dialog closes. */
  const [asked, setAsked] = useState<Peptide | null>(null);
  // The dialog opens without a Radix trigger, so it hands focus back itself (WCAG 2.4.3).
  const deleteTrigger = useRef<HTMLElement | null>(null);
  const askDelete = (peptide: Peptide) => {
    deleteTrigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPendingDelete(peptide);
    setAsked(peptide);
  };
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const target = deleteTrigger.current?.isConnected
      ? deleteTrigger.current
      : document.querySelector<HTMLElement>('main h1');
    target?.focus();
  };
  const { user } = useAuth();
  const { toast } = useToast();
  const remove = useDeletePeptide();
  useEffect(() => {
    if (!user) return;
    void loadCreateForm().catch(() => undefined);
    void loadDeleteDialog().catch(() => undefined);
  }, [user]);

  const navigate = useNavigate();
  const query = usePeptides(peptideListQuery({ search, category, sort, page }));
  // A failed refresh keeps the peptides already shown (the layout marks them as possibly out of
  // date: src/app/layout/StaleDataNotice.tsx); only a first load that failed says so here.
  const failed = query.isError && query.data === undefined;
  useEffect(() => {
    if (failed) toast({ title: 'Error', description: 'Failed to load peptides', variant: 'destructive' });
  }, [failed, toast]);

  // A new page of cards renders in the background, a slice at a time (a slow phone stays
  // responsive); until then the screen shows what it showed.
  const shown = useDeferredValue(query.data);
  const peptides = shown?.peptides ?? NO_PEPTIDES;
  const totalPages = Math.max(1, Math.ceil((query.data?.total ?? 0) / PAGE_SIZE));

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const target = pendingDelete;
    remove.mutate(target._id, {
      onSuccess: () => {
        toast({ title: 'Deleted', description: `${target.name} has been deleted successfully` });
        setPendingDelete(null);
      },
      onError: (error) =>
        toast({ title: 'Failed to delete peptide', description: error.message, variant: 'destructive' }),
    });
  };

  if (creating) {
    return (
      <div className="mx-auto grid max-w-4xl gap-6">
        <Suspense
          fallback={
            <div role="status" aria-label="Loading form">
              <Skeleton className="h-96" />
            </div>
          }
        >
          <CreatePeptideForm
            onDone={() => setCreating(false)}
            onCreated={(peptide) => navigate(paths.peptide(peptide._id))}
          />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageHeading>Peptide Database</PageHeading>
          <p className="text-muted-foreground">
            Browse research peptides with their typical dosages, timelines and community reports.
          </p>
        </div>
        {user && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> Create Peptide
          </Button>
        )}
      </div>
      <SafetyNotice />
      <div className="grid gap-3 md:grid-cols-[1fr_auto_auto]">
        <Input
          type="search"
          aria-label="Search peptides"
          placeholder="Search peptides..."
          value={searchDraft}
          onChange={(e) => setSearchDraft(e.target.value)}
        />
        <Select aria-label="Category" value={category} onChange={(e) => update({ category: e.target.value, page: 1 })}>
          <option value="all">All Categories</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
        <Select aria-label="Sort by" value={sort} onChange={(e) => update({ sort: e.target.value, page: 1 })}>
          {PEPTIDE_SORTS.map((s) => (
            <option key={s} value={s}>
              Sort by {PEPTIDE_SORT_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      {sort === 'rating' && <p className="text-sm text-muted-foreground">{RANKED_BY_LOWER_END}</p>}
      {/* Each view is a tab panel, so the tab triggers control real content (aria-controls). */}
      <Tabs value={view} onValueChange={(v) => update({ view: v })}>
        <TabsList aria-label="View">
          <TabsTrigger value="grid">Grid View</TabsTrigger>
          <TabsTrigger value="list">List View</TabsTrigger>
        </TabsList>
        {(['grid', 'list'] as const).map((v) => (
          <TabsContent key={v} value={v} className="mt-4">
            {query.isPending || (query.data !== undefined && shown === undefined) ? (
              <div role="status" className="grid gap-4">
                <p className="text-muted-foreground">Loading peptides...</p>
                <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {Array.from({ length: 6 }, (_, i) => (
                    <Skeleton key={i} className="h-56" />
                  ))}
                </div>
              </div>
            ) : failed ? (
              <LoadError
                title="Failed to load peptides"
                message={query.error?.message}
                retrying={query.isFetching}
                onRetry={() => void query.refetch()}
              />
            ) : peptides.length === 0 ? (
              <p className="py-12 text-center text-muted-foreground">No peptides found matching your criteria.</p>
            ) : view === 'grid' ? (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {peptides.map((p) => (
                  <li key={p._id} className="list-item-lazy [contain-intrinsic-size:auto_15rem]">
                    <PeptideCard peptide={p} onDelete={user && p.canDelete ? () => askDelete(p) : undefined} />
                  </li>
                ))}
              </ul>
            ) : (
              // The compact list: one line a peptide, so a page of them fits a few screens on a phone.
              <ul className="divide-y divide-border rounded-lg border border-border bg-card">
                {peptides.map((p) => (
                  <li key={p._id}>
                    <PeptideRow peptide={p} onDelete={user && p.canDelete ? () => askDelete(p) : undefined} />
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
        ))}
      </Tabs>

      {query.data && totalPages > 1 && (
        <nav aria-label="Pagination" className="flex items-center justify-center gap-4">
          <Button variant="outline" disabled={page <= 1} onClick={() => update({ page: page - 1 })}>
            Previous
          </Button>
          <span className="text-sm">
            Page {page} of {totalPages}
          </span>
          <Button variant="outline" disabled={page >= totalPages} onClick={() => update({ page: page + 1 })}>
            Next
          </Button>
        </nav>
      )}

      {asked && (
        <Suspense fallback={null}>
          <DeletePeptideDialog
            name={asked.name}
            open={pendingDelete !== null}
            deleting={remove.isPending}
            onCancel={() => setPendingDelete(null)}
            onConfirm={confirmDelete}
            onCloseAutoFocus={returnFocus}
          />
        </Suspense>
      )}
    </div>
  );
}
