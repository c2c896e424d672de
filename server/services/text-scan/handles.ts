// Contact details that are neither an address nor a number (docs/product-rules.md, "Moderation";
// decisions, fourth round): a messenger handle (an @name with Telegram, Instagram, WhatsApp,
// Signal, Snapchat, Wickr, Session and the like named near it, or a contact verb: "DM
// @peptidevendor on Telegram"), a messenger's own link scheme ("tg://resolve?domain=…"; its web
// links, t.me and wa.me, are links), and an email address spelled with "at" and a mail provider
// ("seller at protonmail"). One pass each over the reading; every pattern reads a bounded number
// of characters from where it starts.
import { SCAN_LIMITS } from './work';

export interface Found {
  kind: 'handle' | 'email';
  text: string;
}

const MESSENGERS =
  'telegram|tg|instagram|insta|ig|whatsapp|whats app|snapchat|wickr|threema|kik|discord|wechat|weixin|viber|skype|keybase|tiktok|twitter|facebook|fb';
// A messenger, or a verb that asks the reader to get in touch, within NEAR characters of a handle.
const CUE_RE = new RegExp(
  `\\b(?:${MESSENGERS}|dm|pm|hmu|hit me up|(?:message|text|add|contact|reach|follow|find|ping|msg) me)\\b`,
  'gi',
);
// Messengers named by an everyday word ("my session at the gym", "a signal from my joints"):
// a cue only right beside the handle ("Signal @name", "@name on Session").
const WORD_CUE_RE = /\b(?:signal|session|snap|line|element|messenger|wa)\b/gi;
// "@name": 3 to 32 letters, digits, dots and underscores, not inside an email address.
const HANDLE_RE = /(?<![\p{L}\p{N}_.@])@[a-z0-9_](?:[a-z0-9_.]{1,30}[a-z0-9_])(?![\p{L}\p{N}_@])/giu;
// "telegram: peptidevendor", "IG = peptide.vendor": a messenger, a colon or an equals sign, a name with a letter.
const NAMED_HANDLE_RE =
  /\b(?:telegram|tg|instagram|insta|ig|whatsapp|signal|snapchat|snap|wickr|threema|kik|discord|wechat|viber|skype)(?: ?(?:id|handle|username|user|name))? ?[:=] ?@?(?=[a-z0-9_.]{0,31}[a-z])[a-z0-9_.]{3,32}\b/gi;
// A messenger's link scheme.
const SCHEME_RE =
  /\b(?:tg|whatsapp|signal|sgnl|viber|skype|threema|wickr|snapchat|discord|kik|weixin|fb-messenger|line|session|wechat):\/\/[^\s]{1,100}/gi;
/** How far from a handle its cue may be, and a cue that is an everyday word. */
const NEAR = 60;
const NEAR_WORD = 12;

const PROVIDERS =
  'gmail|googlemail|protonmail|proton|pm|outlook|hotmail|yahoo|icloud|aol|gmx|yandex|tutanota|tuta|zoho|mailfence|hushmail|msn|mailru|qq';
// "seller at protonmail", "seller @ gmail": a name, "at" (or a spaced @), a mail provider.
const PROVIDER_EMAIL_RE = new RegExp(
  `(?<![\\p{L}\\p{N}._-])([a-z0-9][a-z0-9._-]{1,63}) (?:at|@) (?:${PROVIDERS})\\b`,
  'giu',
);
// Words that come before "at" in a sentence, not an address: "works at Yahoo", "me at gmail".
const NOT_A_NAME = new Set([
  'i',
  'me',
  'you',
  'he',
  'him',
  'she',
  'her',
  'we',
  'us',
  'they',
  'them',
  'it',
  'is',
  'was',
  'were',
  'are',
  'am',
  'be',
  'been',
  'work',
  'works',
  'worked',
  'working',
  'job',
  'intern',
  'employed',
  'engineer',
  'account',
  'accounts',
  'inbox',
  'email',
  'mail',
  'address',
  'or',
  'and',
  'not',
  'in',
  'on',
  'to',
  'up',
  'out',
  'signed',
  'logged',
  'sent',
  'reply',
  'replied',
]);

/** Where each cue starts and ends, in order. */
function cuesOf(view: string, re: RegExp): [number, number][] {
  return [...view.matchAll(re)].map((m) => [m.index, m.index + m[0].length]);
}

/** Whether a cue ends within `near` characters before [from, to) or starts within them after: a binary search. */
function cueNear(cues: readonly [number, number][], from: number, to: number, near: number): boolean {
  let lo = 0;
  let hi = cues.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cues[mid][1] < from - near) lo = mid + 1;
    else hi = mid;
  }
  return lo < cues.length && cues[lo][0] <= to + near;
}

/** The handles and spelled addresses in `view` (a reading, reading.ts), at most SCAN_LIMITS.findingsPerKind of each kind. */
export function findHandles(view: string): Found[] {
  const found: Found[] = [];
  const handles: string[] = [];
  const add = (text: string) => handles.length < SCAN_LIMITS.findingsPerKind && handles.push(text);
  for (const m of view.matchAll(SCHEME_RE)) add(m[0]);
  for (const m of view.matchAll(NAMED_HANDLE_RE)) add(m[0]);
  if (view.includes('@')) {
    const cues = cuesOf(view, CUE_RE);
    const words = cuesOf(view, WORD_CUE_RE);
    if (cues.length || words.length) {
      for (const m of view.matchAll(HANDLE_RE)) {
        const end = m.index + m[0].length;
        if (cueNear(cues, m.index, end, NEAR) || cueNear(words, m.index, end, NEAR_WORD)) add(m[0]);
      }
    }
  }
  for (const text of handles) found.push({ kind: 'handle', text });
  let emails = 0;
  for (const m of view.matchAll(PROVIDER_EMAIL_RE)) {
    if (NOT_A_NAME.has(m[1].toLowerCase())) continue;
    found.push({ kind: 'email', text: m[0] });
    if (++emails >= SCAN_LIMITS.findingsPerKind) break;
  }
  return found;
}
