// A word-level diff of what an author's correction changed (QueueItem.editedFrom). No diff package
// is installed (node_modules has none) and none is worth adding for this: a story is at most 1,000
// characters (about 200 words), so the textbook longest-common-subsequence table over words is at
// most ~40,000 cells, instant, and a few lines.
import type { Severity } from '@contract/side-effects';

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

/** Words and the spaces after them, so the parts join back into the texts. */
const tokens = (s: string) => s.match(/\S+\s*/g) ?? [];

/** `before` → `after` as runs of kept, removed and added words. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  const key = (t: string) => t.trimEnd();
  // lcs[i][j]: the longest common run of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = key(a[i]!) === key(b[j]!) ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts[parts.length - 1];
    if (last?.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (key(a[i]!) === key(b[j]!)) {
      push('same', b[j]!);
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) push('removed', a[i++]!);
    else push('added', b[j++]!);
  }
  while (i < a.length) push('removed', a[i++]!);
  while (j < b.length) push('added', b[j++]!);
  return readable(parts);
}

/**
 * Folds a kept run into the changes around it when it is no longer than the change on either side
 * (the rule of diff-match-patch's semantic cleanup): "buy it at shop.com" → "no swelling at all"
 * reads as one replaced phrase, not as two changes around a kept "at". Removed before added.
 */
function readable(parts: DiffPart[]): DiffPart[] {
  type Run = { same: string } | { removed: string; added: string };
  const runs: Run[] = [];
  for (const p of parts) {
    const last = runs[runs.length - 1];
    if (p.kind === 'same') runs.push({ same: p.text });
    else if (last && !('same' in last)) last[p.kind] += p.text;
    else runs.push(p.kind === 'added' ? { removed: '', added: p.text } : { removed: p.text, added: '' });
  }
  const size = (r: Run | undefined) =>
    r && !('same' in r) ? Math.max(r.removed.trim().length, r.added.trim().length) : 0;
  for (let k = 1; k < runs.length - 1; k++) {
    const run = runs[k]!;
    if (!('same' in run)) continue;
    const [prev, next] = [runs[k - 1]!, runs[k + 1]!];
    if ('same' in prev || 'same' in next || run.same.trim().length > Math.min(size(prev), size(next))) continue;
    runs.splice(k - 1, 3, {
      removed: prev.removed + run.same + next.removed,
      added: prev.added + run.same + next.added,
    });
    k = Math.max(0, k - 2);
  }
  return runs.flatMap((r): DiffPart[] =>
    'same' in r
      ? [{ kind: 'same', text: r.same }]
      : [
          ...(r.removed ? [{ kind: 'removed' as const, text: r.removed }] : []),
          ...(r.added ? [{ kind: 'added' as const, text: r.added }] : []),
        ],
  );
}

/** What a list gained and lost (effects), in the order each list has them. */
export function listChanges(
  before: readonly string[],
  after: readonly string[],
): { added: string[]; removed: string[] } {
  return { added: after.filter((x) => !before.includes(x)), removed: before.filter((x) => !after.includes(x)) };
}

/** Each outcome whose rating changed, was added or was removed. */
export function outcomeChanges(
  before: Record<string, number>,
  after: Record<string, number>,
): { name: string; from: number | null; to: number | null }[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return names
    .map((name) => ({
      name,
      from: Object.hasOwn(before, name) ? before[name]! : null,
      to: Object.hasOwn(after, name) ? after[name]! : null,
    }))
    .filter((c) => c.from !== c.to);
}

/**
 * Each side effect whose severity changed, was added or was removed. One name whatever its letter
 * case, as the contract lists them once (contract/side-effects.ts SideEffects); shown as it is now.
 */
export function sideEffectChanges(
  before: readonly { name: string; severity: Severity }[],
  after: readonly { name: string; severity: Severity }[],
): { name: string; from: Severity | null; to: Severity | null }[] {
  const key = (name: string) => name.trim().toLowerCase();
  const was = new Map(before.map((s) => [key(s.name), s]));
  const now = new Map(after.map((s) => [key(s.name), s]));
  return [...new Set([...now.keys(), ...was.keys()])]
    .map((k) => ({
      name: (now.get(k) ?? was.get(k))!.name,
      from: was.get(k)?.severity ?? null,
      to: now.get(k)?.severity ?? null,
    }))
    .filter((c) => c.from !== c.to);
}
