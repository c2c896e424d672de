// An in-memory moderation API for the web tests: the queue (waiting narrowed by reason,
// scheduled, hidden, one report by id, cursor paged), the summary, publish / hide / restore with
// the server's transitions and 409s (publish and restore scheduled for a batch when `batches`),
// bulk decisions answered one by one, undo, and the log with its filters. Every body goes
// through the contract schemas.
import { HttpResponse } from 'msw';
import { on } from './endpoint';
import {
  BulkDecisionRequest,
  BulkDecisionResponse,
  bulkDecisionMessage,
  HideRequest,
  ModerationDecisionResponse,
  ModerationLogResponse,
  ModerationQueueResponse,
  ModerationSummaryResponse,
  UndoResponse,
  type ModerationLogEntry,
  type QueueItem,
} from '@contract/moderation-api';
import type { ExperienceStatus } from '@contract/moderation';
import { bearerUser } from './handlers';
import { errorBody, makeOwnExperience } from './fixtures';

/** The three decisions on one report, each its own endpoint. */
const DECISION_OF = { moderationPublish: 'publish', moderationHide: 'hide', moderationRestore: 'restore' } as const;
const DECISION_KEYS = Object.keys(DECISION_OF) as (keyof typeof DECISION_OF)[];

let n = 0;
export function makeQueueItem(
  overrides: Partial<QueueItem> & { story?: string; peptideName?: string } = {},
): QueueItem {
  n += 1;
  const { story, peptideName, ...rest } = overrides;
  const { trackingId: _omit, ...experience } = makeOwnExperience({
    _id: `${String(n).padStart(8, '0')}-0000-4000-8000-000000000050`,
    ...(story ? { story } : {}),
    ...(peptideName ? { peptideName } : {}),
    status: rest.status ?? 'held',
  });
  return {
    experience,
    status: 'held',
    holdReasons: ['link'],
    queuedAt: '2026-11-20',
    flags: { open: 0, reasons: [], notes: [] },
    concerningVotes: 0,
    scheduled: null,
    matches: [],
    repeatOf: null,
    editedFrom: null,
    history: [],
    undoableHide: false,
    ...rest,
  } as QueueItem;
}

