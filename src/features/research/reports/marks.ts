// What a hold rule matched, found again in the text a moderator reads (QueueItem.matches): the
// server sends each match as a reader sees it after folding (markup and invisible characters
// removed, look-alike letters folded), so it is looked for case-insensitively and marked where it
// is found as written; a match written differently is still listed as a chip beside the text.

export type Run = { text: string; marked: boolean };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern for every needle, longest first (so "shop.com/page" wins over "shop.com"); null for none. */
export function matchPattern(needles: readonly string[]): RegExp | null {
  const words = [...new Set(needles.map((n) => n.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
  return words.length ? new RegExp(words.map(escape).join('|'), 'giu') : null;
}

/** `text` cut into runs, those that match marked. */
export function markRuns(text: string, pattern: RegExp | null): Run[] {
  if (!pattern || !text) return [{ text, marked: false }];
  const runs: Run[] = [];
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > at) runs.push({ text: text.slice(at, m.index), marked: false });
    runs.push({ text: m[0], marked: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), marked: false });
  return runs;
}

/** The story as one line without its `**` markers: the excerpt a compact card shows. */
export const plainStory = (story: string) => story.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();

/**
 * About `max` characters of `text`: from the start, or around the first match when that lies
 * further in, so the card shows why the report is here without opening it.
 */
export function excerpt(text: string, pattern: RegExp | null, max = 220): string {
  if (text.length <= max) return text;
  const first = pattern ? text.search(new RegExp(pattern.source, 'iu')) : -1;
  const start = first > max * 0.6 ? Math.max(0, text.lastIndexOf(' ', first - Math.floor(max / 3)) + 1) : 0;
  const end = Math.min(text.length, start + max);
  const cut = text.slice(start, end);
  return `${start > 0 ? '…' : ''}${end < text.length ? cut.replace(/\s+\S*$/, '') : cut}${end < text.length ? '…' : ''}`;
}
