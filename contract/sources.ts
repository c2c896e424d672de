// A peptide page's sources (docs/product-rules.md, "Reference pages"): where what it says comes
// from, one a line, each a web address or a citation. Written once for the form, the contract and
// the server. Pure functions only: part of the SPA's first load. A citation's links, emails and
// phone numbers are found on the server, by the hold rules' reading (server/services/peptides.ts).
import { cleanLine, isBrokenLine, isReservedName } from './safe-text';

/** How many sources a page carries, and how long one may be. */
export const SOURCE_LIMITS = { min: 1, max: 10, length: 300 } as const;

export const SOURCES_MESSAGE = {
  missing: 'sources: add at least one source: a link or a citation',
  tooMany: `sources: at most ${SOURCE_LIMITS.max} sources`,
  broken: 'contains characters that are not allowed (control characters or broken unicode)',
  tooLong: `is longer than ${SOURCE_LIMITS.length} characters`,
  reserved: 'cannot be __proto__, constructor or prototype',
  notWeb: 'is not a web address a reader can open: it must start with http:// or https://',
  credentials: 'is a web address with a user name or password in it',
  host: 'is a web address without a proper host (like pubmed.ncbi.nlm.nih.gov)',
  ipHost: 'is a web address with a numeric (IP) host: give the site by its name (like pubmed.ncbi.nlm.nih.gov)',
  lookalike:
    'is a web address whose host imitates another: its letters mix alphabets, or are letters of another alphabet that read as Latin ones',
  messenger:
    'is a messenger or social profile link (Telegram, WhatsApp, Instagram and the like): a way to contact someone, not a source',
  citationLink: 'is a citation with a link in it: put the web address on a line of its own, starting with https://',
  citationEmail: 'is a citation with an email address in it',
  citationPhone: 'is a citation with a phone number in it',
  citationHandle: 'is a citation with a messenger handle in it',
} as const;

/** "sources: source 3 is not a web address…": the field, which line, and what is wrong. */
export function sourceMessage(index: number, problem: string): string {
  return `sources: source ${index + 1} ${problem}`;
}

/**
 * Whether a source is meant as a web address: it starts with a scheme (`https:`, `ftp:`,
 * `javascript:`) directly followed by something other than a digit or a space. A citation may
 * hold a colon ("Curr Pharm Des 24:1972", "PMID:29998800", "Review: …") and stays a citation.
 */
export function isUrlSource(source: string): boolean {
  return /^[a-z][a-z0-9+.-]*:[^\s\d]/i.test(source);
}

/**
 * Hosts whose pages are a way to reach a person (a messenger's links, profiles), not a source:
 * the host or any name under it.
 */
export const MESSENGER_HOSTS: readonly string[] = [
  't.me',
  'telegram.me',
  'telegram.dog',
  'wa.me',
  'whatsapp.com',
  'signal.me',
  'signal.group',
  'instagram.com',
  'instagr.am',
  'snapchat.com',
  'discord.gg',
  'discord.com',
  'discordapp.com',
  'kik.me',
  'threema.id',
  'line.me',
  'm.me',
  'messenger.com',
  'viber.com',
  'wechat.com',
  'wickr.me',
];

/**
 * Whether a URL's host (as the URL parser gives it) is an IP address: IPv6 in brackets, or IPv4,
 * which the parser has already written as four numbers whatever the address said ("3232235777",
 * "0xC0A80101" and "0300.0250.0001.0001" are all 192.168.1.1).
 */
export function isIpHost(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(hostname);
}

/** What is wrong with a web-address source, or null: http(s), no credentials, a named host with a dot, not a messenger. */
export function urlSourceProblem(source: string): string | null {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return SOURCES_MESSAGE.notWeb;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return SOURCES_MESSAGE.notWeb;
  if (url.username || url.password) return SOURCES_MESSAGE.credentials;
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  if (isIpHost(host)) return SOURCES_MESSAGE.ipHost;
  if (!/^[^.]+(\.[^.]+)+$/.test(host)) return SOURCES_MESSAGE.host;
  if (MESSENGER_HOSTS.some((m) => host === m || host.endsWith(`.${m}`))) return SOURCES_MESSAGE.messenger;
  return null;
}

/** What is wrong with one source as the contract sees it (a citation's links are the server's), or null. */
export function sourceProblem(source: string): string | null {
  if (isBrokenLine(source)) return SOURCES_MESSAGE.broken;
  const clean = cleanLine(source);
  if (clean.length > SOURCE_LIMITS.length) return SOURCES_MESSAGE.tooLong;
  if (isReservedName(clean)) return SOURCES_MESSAGE.reserved;
  return isUrlSource(clean) ? urlSourceProblem(clean) : null;
}

/**
 * A page's sources as stored (each cleaned as a single line, blanks and repeats dropped), or the
 * first problem with them: a source refused (numbered from 1 as sent), none left, or too many.
 */
export function checkSources(
  items: readonly string[],
): { sources: string[]; problem?: undefined } | { problem: string } {
  const kept: string[] = [];
  for (const [index, item] of items.entries()) {
    const problem = sourceProblem(item);
    if (problem) return { problem: sourceMessage(index, problem) };
    const clean = cleanLine(item);
    if (clean && !kept.includes(clean)) kept.push(clean);
  }
  if (kept.length < SOURCE_LIMITS.min) return { problem: SOURCES_MESSAGE.missing };
  if (kept.length > SOURCE_LIMITS.max) return { problem: SOURCES_MESSAGE.tooMany };
  return { sources: kept };
}

/** The lines of the form's Sources field: each trimmed, blanks dropped. */
export function sourceLines(text: string): string[] {
  return text
    .split(/\r\n?|\n/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * How a web address is shown: its host without `www.`, then its path and query, shortened to
 * `max` characters with an ellipsis. The link itself goes to the full address.
 */
export function shortUrl(source: string, max = 60): string {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return source;
  }
  const host = url.hostname.replace(/^www\./, '');
  let rest = url.pathname === '/' && !url.search ? '' : `${url.pathname}${url.search}`;
  try {
    rest = decodeURIComponent(rest);
  } catch {
    // A malformed escape is shown as written.
  }
  const text = `${host}${rest}`;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
