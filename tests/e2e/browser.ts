// Debian's Chromium driven by playwright-core (never `playwright install`).
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumPath } from './chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * This worker's server (global-setup.ts starts one per worker): files running at the same time
 * never share data. A test that calls `inject('baseURL')` instead gets the first worker's server,
 * which also works, only without that separation.
 */
export function baseURL(): string {
  const urls = inject('baseURLs');
  const worker = Number(process.env.VITEST_POOL_ID || 1);
  return urls[(worker - 1) % urls.length] ?? inject('baseURL');
}

/** `args`: flags beyond the suite's own (a host-resolver rule naming the server otherwise). */
export async function launch(args: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...FLAGS, ...args], headless: true });
}

export async function newPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  return { context, page };
}

/** Calls the API directly (for setup such as a moderator approving an account). */
export function api<T = any>(
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  return apiAt<T>(baseURL(), method, url, body, token);
}

/** `api` against another server (a test that starts its own: tests/e2e/app-server.ts). */
export async function apiAt<T = any>(
  baseURL: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseURL}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

type Peptide = { _id: string; name: string; commonEffects: string[] };

/** The first catalogue peptide with common effects (the wizard's outcome fields), from the API. */
export async function firstPeptide(base = baseURL()): Promise<Peptide> {
  const res = await apiAt(base, 'GET', '/api/peptides?limit=100&sort=name');
  return res.body.data.peptides.find((p: Peptide) => p.commonEffects.length > 0);
}

/** Submits an experience through the API as the wizard would: a valid report, `fields` overriding. */
export function submitExperience(
  peptide: Peptide,
  story: string,
  fields: Record<string, unknown> = {},
  base = baseURL(),
) {
  return apiAt(base, 'POST', '/api/experiences', {
    peptideId: peptide._id,
    dosage: '250 mcg',
    frequency: 'daily',
    duration: 14,
    routeOfAdministration: 'subcutaneous',
    primaryPurpose: ['Recovery'],
    demographics: { ageRange: '30-34', biologicalSex: 'female', activityLevel: 'active' },
    outcomes: { [peptide.commonEffects[0]!]: 7 },
    timeline: '1-week',
    story,
    ...fields,
  });
}

let counter = 0;
/** The option for peptide `name` in an open peptide picker (its accessible name goes on with the category). */
export function peptideOption(page: Page, name: string) {
  return page.getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},`) });
}

/**
 * Chooses `name` in the searchable peptide picker labelled `label`, as a person does: type, wait
 * for the list to answer what was typed, then pick. Until the search has run (a pause after
 * typing, then the server: src/api/peptides.ts usePeptideSearch) the list still shows the previous
 * answer, with `name` further down; a click aimed at it while the new answer re-renders the list
 * landed on another peptide, or on none (a clean-clone run chose the wrong peptide once, and the
 * wizard's "Step 2 of 4" once never came as no peptide was chosen).
 */
export async function choosePeptide(page: Page, name: string, label = 'Peptide') {
  const field = page.getByRole('combobox', { name: label });
  await field.fill(name);
  // The picker's status line, just after its list (src/components/peptide-picker/PeptidePicker.tsx).
  const status = page.locator(`[id="${await field.getAttribute('aria-controls')}"] + [role="status"]`);
  await status.filter({ hasNotText: /^Searching/ }).waitFor();
  await peptideOption(page, name).click();
}

export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@e2e.test`;
}

export async function moderatorToken(): Promise<string> {
  const { email, password } = inject('moderator');
  const res = await api('POST', '/api/users/login', { email, password });
  return res.body.data.accessToken;
}

/**
 * The id of a pending account, from the moderator's list (oldest first, so read from the last
 * page back): registration answers no id, as it must not tell a new email from a taken one.
 */
export async function pendingAccountId(email: string, token: string): Promise<string> {
  const first = await api('GET', '/api/users/pending?limit=100', undefined, token);
  for (let page = Math.max(1, Math.ceil(first.body.data.total / 100)); page >= 1; page--) {
    const res = page === 1 ? first : await api('GET', `/api/users/pending?limit=100&page=${page}`, undefined, token);
    const user = res.body.data.users.find((u: { email: string; _id: string }) => u.email === email);
    if (user) return user._id;
  }
  throw new Error(`no pending account for ${email}`);
}

/** The subject of the sign-up's mail (server/mail/templates.ts confirmEmailMail). */
export const CONFIRM_SUBJECT = 'Confirm your email address for Peptide Community';

/** The confirmation link in the newest sign-up mail to `email`, read from this server's outbox. */
export async function confirmationLink(email: string): Promise<string> {
  const mail = await mailTo(email, (m) => m.subject === CONFIRM_SUBJECT);
  const link = /(http:\/\/\S+\/confirm-email#token=[\w%-]+)/.exec(mail.text ?? '')?.[1];
  if (!link) throw new Error(`no confirmation link in the mail to ${email}`);
  return link;
}

/**
 * Registers through the API and confirms the address as its owner would, with the link of the
 * mail the server wrote (its token posted as the confirm page posts it): no test path in the server.
 */
export async function registeredAndConfirmed(email: string, password: string): Promise<void> {
  const reg = await api('POST', '/api/users/register', { email, password });
  if (reg.status !== 201) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  const token = decodeURIComponent(new URL(await confirmationLink(email)).hash.slice('#token='.length));
  const confirmed = await api('POST', '/api/auth/confirm-email', { token });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
}

/** Registers through the API, confirms the address from the mail, and has the moderator approve it. */
export async function approvedMember(password = 'member-password-1'): Promise<{ email: string; password: string }> {
  const email = uniqueEmail();
  await registeredAndConfirmed(email, password);
  const token = await moderatorToken();
  const approve = await api('POST', `/api/users/${await pendingAccountId(email, token)}/approve`, undefined, token);
  if (approve.status !== 200) throw new Error(`approve failed: ${JSON.stringify(approve.body)}`);
  return { email, password };
}

/**
 * The first mail in this worker's server's outbox (no SMTP_URL there: DATA_DIR/outbox/*.eml) that
 * `match` accepts, parsed as a mail client would; waits for it to be written.
 */
export async function mailTo(
  to: string,
  match: (mail: ParsedMail) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<ParsedMail> {
  const worker = Number(process.env.VITEST_POOL_ID || 1);
  const dirs = inject('dataDirs');
  const outbox = path.join(dirs[(worker - 1) % dirs.length]!, 'outbox');
  const seen = new Set<string>();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml') && !seen.has(f)) : [];
    for (const file of files.sort()) {
      const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
      const recipients = mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : [];
      if (recipients.includes(to) && match(mail)) return mail;
      seen.add(file);
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${outbox}`);
    // The queue delivers within moments of the request; look again shortly.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
