// XSS in the browser: a standard payload list goes in through every field a user
// controls (story, effects, peptide fields, profile fields, vendor fields) via the API, then the
// screens that show them are rendered in Chromium. No payload may run: no dialog opens, the window
// flag the payloads set stays unset, and no element carries an inline handler or a javascript:
// URL. The Content-Security-Policy forbids inline script as a second line of defence.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, approvedMember, baseURL, launch, newPage } from './browser';
import { screenshot } from './screenshots';
import { pageIdle, trackRequests } from './page-idle';

/** Each payload, when it runs, records its id in window.__xss and opens an alert. */
function payloads(): { id: string; text: string }[] {
  const run = (id: string) => `window.__xss=(window.__xss||[]).concat('${id}');alert('${id}')`;
  return [
    { id: 'script', text: `<script>${run('script')}</script>` },
    { id: 'img', text: `<img src=x onerror="${run('img')}">` },
    { id: 'svg', text: `<svg onload="${run('svg')}"></svg>` },
    { id: 'svgscript', text: `<svg><script>${run('svgscript')}</script></svg>` },
    { id: 'jsurl', text: `<a href="javascript:${run('jsurl')}">click me</a>` },
    { id: 'iframe', text: `<iframe src="javascript:${run('iframe')}"></iframe>` },
    { id: 'bold-img', text: `**<img src=x onerror="${run('bold-img')}">**` },
    { id: 'bold-break', text: `**bold**<script>${run('bold-break')}</script>**` },
    { id: 'bold-attr', text: `** onmouseover="${run('bold-attr')}" **` },
    { id: 'mdlink', text: `[click](javascript:${run('mdlink')})` },
    { id: 'breakout', text: `"><img src=x onerror="${run('breakout')}">` },
    { id: 'details', text: `<details open ontoggle="${run('details')}">x</details>` },
    { id: 'autofocus', text: `<input autofocus onfocus="${run('autofocus')}">` },
    { id: 'mxss', text: `<math><mtext><table><mglyph><style><img src=x onerror="${run('mxss')}">` },
    { id: 'object', text: `<object data="javascript:${run('object')}"></object>` },
    { id: 'textarea', text: `</textarea><script>${run('textarea')}</script>` },
    { id: 'template', text: `{{constructor.constructor("${run('template')}")()}}` },
    { id: 'body', text: `<body onload="${run('body')}">` },
  ];
}
/** Short forms for fields capped at 30-60 characters. */
const SHORT = [
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(2)>',
  '<script>alert(3)</script>',
  '**<b onclick=alert(4)>x</b>**',
  'javascript:alert(5)',
];

let browser: Browser;
let member: { email: string; password: string };
let session: { accessToken: string; refreshToken: string; user: unknown };
const experienceIds: string[] = [];
const trackingIds: string[] = [];
let moderatorSession: typeof session;
let peptideId = '';
const tried = { payloads: 0, fieldsAccepted: 0, fieldsRefused: 0 };
const executed: string[] = [];
/** Screens whose text showed at least one payload (screens still being built may not yet). */
const shownOn: string[] = [];
const SHOWN = /XSS probe report|<img src=x|<svg onload|<script>alert/;

function story(list: { text: string }[]): string {
  return `XSS probe report. ${list.map((p) => p.text).join(' ')}`.slice(0, 1000).padEnd(120, ' padding');
}