export function makeLogEntry(overrides: Partial<ModerationLogEntry> = {}): ModerationLogEntry {
  n += 1;
  return {
    _id: `60000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    experienceId: '50000000-0000-4000-8000-000000000001',
    moderatorId: null,
    moderatorEmail: null,
    formerModerator: false,
    action: 'hold',
    reasons: ['link'],
    note: null,
    createdAt: '2026-11-20T00:00:00.000Z',
    ...overrides,
  };
}

export interface ModerationStore {
  items: QueueItem[];
  log: ModerationLogEntry[];
  pageSize?: number;
  /** Publication batches on: publish and restore are scheduled (until undone), as with PUBLISH_EVERY=6h. */
  batches?: boolean;
  requests: { method: string; path: string; params: URLSearchParams; body?: unknown }[];
  fail: { queue?: boolean; log?: boolean; summary?: boolean };
}

const BATCH_AT = '2026-11-20T18:00:00.000Z';
const waiting = (i: QueueItem) =>
  !i.scheduled && (i.status === 'held' || (i.status === 'published' && i.flags.open > 0));
const inView = (view: string | null, reason: string) => (i: QueueItem) => {
  if (view === 'hidden') return i.status === 'hidden' && !i.scheduled;
  if (view === 'scheduled') return i.scheduled !== null;
  if (!waiting(i)) return false;
  if (reason === 'open-flags') return i.status === 'published';
  return reason === 'all' || (i.holdReasons as string[]).includes(reason);
};

export function moderationHandlers(initial: Partial<ModerationStore> = {}) {
  const store: ModerationStore = { items: [], log: [], requests: [], fail: {}, ...initial };
  /** What undo puts back, by report: its state before the last publish, restore or hide. */
  const before = new Map<
    string,
    {
      status: ExperienceStatus;
      holdReasons: QueueItem['holdReasons'];
      flags: QueueItem['flags'];
      undo: 'publish' | 'restore' | 'hide';
    }
  >();

  function refuse(request: Request, body?: unknown) {
    const url = new URL(request.url);
    store.requests.push({ method: request.method, path: url.pathname, params: url.searchParams, body });
    const caller = bearerUser(request);
    if (!caller) return HttpResponse.json(errorBody('Sign in to do this'), { status: 401 });
    if (caller.role !== 'moderator')
      return HttpResponse.json(errorBody('Only moderators can do this'), { status: 403 });
    return null;
  }

  /** Index-based cursors are enough here: the real ones are opaque. */
  function page<T>(list: T[], params: URLSearchParams) {
    const limit = store.pageSize ?? Number(params.get('limit') ?? 20);
    const from = Number(params.get('cursor') ?? 0);
    return {
      slice: list.slice(from, from + limit),
      nextCursor: from + limit < list.length ? String(from + limit) : null,
    };
  }

  const MESSAGES = { publish: 'Report published.', hide: 'Report hidden.', restore: 'Report restored.' } as const;
  const SCHEDULED = {
    publish: 'Report approved: it is published at the next publication batch.',
    restore: 'Report approved for restoring: it is public again at the next publication batch.',
  } as const;

  /** One decision as the server takes it: the new state, or the refusal's status and sentence. */
  type Decided = { error: string; status: number } | { item: QueueItem; publicFrom: string | null; message: string };
  function decide(
    id: string,
    action: 'publish' | 'hide' | 'restore',
    hide?: { reason: string; note?: string | null },
  ): Decided {
    const item = store.items.find((i) => i.experience._id === id);
    if (!item) return { error: 'Experience not found', status: 404 };
    const allowed = {
      publish: waiting(item),
      hide: item.status !== 'hidden',
      restore: item.status === 'hidden' && !item.scheduled,
    }[action];
    if (!allowed)
      return {
        error:
          action === 'restore'
            ? 'Only a hidden report can be restored'
            : 'Only a held report, or a published report with open flags, can be published',
        status: 409,
      };
    before.set(id, { status: item.status, holdReasons: item.holdReasons, flags: item.flags, undo: action });
    let publicFrom: string | null = null;
    if (action === 'hide') {
      item.status = 'hidden';
      item.scheduled = null;
      item.undoableHide = true;
      item.flags = { open: 0, reasons: [], notes: [] };
    } else if (store.batches && item.status !== 'published') {
      item.scheduled = { action, publicFrom: BATCH_AT };
      publicFrom = BATCH_AT;
    } else {
      item.status = 'published';
      item.flags = { open: 0, reasons: [], notes: [] };
      item.holdReasons = [];
    }
    if (!publicFrom) {
      store.log.unshift(
        makeLogEntry({
          experienceId: id,
          moderatorId: 'mod',
          moderatorEmail: 'moderator@example.com',
          action,
          reasons: hide ? [hide.reason] : [],
          note: hide?.note ?? null,
        }),
      );
    }
    return { item, publicFrom, message: publicFrom ? SCHEDULED[action as 'publish' | 'restore'] : MESSAGES[action] };
  }

  const handlers = [
    on('moderationQueue', ({ request }) => {
      const refused = refuse(request);
      if (refused) return refused;
      if (store.fail.queue) return HttpResponse.json(errorBody('Database unavailable'), { status: 500 });
      const params = new URL(request.url).searchParams;
      const id = params.get('experienceId');
      const list = id
        ? store.items.filter((i) => i.experience._id === id)
        : store.items.filter(inView(params.get('view'), params.get('reason') ?? 'all'));
      const { slice, nextCursor } = page(list, params);
      return HttpResponse.json(ModerationQueueResponse.parse({ success: true, data: { items: slice, nextCursor } }));
    }),
    on('moderationSummary', ({ request }) => {
      const refused = refuse(request);
      if (refused) return refused;
      if (store.fail.summary) return HttpResponse.json(errorBody('Database unavailable'), { status: 500 });
      const count = (view: string) => store.items.filter(inView(view, 'all')).length;
      const held = store.items.filter((i) => waiting(i) && i.status === 'held').length;
      const flagged = store.items.filter((i) => waiting(i) && i.status === 'published').length;
      return HttpResponse.json(
        ModerationSummaryResponse.parse({
          success: true,
          data: {
            waiting: count('waiting'),
            held,
            flagged,
            hidden: count('hidden'),
            scheduled: count('scheduled'),
            pendingRegistrations: 0,
          },
        }),
      );
    }),
    on('moderationBulk', async ({ request }) => {
      const body = await request
        .clone()
        .json()
        .catch(() => undefined);
      const refused = refuse(request, body);
      if (refused) return refused;
      const parsed = BulkDecisionRequest.safeParse(body);
      if (!parsed.success) return HttpResponse.json(errorBody('ids or reason is invalid'), { status: 400 });
      const { ids, action, reason, note } = parsed.data;
      const refusedAs = { gone: 0, changed: 0 };
      const results = ids.map((id) => {
        const done = decide(id, action, action === 'hide' ? { reason: reason!, note } : undefined);
        if ('error' in done) refusedAs[done.status === 404 ? 'gone' : 'changed']++;
        return 'error' in done
          ? { id, ok: false, status: null, publicFrom: null, error: done.error }
          : { id, ok: true, status: done.item.status, publicFrom: done.publicFrom, error: null };
      });
      return HttpResponse.json({
        ...BulkDecisionResponse.parse({ success: true, data: { results } }),
        message: bulkDecisionMessage({ action, reason }, results, refusedAs),
      });
    }),
    on('moderationUndo', ({ request, params }) => {
      const refused = refuse(request);
      if (refused) return refused;
      const id = String(params.id);
      const item = store.items.find((i) => i.experience._id === id);
      const prior = before.get(id);
      if (!item) return HttpResponse.json(errorBody('Experience not found'), { status: 404 });
      if (!prior || (prior.undo !== 'hide' && !item.scheduled) || (prior.undo === 'hide' && item.status !== 'hidden')) {
        return HttpResponse.json(
          errorBody('There is nothing to undo: no publish or restore of this report is waiting for its batch.'),
          { status: 409 },
        );
      }
      before.delete(id);
      Object.assign(item, {
        status: prior.status,
        holdReasons: prior.holdReasons,
        flags: prior.flags,
        scheduled: null,
        undoableHide: false,
      });
      if (prior.undo === 'hide')
        store.log.unshift(
          makeLogEntry({
            experienceId: id,
            moderatorId: 'mod',
            moderatorEmail: 'moderator@example.com',
            action: 'undo',
            reasons: ['hide'],
          }),
        );
      const message = {
        publish: 'Publish undone: the report stays held.',
        restore: 'Restore undone: the report stays hidden.',
        hide: 'Hide undone: the report is back as it was.',
      }[prior.undo];
      return HttpResponse.json({
        ...UndoResponse.parse({ success: true, data: { id, status: item.status, undone: prior.undo } }),
        message,
      });
    }),
    ...DECISION_KEYS.map((key) =>
      on(key, async ({ request, params }) => {
        const body = await request
          .clone()
          .json()
          .catch(() => undefined);
        const refused = refuse(request, body);
        if (refused) return refused;
        const action = DECISION_OF[key];
        let hide: ReturnType<typeof HideRequest.parse> | undefined;
        if (action === 'hide') {
          const parsed = HideRequest.safeParse(body);
          if (!parsed.success) return HttpResponse.json(errorBody('reason is invalid'), { status: 400 });
          hide = parsed.data;
        }
        const done = decide(String(params.id), action, hide && { reason: hide.reason, note: hide.note ?? null });
        if ('error' in done) return HttpResponse.json(errorBody(done.error), { status: done.status });
        return HttpResponse.json({
          ...ModerationDecisionResponse.parse({
            success: true,
            data: { id: done.item.experience._id, status: done.item.status, publicFrom: done.publicFrom },
          }),
          message: done.message,
        });
      }),
    ),
    on('moderationLog', ({ request }) => {
      const refused = refuse(request);
      if (refused) return refused;
      if (store.fail.log) return HttpResponse.json(errorBody('Database unavailable'), { status: 500 });
      const params = new URL(request.url).searchParams;
      const wanted = (key: 'action' | 'moderatorId' | 'experienceId', value: string | null) =>
        !params.get(key) || value === params.get(key);
      const list = store.log.filter(
        (e) =>
          wanted('action', e.action) && wanted('moderatorId', e.moderatorId) && wanted('experienceId', e.experienceId),
      );
      const { slice, nextCursor } = page(list, params);
      return HttpResponse.json(ModerationLogResponse.parse({ success: true, data: { entries: slice, nextCursor } }));
    }),
  ];
  return { store, handlers };
}
