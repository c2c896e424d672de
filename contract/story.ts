// The story's counter and read time, as the wizard and the correction form show them while a
// story is written (docs/product-rules.md, "Forms"). Apart from contract/rules.ts so that they load
// with those two forms only, not with every page.
import { STORY_MIN } from './rules';
import { cleanProse } from './safe-text';

const READ_WORDS_PER_MINUTE = 200;

/** Read time at 200 words per minute, at least one minute once anything is written. */
export function readTimeMinutes(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return words === 0 ? 0 : Math.max(1, Math.ceil(words / READ_WORDS_PER_MINUTE));
}

/** "3 min read", only for a text that takes more than a minute to read (a short story needs no estimate); else null. */
export function readTimeText(text: string): string | null {
  const minutes = readTimeMinutes(text);
  return minutes > 1 ? `${minutes} min read` : null;
}

/**
 * A story's length as the length rules count it: as it will be stored (contract/safe-text.ts
 * cleanProse), so 150 spaces are 0 characters, never "Long enough".
 */
export function storyLength(text: string): number {
  return cleanProse(text).length;
}

export type CounterTone = 'orange' | 'green' | 'red';

/** Story counter colour: orange below the minimum, red above 90% of the limit (and over it), else green. */
export function storyCounterTone(length: number, max: number, min = STORY_MIN): CounterTone {
  if (length > max * 0.9) return 'red';
  if (length < min) return 'orange';
  return 'green';
}

/**
 * The story's one rule, stated once where it is counted (docs/product-rules.md, "Forms"): the
 * minimum and how far to go, what is left near the limit, and how much to cut past it (a pasted
 * text is kept whole, never cut silently).
 */
export function storyCounterMessage(length: number, max: number, min = STORY_MIN): string {
  if (length < min) return `At least ${min} characters (${min - length} to go)`;
  if (length > max) return `${length - max} over the limit of ${max} characters: shorten it to send it`;
  if (length > max * 0.9) return `${max - length} characters left`;
  return 'Long enough';
}