beforeAll(async () => {
  browser = await launch();
  member = await approvedMember('xss-member-password');
  session = (await api('POST', '/api/users/login', member)).body.data;
  const all = payloads();
  tried.payloads = all.length + SHORT.length;

  // Peptide fields, through a member's create call.
  const stamp = Date.now().toString(36);
  const pep = await api(
    'POST',
    '/api/peptides',
    {
      name: `<img src=x onerror=alert(9)> XSS ${stamp}`.slice(0, 100),
      peptide_sequence: 'GEPPPGKPADDAGLV',
      category: 'Healing & Recovery',
      description: all
        .slice(0, 5)
        .map((p) => p.text)
        .join(' ')
        .slice(0, 500),
      detailedDescription: all.map((p) => p.text).join('\n'),
      mechanism: all
        .slice(5, 12)
        .map((p) => p.text)
        .join(' ')
        .slice(0, 2000),
      commonDosage: SHORT[0],
      commonFrequency: SHORT[1],
      commonEffects: SHORT,
      sideEffects: SHORT,
      commonStacks: SHORT,
      dosageRanges: { low: SHORT[2], medium: SHORT[3], high: SHORT[4] },
      timeline: { onset: SHORT[0], peak: SHORT[1], duration: SHORT[2] },
      // Citations are shown as text, a web address as a link to itself: markup in either stays text.
      sources: [...SHORT.slice(0, 4), 'https://example.org/<img src=x onerror=alert(6)>?q="><svg onload=alert(7)>'],
    },
    session.accessToken,
  );
  expect(pep.status, JSON.stringify(pep.body)).toBe(201);
  peptideId = pep.body.data.peptide._id;
  tried.fieldsAccepted += 15;

  // Stories, effects and outcome names, in two reports (a story holds 1000 characters).
  const halves = [all.slice(0, 9), all.slice(9)];
  for (const half of halves) {
    const res = await api('POST', '/api/experiences', {
      peptideId,
      dosage: SHORT[0],
      frequency: 'daily',
      duration: 14,
      routeOfAdministration: 'subcutaneous',
      primaryPurpose: ['Injury Healing'],
      demographics: { ageRange: '30-34', biologicalSex: 'female', activityLevel: 'active' },
      outcomes: { energy: 7, '<img src=x onerror=alert(6)>': 5 },
      effects: SHORT,
      timeline: '1-week',
      story: story(half),
      stack: [],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    experienceIds.push(res.body.data.experience._id);
    trackingIds.push(res.body.data.trackingId);
    tried.fieldsAccepted += 4;
  }

  // Vendor fields: the server accepts only http(s) addresses, so javascript: is refused outright.
  for (const vendorUrl of [
    'javascript:alert(7)',
    'https://vendor.example/?q="><script>alert(8)</script>',
    'data:text/html,<script>alert(1)</script>',
  ]) {
    const res = await api('POST', '/api/experiences', {
      peptideId,
      dosage: '1 mg',
      frequency: 'daily',
      duration: 7,
      routeOfAdministration: 'oral',
      primaryPurpose: ['Sleep'],
      demographics: { ageRange: '30-34', biologicalSex: 'male', activityLevel: 'active' },
      outcomes: { sleep: 6 },
      effects: [],
      timeline: '1-week',
      story: story(all.slice(0, 3)),
      stack: [],
      sourcing: { vendorUrl, batchId: SHORT[2] },
    });
    if (res.status === 201) {
      tried.fieldsAccepted++;
      experienceIds.push(res.body.data.experience._id);
    } else {
      expect(res.status).toBe(400);
      tried.fieldsRefused++;
    }
  }

  // Profile fields.
  const prof = await api(
    'PUT',
    '/api/users/me',
    { demographics: { ageRange: '40-44', fitnessGoals: SHORT } },
    session.accessToken,
  );
  expect(prof.status, JSON.stringify(prof.body)).toBe(200);
  tried.fieldsAccepted += 1;
  moderatorSession = (await api('POST', '/api/users/login', inject('moderator'))).body.data;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  console.log(
    `[xss] payloads tried: ${tried.payloads} (${tried.fieldsAccepted} fields stored, ${tried.fieldsRefused} refused by the API); executed: ${executed.length}${executed.length ? ` (${executed.join(', ')})` : ''}`,
  );
});

async function signedInPage(theme: 'light' | 'dark' = 'light', as: typeof session = session) {
  const { context, page } = await newPage(browser);
  await context.addInitScript(
    ([s, t]) => {
      localStorage.setItem('accessToken', s.accessToken);
      localStorage.setItem('refreshToken', s.refreshToken);
      localStorage.setItem('userData', JSON.stringify(s.user));
      localStorage.setItem('theme', t);
    },
    [as, theme] as const,
  );
  return { context, page };
}

/** Renders one screen and reports whatever ran, plus inline handlers or javascript: URLs in the DOM. */
async function probe(
  page: Page,
  url: string,
  act?: (page: Page) => Promise<void>,
): Promise<{ ran: string[]; dialogs: string[]; dangerous: string[]; text: string }> {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  trackRequests(page);
  await page.goto(url);
  // The screens fetch their data after the first paint: wait until nothing is loading (an image
  // that errors has its request counted, and its handler runs before the page is idle).
  await pageIdle(page);
  if (act) {
    await act(page);
    await pageIdle(page);
  }
  const state = await page.evaluate(() => {
    const dangerous: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        if (/^on/i.test(attr.name)) dangerous.push(`${el.tagName} ${attr.name}`);
        if (/^(href|src|data|action|formaction)$/i.test(attr.name) && /^\s*javascript:/i.test(attr.value))
          dangerous.push(`${el.tagName} ${attr.name}=${attr.value.slice(0, 40)}`);
      }
      if (['IFRAME', 'OBJECT', 'EMBED'].includes(el.tagName)) dangerous.push(el.tagName);
    }
    const appScripts = Array.from(document.scripts).filter((s) => !s.src);
    for (const s of appScripts)
      if (s.textContent && /__xss|alert\(/.test(s.textContent)) dangerous.push('inline SCRIPT');
    return {
      ran: ((window as unknown as { __xss?: string[] }).__xss ?? []) as string[],
      dangerous,
      text: document.body.innerText,
    };
  });
  return { ...state, dialogs };
}

describe('XSS payloads in Chromium', () => {
  it('the Content-Security-Policy forbids inline script', async () => {
    for (const url of ['/', '/community', `/experiences/${experienceIds[0]}`]) {
      const res = await fetch(new URL(url, baseURL()));
      const csp = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? /default-src ([^;]+)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, url).toContain("'self'");
      expect(scriptSrc, url).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|data:|javascript:/);
      expect(csp).toMatch(/object-src 'none'/);
    }
  });

  type Screen = [name: string, url: () => string, act?: (page: Page) => Promise<void>, moderator?: boolean];
  it.each<Screen>([
    ['home', () => '/'],
    // Searched, like the peptides screen: reports keep only their UTC day, so among the day's
    // reports the newest-first feed orders by id, and on a server other files have written to
    // that day the probes were on its first page only by chance (the test failed in CI).
    ['community', () => `/community?search=${encodeURIComponent('XSS probe report')}`],
    ['experience detail', () => `/experiences/${experienceIds[0]}`],
    ['experience detail (second report)', () => `/experiences/${experienceIds[1]}`],
    ['peptides', () => '/peptides?search=XSS'],
    ['peptide detail', () => `/peptides/${peptideId}`],
    [
      'peptide detail, experiences tab',
      () => `/peptides/${peptideId}`,
      (page) => page.getByRole('tab', { name: 'Experiences' }).click(),
    ],
    ['profile', () => '/profile'],
    [
      'privacy tracking lookup',
      () => '/privacy',
      async (page) => {
        await page.getByRole('tab', { name: 'Your Data' }).click();
        await page.getByLabel('Tracking ID').fill(trackingIds[0]!);
        await page.getByRole('button', { name: 'Look Up' }).click();
        await page.getByRole('heading', { name: 'Your submission', exact: true }).waitFor();
      },
    ],
    [
      'submit (peptide list)',
      () => '/submit',
      async (page) => {
        // The picker lists peptide names once opened.
        await page.getByRole('combobox', { name: 'Peptide' }).click();
        await page.getByRole('option').first().waitFor();
      },
    ],
    [
      'explore compare',
      () => '/explore',
      async (page) => {
        await page.getByRole('tab', { name: 'Compare' }).click();
      },
    ],
    [
      'research hub',
      () => '/research',
      async (page) => void (await page.getByRole('tab', { name: 'Database' }).click()),
      true,
    ],
  ])('%s: nothing runs', async (name, url, act, moderator) => {
    const { context, page } = await signedInPage('light', moderator ? moderatorSession : session);
    try {
      const result = await probe(page, url(), act);
      executed.push(...result.ran, ...result.dialogs.map((d) => `dialog ${d}`));
      expect(result.ran).toEqual([]);
      expect(result.dialogs).toEqual([]);
      expect(result.dangerous).toEqual([]);
      // The app rendered (no crash to a blank page).
      expect(result.text.length).toBeGreaterThan(20);
      if (SHOWN.test(result.text)) shownOn.push(name);
      await screenshot(page, `xss-${name.replace(/\W+/g, '-')}`);
    } finally {
      await context.close();
    }
  });

  it('the payloads are shown as visible text on the screens that show them, in dark mode too', async () => {
    // Typed angle brackets come back as characters, not markup: the probes above really rendered them.
    console.log(`[xss] screens showing payloads as text: ${shownOn.join(', ') || 'none'}`);
    // Every screen that prints member text shows the payloads as characters.
    expect(shownOn).toEqual(
      expect.arrayContaining([
        'community',
        'experience detail',
        'peptides',
        'peptide detail',
        'peptide detail, experiences tab',
        'privacy tracking lookup',
      ]),
    );
    const { context, page } = await signedInPage('dark');
    try {
      const result = await probe(page, `/peptides/${peptideId}`);
      expect(result.ran).toEqual([]);
      expect(result.dialogs).toEqual([]);
      expect(result.text).toMatch(SHOWN);
    } finally {
      await context.close();
    }
  });
});
