// Research Hub (moderators): overview figures, the per-peptide table, the export (no demographics per report)
// and the rate limits the server enforces (docs/product-rules.md, "Figures", "Limits and proxies").
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ExportCsvTable,
  ExportRow,
  RateLimitInfo,
  ResearchExport,
  ResearchOverview,
  ResearchPeptides,
} from '@contract/analytics';
import { call } from './client';
import { ApiError } from './errors';

export function fetchResearchOverview(): Promise<ResearchOverview> {
  return call('researchOverview', { invalid: 'Invalid research overview response' });
}

export function researchOverviewQueryOptions() {
  return queryOptions({ queryKey: ['research', 'overview'], queryFn: fetchResearchOverview, staleTime: 30_000 });
}

export function useResearchOverview(enabled = true) {
  return useQuery({ ...researchOverviewQueryOptions(), enabled });
}

export type ResearchPeptideSort = 'experiences' | 'rating' | 'name';
export type ResearchPeptidesParams = { page: number; limit: number; sort: ResearchPeptideSort };

export function fetchResearchPeptides(params: ResearchPeptidesParams): Promise<ResearchPeptides> {
  return call('researchPeptides', {
    query: params,
    listKey: 'peptides',
    invalid: 'Invalid research peptides response',
  });
}

export function researchPeptidesQueryOptions(params: ResearchPeptidesParams) {
  return queryOptions({
    queryKey: ['research', 'peptides', params],
    queryFn: () => fetchResearchPeptides(params),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useResearchPeptides(params: ResearchPeptidesParams, enabled = true) {
  return useQuery({ ...researchPeptidesQueryOptions(params), enabled });
}

const INVALID_EXPORT = 'Invalid research export response';

/** Largest page the export endpoint serves; the whole export is fetched page by page. */
const EXPORT_PAGE = 5000;
/** A guard against a server that never stops handing out cursors. */
const MAX_EXPORT_PAGES = 200;

/** The whole export as JSON: every page, rows in order, the peptides' shares once (every page carries them). */
export async function fetchResearchExportJson(): Promise<ResearchExport> {
  const rows: ExportRow[] = [];
  let first: ResearchExport | undefined;
  let cursor: string | null = null;
  for (let i = 0; i < MAX_EXPORT_PAGES; i++) {
    const data: ResearchExport = await call('researchExport', {
      query: { format: 'json' as const, limit: EXPORT_PAGE, ...(cursor ? { cursor } : {}) },
      invalid: INVALID_EXPORT,
    });
    first ??= data;
    rows.push(...data.rows);
    cursor = data.nextCursor;
    if (!cursor) break;
  }
  if (!first) throw new ApiError(INVALID_EXPORT);
  return { ...first, rows, nextCursor: null };
}

/**
 * One table of the export as CSV (`reports`, `outcomes` in long form, or the `means` with their
 * n and interval, one page): pages
 * follow the `X-Next-Cursor` header; one header line, and a byte-order mark so Excel reads UTF-8
 * (added here: the browser drops one the server sends while decoding the text).
 */
export async function fetchResearchExportCsv(table: ExportCsvTable): Promise<string> {
  let csv = '';
  let cursor: string | null = null;
  for (let i = 0; i < MAX_EXPORT_PAGES; i++) {
    // Not the row's JSON: the CSV text, read here.
    const { body, status, headers } = await call('researchExport', {
      query: { format: 'csv' as const, table, limit: EXPORT_PAGE, ...(cursor ? { cursor } : {}) },
      headers: { Accept: 'text/csv' },
      read: 'raw',
    });
    const firstColumn = table === 'means' ? 'peptide,' : 'id,';
    if (typeof body !== 'string' || !body.replace(/^\uFEFF/, '').startsWith(firstColumn)) {
      throw new ApiError(INVALID_EXPORT, status, body);
    }
    // Later pages repeat the header line: keep only the first one.
    csv += i === 0 ? body : body.slice(body.indexOf('\r\n') + 2);
    const next: unknown = headers['x-next-cursor'];
    cursor = typeof next === 'string' && next ? next : null;
    if (!cursor) break;
  }
  return `\uFEFF${csv}`;
}

export async function fetchLimits(): Promise<RateLimitInfo[]> {
  return (await call('limits', { listKey: 'limits', invalid: 'Invalid limits response' })).limits;
}

export function limitsQueryOptions() {
  return queryOptions({ queryKey: ['limits'], queryFn: fetchLimits, staleTime: 5 * 60_000 });
}

export function useLimits(enabled = true) {
  return useQuery({ ...limitsQueryOptions(), enabled });
}
