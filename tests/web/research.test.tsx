// Research Hub against MSW: access, the six tabs, exports, limits and the
// registration queue with its toasts.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOLD_REASONS } from '@contract/moderation';
import { renderApp } from './helpers/render-app';
import { backend } from './msw/backend';
import { makeMember, memberHandlers } from './msw/member-handlers';
import { makePending, researchHandlers } from './msw/research-handlers';
import { server } from './msw/server';

function setup(initial?: Parameters<typeof researchHandlers>[0]) {
  const research = researchHandlers(initial);
  server.use(...research.handlers, ...memberHandlers(research.store).handlers);
  return research.store;
}

/** Captures files handed to the browser's download manager. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        n += 1;
        blobs.set(`blob:test/${n}`, blob);
        return `blob:test/${n}`;
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blobs.get(this.href) ?? new Blob() });
  });
  return files;
}

/**
 * The first visit compiles and loads the lazy page chunk: over 5 s when the machine's two cores
 * run other suites too (seen at a load average of 12). The tests' own timeout stays the bound.
 */
const SLOW = { timeout: 15_000 };

const researchCalls = (store: ReturnType<typeof setup>) => store.requests.filter((r) => r.path !== '/api/limits');

beforeEach(() => {
  vi.useRealTimers();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('access', { timeout: 20_000 }, () => {
  it('sends visitors to the login page', async () => {
    setup();
    const { location } = renderApp('/research');
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('shows members a moderators-only message and makes no research call', async () => {
    const store = setup();
    backend.seedSession('member@example.com');
    renderApp('/research');
    expect(await screen.findByRole('heading', { name: 'Moderators only' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(researchCalls(store)).toEqual([]);
  });
});

// Whole-app renders with user-event typing: generous time when the machine is shared.
describe('moderator tabs', { timeout: 20_000 }, () => {
  beforeEach(() => {
    backend.seedSession('moderator@example.com');
  });

  it('opens on its first tab, the Reports queue; Overview has the real figures and none of the placeholder ones', async () => {
    setup();
    const { user, search } = renderApp('/research');
    const tabs = await screen.findAllByRole('tab', {}, SLOW);
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Reports',
      'Overview',
      'Database',
      'Data Export',
      'API Access',
      'Guidelines',
      'User Management',
      'Activity',
    ]);
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(search().get('tab')).toBe('overview');
    const figures = await screen.findByRole('region', { name: 'Research figures' });
    const card = (label: string) => within(figures).getByText(label, { selector: 'p' }).closest('div')!.parentElement!;
    expect(card('Experiences')).toHaveTextContent('1,234');
    expect(card('Experiences This Month')).toHaveTextContent('87');
    expect(card('Peptides')).toHaveTextContent('14');
    expect(card('Votes')).toHaveTextContent('5,678');
    expect(card('Pending Registrations')).toHaveTextContent('2');
    expect(card('Pending Registrations')).toHaveTextContent('321 approved members');
    expect(card('Reports with Optional Details')).toHaveTextContent('83%');
    expect(card('Reports with Optional Details')).toHaveTextContent('naming a stack, extra effects or sourcing');
    expect(document.body).not.toHaveTextContent(/papers|citations|collaborations|94%/i);
  });

  it('a failed overview shows the error toast and an inline retry', async () => {
    const store = setup();
    store.fail.overview = true;
    const { user } = renderApp('/research?tab=overview');
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Failed to load analytics data');
    // The inline message and the toast.
    await waitFor(() => expect(screen.getAllByText('Failed to load analytics data')).toHaveLength(2));
    store.fail.overview = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Research figures' })).toHaveTextContent('1,234');
  });

  it('Database: category and peptide tables with n; sort and page are asked of the server', async () => {
    const store = setup();
    const { user } = renderApp('/research?tab=database');
    const categories = await screen.findByRole('region', { name: 'Experiences by category' }, SLOW);
    const healing = within(categories).getByRole('row', { name: /Healing & Recovery/ });
    expect(healing).toHaveTextContent('700');
    expect(healing).toHaveTextContent('7.5, likely 7.3-7.6, n = 700');
    expect(within(categories).getByRole('row', { name: /Metabolic Health/ })).toHaveTextContent('No ratings yet');

    const peptides = await screen.findByRole('region', { name: 'Experiences by peptide' });
    expect(within(peptides).getAllByRole('row')).toHaveLength(21); // header + 20
    expect(within(peptides).getByRole('row', { name: /^Peptide 1 / })).toHaveTextContent('7.3, likely 6.9-7.6, n = 99');
    expect(within(peptides).getByRole('row', { name: /^Peptide 1 / })).toHaveTextContent(
      'Recovery 8.1, likely 7.6-8.6, n = 40',
    );
    expect(screen.getByText('1-20 of 25 peptides')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('21-25 of 25 peptides')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name');
    await screen.findByText('1-20 of 25 peptides');
    const last = store.requests.filter((r) => r.path === '/api/research/peptides').at(-1)!;
    expect([last.params.get('sort'), last.params.get('page'), last.params.get('limit')]).toEqual(['name', '1', '20']);
    expect(
      within(screen.getByRole('region', { name: 'Experiences by peptide' })).getAllByRole('row')[1],
    ).toHaveTextContent('Peptide 1');
  });

  it('Data Export: analytics JSON named with the date, both experience exports fetched page by page', async () => {
    const store = setup();
    const files = captureDownloads();
    const { user } = renderApp('/research?tab=export');
    const date = new Date().toISOString().slice(0, 10);
    // Named with the UTC day of the click: the day the test began or, past midnight UTC, the next.
    const expectDated = (name: string, named: (day: string) => string) =>
      expect([date, new Date().toISOString().slice(0, 10)].map(named)).toContain(name);

    await user.click(await screen.findByRole('button', { name: 'Export Analytics (JSON)' }, SLOW));
    expect(await screen.findByText('Export Successful')).toBeInTheDocument();
    expectDated(files[0].name, (d) => `peptide-analytics-${d}.json`);
    const analytics = JSON.parse(await files[0].blob.text()) as {
      analytics: { totalExperiences: number };
      overview: { votes: number };
    };
    expect(analytics.analytics.totalExperiences).toBe(1234);
    expect(analytics.overview.votes).toBe(5678);

    await user.click(screen.getByRole('button', { name: 'Export Experiences (JSON)' }));
    await waitFor(() => expect(files).toHaveLength(2));
    expectDated(files[1].name, (d) => `peptide-experiences-${d}.json`);
    const exported = JSON.parse(await files[1].blob.text()) as {
      rows: { peptide: string; ageRange: null }[];
      shares: unknown[];
      nextCursor: null;
    };
    expect(exported.rows.map((r) => r.peptide)).toEqual(['BPC-157', 'TB-500']);
    // No report's demographics; who reports each peptide once, as the server gave it.
    expect(exported.rows.map((r) => r.ageRange)).toEqual([null, null]);
    expect(exported.shares).toEqual(store.exportShares);
    expect(
      screen.getByText(/no age range, sex or activity level \(those fields are always null\)/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/k-anonymity|at least 5 reports share/)).not.toBeInTheDocument();
    expect(exported.nextCursor).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Export Experiences (CSV)' }));
    await waitFor(() => expect(files).toHaveLength(6));
    expectDated(files[2].name, (d) => `peptide-experiences-${d}.csv`);
    expectDated(files[3].name, (d) => `peptide-outcomes-${d}.csv`);
    // The side effects, one line each with its severity, page by page.
    expectDated(files[4].name, (d) => `peptide-side-effects-${d}.csv`);
    expect((await files[4].blob.text()).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('id,sideEffect,severity');
    // The means with their n and interval, one page.
    expectDated(files[5].name, (d) => `peptide-means-${d}.csv`);
    expect(
      (await files[5].blob.text())
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean),
    ).toEqual(['peptide,outcome,n,mean,low,high', '"BPC-157","","41","7.2","6.8","7.6"']);
    // A byte-order mark first, so Excel reads the text as UTF-8; one header line for all pages.
    const bytes = new Uint8Array(await files[2].blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes);
    expect(csv.split('\r\n').filter(Boolean)).toEqual([
      'id,peptide,category,month',
      `"${store.exportPages[0]![0]!.id}","BPC-157","Healing & Recovery","2026-11"`,
      `"${store.exportPages[1]![0]!.id}","TB-500","Healing & Recovery","2026-11"`,
    ]);
    const csvCalls = store.requests.filter(
      (r) => r.path === '/api/research/export' && r.params.get('format') === 'csv',
    );
    expect(csvCalls.map((r) => [r.params.get('table'), r.params.get('cursor')])).toEqual([
      ['reports', null],
      ['reports', '1'],
      ['outcomes', null],
      ['outcomes', '1'],
      ['sideEffects', null],
      ['sideEffects', '1'],
      ['means', null],
    ]);
  });

  it('Data Export failure: an error toast and no file', async () => {
    const store = setup();
    store.fail.export = true;
    const files = captureDownloads();
    const { user } = renderApp('/research?tab=export');
    await user.click(await screen.findByRole('button', { name: 'Export Experiences (CSV)' }, SLOW));
    expect(await screen.findByText('Export Failed')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(files).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export Experiences (CSV)' })).toBeEnabled();
  });

  it('API Access: the endpoints, the response format and the limits read from the server', async () => {
    setup();
    renderApp('/research?tab=api');
    await screen.findByRole('heading', { name: 'Endpoints' }, SLOW);
    for (const path of ['/api/analytics', '/api/peptides', '/api/experiences', '/api/users/pending']) {
      expect(screen.getAllByText(path, { exact: false }).length).toBeGreaterThan(0);
    }
    // The full reference is served by the API itself: plain links, not the app's router.
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/docs');
    // The guide is in the repository, linked only when the site is built with its address (VITE_SOURCE_URL).
    expect(screen.queryByRole('link', { name: 'API guide' })).toBeNull();
    expect(screen.getByRole('link', { name: 'OpenAPI 3.1 document' })).toHaveAttribute('href', '/api/openapi.json');
    expect(screen.getByRole('heading', { name: 'Response format' })).toBeInTheDocument();
    expect(screen.getByText(/"success": true/)).toBeInTheDocument();
    const limits = await screen.findByRole('list', { name: 'Rate limits' });
    const items = within(limits).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('10 per hour per address'),
      expect.stringContaining('10 per 15 minutes per account and address'),
      expect.stringContaining('600 per minute per address'),
    ]);
    expect(document.body).not.toHaveTextContent(/100\/hour|50\/hour/);
  });

  it('Guidelines: what to approve, what to reject, reports of harm', async () => {
    setup();
    renderApp('/research?tab=guidelines');
    expect(await screen.findByRole('heading', { name: 'Approve when' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reject when' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reports of harm' })).toBeInTheDocument();
    // Every hold reason the server has, the danger hold among them, in the queue's words.
    const held = screen.getByRole('list', { name: 'Why a report is held' });
    expect(within(held).getAllByRole('listitem')).toHaveLength(HOLD_REASONS.length);
    expect(within(held).getByText('May be dangerous advice')).toBeInTheDocument();
    // Members flag; a "report" is the experience.
    expect(document.body).toHaveTextContent('its “Flag” button');
    expect(document.body).not.toHaveTextContent('“Report” button');
  });
});

describe('User Management', { timeout: 20_000 }, () => {
  beforeEach(() => {
    backend.seedSession('moderator@example.com');
  });

  it('lists pending registrations with their date; approve and reject (with notes) remove them', async () => {
    const store = setup();
    const { user } = renderApp('/research?tab=users');
    const list = await screen.findByRole('list', { name: 'Pending registrations' }, SLOW);
    expect(within(list).getByText('alice@example.com')).toBeInTheDocument();
    const alice = within(list).getByText('alice@example.com').closest('li')!;
    expect(within(alice).getByText('Nov 20, 2026, 09:30 UTC')).toHaveAttribute('dateTime', '2026-11-20T09:30:00.000Z');

    await user.click(screen.getByRole('button', { name: 'Approve alice@example.com' }));
    expect(await screen.findByText('Registration approved')).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByText('alice@example.com')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Reject bob@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject registration' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes (optional)' }), 'disposable address');
    await user.click(within(dialog).getByRole('button', { name: 'Reject User' }));
    expect(await screen.findByText('Registration rejected')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.requests.find((r) => r.path.endsWith('/reject'))?.body).toEqual({ notes: 'disposable address' });
    expect(await screen.findByText('No pending registrations')).toBeInTheDocument();
    // The list was fetched again after each decision.
    expect(store.requests.filter((r) => r.path === '/api/users/pending').length).toBeGreaterThanOrEqual(3);
  });

  it("the tab's badge says how many registrations wait, and follows a decision", async () => {
    const research = researchHandlers();
    server.use(research.summaryHandler, ...research.handlers);
    const { user } = renderApp('/research?tab=users');
    expect(await screen.findByRole('tab', { name: 'User Management 2 registrations waiting' }, SLOW)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(await screen.findByRole('button', { name: 'Reject bob@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject registration' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject User' }));
    expect(await screen.findByRole('tab', { name: 'User Management 1 registration waiting' })).toBeInTheDocument();
  });

  it('reject with no notes sends an empty note; Cancel sends nothing', async () => {
    const store = setup();
    const { user } = renderApp('/research?tab=users');
    await user.click(await screen.findByRole('button', { name: 'Reject alice@example.com' }, SLOW));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Reject alice@example.com' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject User' }));
    expect(await screen.findByText('Registration rejected')).toBeInTheDocument();
    expect(store.requests.find((r) => r.method === 'POST')?.body).toEqual({ notes: '' });
  });

  it('failed decisions show the error toasts and keep the user (and typed notes)', async () => {
    const store = setup();
    store.fail.approve = true;
    store.fail.reject = true;
    const { user } = renderApp('/research?tab=users');
    await user.click(await screen.findByRole('button', { name: 'Approve alice@example.com' }, SLOW));
    expect(await screen.findByText('Failed to approve')).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reject bob@example.com' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes (optional)' }), 'spam');
    await user.click(within(dialog).getByRole('button', { name: 'Reject User' }));
    expect(await screen.findByText('Failed to reject')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Notes (optional)' })).toHaveValue('spam');
  });

  it('an approval offers Undo on its toast, which puts the registration back in the pending list', async () => {
    const store = setup();
    const { user } = renderApp('/research?tab=users');
    const list = await screen.findByRole('list', { name: 'Pending registrations' }, SLOW);
    await user.click(within(list).getByRole('button', { name: 'Approve alice@example.com' }));
    expect(
      await screen.findByText('alice@example.com can sign in. The approval mail goes out once Undo is gone.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByText('alice@example.com')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('Approval undone: the account waits for a decision again, and no mail was sent.'),
    ).toBeInTheDocument();
    expect(await within(list).findByText('alice@example.com')).toBeInTheDocument();
    expect(store.requests.filter((r) => r.path === '/api/users/pending').length).toBeGreaterThanOrEqual(3);
  });

  it('lists approved members, searches them on the server, and suspends and reinstates one after confirming', async () => {
    const research = researchHandlers();
    const members = memberHandlers(research.store, {
      members: [makeMember(1, 'dana@example.com'), makeMember(2, 'erin@example.com', 'suspended')],
    });
    server.use(...research.handlers, ...members.handlers);
    const { user } = renderApp('/research?tab=users');
    const list = await screen.findByRole('list', { name: 'Approved members' }, SLOW);
    expect(within(list).getByText('Suspended')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search by email' }), 'DANA');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(within(list).queryByText('erin@example.com')).not.toBeInTheDocument());

    await user.click(within(list).getByRole('button', { name: 'Suspend dana@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend member' });
    expect(dialog).toHaveTextContent('Their votes and flags stay counted.');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend member' }));
    expect(await screen.findByText('Member suspended')).toBeInTheDocument();
    await user.click(await within(list).findByRole('button', { name: 'Reinstate dana@example.com' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reinstate member' })).getByRole('button', {
        name: 'Reinstate member',
      }),
    );
    expect(await screen.findByText('Member reinstated')).toBeInTheDocument();
    expect(members.store.members[0]!.status).toBe('approved');
  });

  it('lists a rejected registration with Approve, which lets it in after confirming', async () => {
    const research = researchHandlers();
    const rejected = makeMember(3, 'fay@example.com', 'rejected');
    const members = memberHandlers(research.store, { members: [rejected] });
    // The stand-in's approve reads the pending list; the real server approves a rejected account as well.
    research.store.pending.push({ ...makePending(3, 'fay@example.com'), _id: rejected._id });
    server.use(...research.handlers, ...members.handlers);
    const { user } = renderApp('/research?tab=users');
    const list = await screen.findByRole('list', { name: 'Approved members' }, SLOW);
    expect(within(list).getAllByText('Rejected').length).toBeGreaterThan(0);
    await user.click(within(list).getByRole('button', { name: 'Approve fay@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve registration' });
    expect(dialog).toHaveTextContent('the rejection stays in the account log');
    await user.click(within(dialog).getByRole('button', { name: 'Approve registration' }));
    expect(await screen.findByText('Registration approved')).toBeInTheDocument();
    expect(research.store.decided.get(rejected._id)?.decision).toBe('approve');
  });

  it('a failed list shows "Failed to load pending users" and can be retried; an empty queue says so', async () => {
    const store = setup({ pending: [] });
    store.fail.pending = true;
    const { user } = renderApp('/research?tab=users');
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Failed to load pending users');
    store.fail.pending = false;
    store.pending = [makePending(9, 'carol@example.com')];
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('carol@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve carol@example.com' }));
    expect(await screen.findByText('No pending registrations')).toBeInTheDocument();
  });
});
