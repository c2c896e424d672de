// Research Hub (moderators): overview figures, the per-peptide table, the export (no demographics per report)
// and the rate limits the server enforces (docs/product-rules.md, "Figures", "Limits and proxies").
import { pathOf } from '@contract/endpoints';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readData } from '@contract/normalize';
import {
  LimitsResponse,
  ResearchExportResponse,
  ResearchOverviewResponse,
  ResearchPeptidesResponse,
  type ExportCsvTable,
  type ExportRow,
  type RateLimitInfo,
  type ResearchExport,
  type ResearchOverview,
  type ResearchPeptides,
} from '@contract/analytics';
import { api } from './client';
import { ApiError } from './errors';

export async function fetchResearchOverview(): Promise<ResearchOverview> {
  const response = await api.get<unknown>(pathOf('researchOverview'));
  const data = readData(ResearchOverviewResponse, response.data);
  if (!data) throw new ApiError('Invalid research overview response', response.status, response.data);
  return data;
}

export function researchOverviewQueryOptions() {
  return queryOptions({ queryKey: ['research', 'overview'], queryFn: fetchResearchOverview, staleTime: 30_000 });
}

export function useResearchOverview(enabled = true) {
  return useQuery({ ...researchOverviewQueryOptions(), enabled });
}

export type ResearchPeptideSort = 'experiences' | 'rating' | 'name';
export type ResearchPeptidesParams = { page: number; limit: number; sort: ResearchPeptideSort };

export async function fetchResearchPeptides(params: ResearchPeptidesParams): Promise<ResearchPeptides> {
  const response = await api.get<unknown>(pathOf('researchPeptides'), { params });
  const data = readData(ResearchPeptidesResponse, response.data, { listKey: 'peptides' });
  if (!data) throw new ApiError('Invalid research peptides response', response.status, response.data);
  return data;
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
    const params: Record<string, string | number> = { format: 'json', limit: EXPORT_PAGE };
    if (cursor) params.cursor = cursor;
    const response = await api.get<unknown>(pathOf('researchExport'), { params });
    const data = readData(ResearchExportResponse, response.data);
    if (!data) throw new ApiError('Invalid research export response', response.status, response.data);
    first ??= data;
    rows.push(...data.rows);
    cursor = data.nextCursor;
    if (!cursor) break;
  }
  if (!first) throw new ApiError('Invalid research export response');
  return { ...first, rows, nextCursor: null };
}

/**
 * One table of the export as CSV (`reports`, or `outcomes` in long form): pages
 * follow the `X-Next-Cursor` header; one header line, and a byte-order mark so Excel reads UTF-8
 * (added here: the browser drops one the server sends while decoding the text).
 */
export async function fetchResearchExportCsv(table: ExportCsvTable): Promise<string> {
  let csv = '';
  let cursor: string | null = null;
  for (let i = 0; i < MAX_EXPORT_PAGES; i++) {
    const params: Record<string, string | number> = { format: 'csv', table, limit: EXPORT_PAGE };
    if (cursor) params.cursor = cursor;
    const response = await api.get<unknown>(pathOf('researchExport'), { params, headers: { Accept: 'text/csv' } });
    if (typeof response.data !== 'string' || !response.data.replace(/^\uFEFF/, '').startsWith('id,')) {
      throw new ApiError('Invalid research export response', response.status, response.data);
    }
    // Later pages repeat the header line: keep only the first one.
    csv += i === 0 ? response.data : response.data.slice(response.data.indexOf('\r\n') + 2);
    const next: unknown = response.headers['x-next-cursor'];
    cursor = typeof next === 'string' && next ? next : null;
    if (!cursor) break;
  }
  return `\uFEFF${csv}`;
}

export async function fetchLimits(): Promise<RateLimitInfo[]> {
  const response = await api.get<unknown>(pathOf('limits'));
  const data = readData(LimitsResponse, response.data, { listKey: 'limits' });
  if (!data) throw new ApiError('Invalid limits response', response.status, response.data);
  return data.limits;
}

export function limitsQueryOptions() {
  return queryOptions({ queryKey: ['limits'], queryFn: fetchLimits, staleTime: 5 * 60_000 });
}

export function useLimits(enabled = true) {
  return useQuery({ ...limitsQueryOptions(), enabled });
}
