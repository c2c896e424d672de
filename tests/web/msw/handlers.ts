import { HttpResponse } from 'msw';
import { on } from './endpoint';
import {
  Credentials,
  REGISTERED_MESSAGE,
  RefreshRequest,
  RegisterRequest,
  SIGN_IN_FAILED_MESSAGE,
} from '@contract/users';
import { formatIssues, issueList } from '@contract/common';
import { PENDING_MESSAGE, backend } from './backend';
import { SubmitExperienceRequest } from '@contract/experiences';
import { ModerationQueueResponse, ModerationSummaryResponse, MyFlagsResponse } from '@contract/moderation-api';
import { HONEYPOT_MESSAGE } from '@contract/rules';
import {
  DEFAULT_PEPTIDES,
  catalogueBody,
  effectsBody,
  publicationBody,
  errorBody,
  healthBody,
  loginBody,
  logoutBody,
  makeUser,
  meBody,
  peptideListBody,
  refreshBody,
  registerBody,
  submitBody,
} from './fixtures';

async function record(request: Request): Promise<unknown> {
  const url = new URL(request.url);
  let body: unknown;
  if (request.method !== 'GET')
    body = await request
      .clone()
      .json()
      .catch(() => undefined);
  backend.calls.push({
    method: request.method,
    path: url.pathname,
    authorization: request.headers.get('Authorization'),
    body,
  });
  return body;
}

export function bearerUser(request: Request) {
  const header = request.headers.get('Authorization');
  return header?.startsWith('Bearer ') ? backend.accessTokens.get(header.slice(7)) : undefined;
}

const unauthorized = () => HttpResponse.json(errorBody('Invalid or expired access token'), { status: 401 });

export const handlers = [
  on('health', async ({ request }) => {
    await record(request);
    return HttpResponse.json(healthBody());
  }),

  on('login', async ({ request }) => {
    const parsed = Credentials.safeParse(await record(request));
    if (!parsed.success)
      return HttpResponse.json(
        { ...errorBody(formatIssues(parsed.error.issues)), issues: issueList(parsed.error.issues) },
        { status: 400 },
      );
    const account = backend.accounts.get(parsed.data.email.toLowerCase());
    if (!account || account.password !== parsed.data.password) {
      return HttpResponse.json(errorBody(SIGN_IN_FAILED_MESSAGE), { status: 401 });
    }
    if (account.user.status !== 'approved') return HttpResponse.json(errorBody(PENDING_MESSAGE), { status: 403 });
    const tokens = backend.issueTokens(account.user);
    return HttpResponse.json(loginBody(account.user, tokens.accessToken, tokens.refreshToken));
  }),

  on('register', async ({ request }) => {
    const parsed = RegisterRequest.safeParse(await record(request));
    if (!parsed.success)
      return HttpResponse.json(
        { ...errorBody(formatIssues(parsed.error.issues)), issues: issueList(parsed.error.issues) },
        { status: 400 },
      );
    // As the server: a taken email gets the same answer and its account stays as it was.
    if (!backend.accounts.has(parsed.data.email.toLowerCase())) {
      backend.addAccount(makeUser({ email: parsed.data.email, status: 'pending' }), parsed.data.password);
    }
    return HttpResponse.json(registerBody(parsed.data, REGISTERED_MESSAGE), { status: 201 });
  }),

  on('me', async ({ request }) => {
    await record(request);
    const user = bearerUser(request);
    return user ? HttpResponse.json(meBody(user)) : unauthorized();
  }),

  on('refresh', async ({ request }) => {
    const parsed = RefreshRequest.safeParse(await record(request));
    const user = parsed.success ? backend.refreshTokens.get(parsed.data.refreshToken) : undefined;
    if (!parsed.success || !user)
      return HttpResponse.json(errorBody('Invalid or expired refresh token'), { status: 401 });
    backend.refreshTokens.delete(parsed.data.refreshToken); // rotates on every use
    const tokens = backend.issueTokens(user);
    return HttpResponse.json(refreshBody(tokens.accessToken, tokens.refreshToken));
  }),

  on('logout', async ({ request }) => {
    const body = (await record(request)) as { refreshToken?: string } | undefined;
    if (body?.refreshToken) backend.refreshTokens.delete(body.refreshToken);
    return HttpResponse.json(logoutBody());
  }),

  // Defaults for page tests: a small catalogue (search, category and paging honoured), the
  // effects vocabulary, and an anonymous submission that validates like the real server.
  on('peptides', async ({ request }) => {
    await record(request);
    const url = new URL(request.url);
    const search = (url.searchParams.get('search') ?? '').trim().toLowerCase();
    const category = url.searchParams.get('category') ?? 'all';
    const page = Number(url.searchParams.get('page') ?? 1) || 1;
    const pageSize = Number(url.searchParams.get('limit') ?? 20) || 20;
    const matching = DEFAULT_PEPTIDES.filter(
      (p) =>
        (!search || p.name.toLowerCase().includes(search) || p.description.toLowerCase().includes(search)) &&
        (category === 'all' || p.category === category),
    );
    return HttpResponse.json(
      peptideListBody(matching.slice((page - 1) * pageSize, page * pageSize), page, pageSize, matching.length),
    );
  }),

  // The whole catalogue, which the report wizard searches on the device.
  on('peptideCatalogue', async ({ request }) => {
    await record(request);
    return HttpResponse.json(catalogueBody(DEFAULT_PEPTIDES));
  }),

  on('effects', async ({ request }) => {
    await record(request);
    return HttpResponse.json(effectsBody());
  }),

  on('publication', async ({ request }) => {
    await record(request);
    return HttpResponse.json(publicationBody());
  }),

  on('submitExperience', async ({ request }) => {
    const body = await record(request);
    const website = (body as { website?: unknown } | undefined)?.website;
    if (typeof website === 'string' && website.trim())
      return HttpResponse.json(errorBody(HONEYPOT_MESSAGE), { status: 400 });
    const parsed = SubmitExperienceRequest.safeParse(body);
    if (!parsed.success)
      return HttpResponse.json(
        { ...errorBody(formatIssues(parsed.error.issues)), issues: issueList(parsed.error.issues) },
        { status: 400 },
      );
    return HttpResponse.json(submitBody(parsed.data), { status: 201 });
  }),

  // A member's own flags: none by default (tests/web/msw/community-handlers.ts keeps real ones).
  on('myFlags', async ({ request }) => {
    await record(request);
    return bearerUser(request)
      ? HttpResponse.json(MyFlagsResponse.parse({ success: true, data: { flags: {} } }))
      : unauthorized();
  }),

  // The Research Hub opens on its queue and shows what waits on every tab: nothing, by default
  // (tests/web/msw/moderation-handlers.ts keeps a real queue).
  on('moderationSummary', async ({ request }) => {
    await record(request);
    const user = bearerUser(request);
    if (!user) return unauthorized();
    if (user.role !== 'moderator') return HttpResponse.json(errorBody('Only moderators can do this'), { status: 403 });
    return HttpResponse.json(
      ModerationSummaryResponse.parse({
        success: true,
        data: { waiting: 0, held: 0, flagged: 0, hidden: 0, scheduled: 0, pendingRegistrations: 0 },
      }),
    );
  }),
  on('moderationQueue', async ({ request }) => {
    await record(request);
    const user = bearerUser(request);
    if (!user) return unauthorized();
    if (user.role !== 'moderator') return HttpResponse.json(errorBody('Only moderators can do this'), { status: 403 });
    return HttpResponse.json(ModerationQueueResponse.parse({ success: true, data: { items: [], nextCursor: null } }));
  }),
];
