// An in-memory moderation API for the web tests: the queue (waiting or hidden, one report by id,
// cursor paged), publish / hide / restore with the server's transitions and 409s, and the log
// with its filters. Every body goes through the contract schemas.
import { HttpResponse, http } from 'msw';
import {
  HideRequest,
  ModerationDecisionResponse,
  ModerationLogResponse,
  ModerationQueueResponse,
  type ModerationLogEntry,
  type QueueItem,
} from '@contract/moderation-api';
import { bearerUser } from './handlers';
import { errorBody, makeOwnExperience } from './fixtures';

let n = 0;
export function makeQueueItem(overrides: Partial<QueueItem> & { story?: string; peptideName?: string } = {}): QueueItem {
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
  requests: { method: string; path: string; params: URLSearchParams; body?: unknown }[];
  fail: { queue?: boolean; log?: boolean };
}

const waiting = (i: QueueItem) => i.status === 'held' || (i.status === 'published' && i.flags.open > 0);

export function moderationHandlers(initial: Partial<ModerationStore> = {}) {
  const store: ModerationStore = { items: [], log: [], requests: [], fail: {}, ...initial };

  function refuse(request: Request, body?: unknown) {
    const url = new URL(request.url);
    store.requests.push({ method: request.method, path: url.pathname, params: url.searchParams, body });
    const caller = bearerUser(request);
    if (!caller) return HttpResponse.json(errorBody('Sign in to do this'), { status: 401 });
    if (caller.role !== 'moderator') return HttpResponse.json(errorBody('Only moderators can do this'), { status: 403 });
    return null;
  }

  /** Index-based cursors are enough here: the real ones are opaque. */
  function page<T>(list: T[], params: URLSearchParams) {
    const limit = store.pageSize ?? Number(params.get('limit') ?? 20);
    const from = Number(params.get('cursor') ?? 0);
    return { slice: list.slice(from, from + limit), nextCursor: from + limit < list.length ? String(from + limit) : null };
  }

  const handlers = [
    http.get('/api/moderation/queue', ({ request }) => {
      const refused = refuse(request);
      if (refused) return refused;
      if (store.fail.queue) return HttpResponse.json(errorBody('Database unavailable'), { status: 500 });
      const params = new URL(request.url).searchParams;
      const id = params.get('experienceId');
      const list = id
        ? store.items.filter((i) => i.experience._id === id)
        : store.items.filter(params.get('view') === 'hidden' ? (i) => i.status === 'hidden' : waiting);
      const { slice, nextCursor } = page(list, params);
      return HttpResponse.json(ModerationQueueResponse.parse({ success: true, data: { items: slice, nextCursor } }));
    }),
    http.post('/api/moderation/experiences/:id/:action', async ({ request, params }) => {
      const body = await request.clone().json().catch(() => undefined);
      const refused = refuse(request, body);
      if (refused) return refused;
      const action = String(params.action) as 'publish' | 'hide' | 'restore';
      const item = store.items.find((i) => i.experience._id === params.id);
      if (!item) return HttpResponse.json(errorBody('Experience not found'), { status: 404 });
      let hide: ReturnType<typeof HideRequest.parse> | undefined;
      if (action === 'hide') {
        const parsed = HideRequest.safeParse(body);
        if (!parsed.success) return HttpResponse.json(errorBody('reason is invalid'), { status: 400 });
        hide = parsed.data;
      }
      const allowed = { publish: waiting(item), hide: item.status !== 'hidden', restore: item.status === 'hidden' }[action];
      if (!allowed) return HttpResponse.json(errorBody('Only a hidden report can be restored'), { status: 409 });
      item.status = action === 'hide' ? 'hidden' : 'published';
      item.flags = { open: 0, reasons: [], notes: [] };
      item.holdReasons = [];
      store.log.unshift(makeLogEntry({ experienceId: item.experience._id, moderatorId: 'mod', moderatorEmail: 'moderator@example.com', action, reasons: hide ? [hide.reason] : [], note: hide?.note ?? null }));
      const message = { publish: 'Report published.', hide: 'Report hidden.', restore: 'Report restored.' }[action];
      return HttpResponse.json({ ...ModerationDecisionResponse.parse({ success: true, data: { id: item.experience._id, status: item.status } }), message });
    }),
    http.get('/api/moderation/log', ({ request }) => {
      const refused = refuse(request);
      if (refused) return refused;
      if (store.fail.log) return HttpResponse.json(errorBody('Database unavailable'), { status: 500 });
      const params = new URL(request.url).searchParams;
      const list = store.log.filter(
        (e) => (!params.get('action') || e.action === params.get('action')) && (!params.get('moderatorId') || e.moderatorId === params.get('moderatorId')),
      );
      const { slice, nextCursor } = page(list, params);
      return HttpResponse.json(ModerationLogResponse.parse({ success: true, data: { entries: slice, nextCursor } }));
    }),
  ];
  return { store, handlers };
}
