// What reading one text may cost, and a count of what every reading did. The detectors are linear
// in the text; the maintained libraries they ask (linkify-it for links, libphonenumber-js for
// international numbers) are not always (linkify-it took 100 ms over "a.a.a.…" of 5,000
// characters), so they are only shown short windows, and a text gets a fixed allowance of them.
// tests/server/hold-cost.test.ts asserts the counts grow with the text, never faster.

/** The allowance of one text (all its readings together). */
export const SCAN_LIMITS = {
  /** Characters linkify-it may read, in windows of at most `window` characters. */
  linkChars: 4_000,
  window: 200,
  /** International numbers libphonenumber-js may parse; past it a "+" number is read by its shape alone. */
  libraryCalls: 16,
  /** Findings kept per kind: enough to show the moderator and to decide. */
  findingsPerKind: 10,
  /** How much of a finding's text is kept. */
  findingLength: 120,
} as const;

/** Counters since the process started: the tests compare them before and after a request. */
export const scanWork = {
  /** Texts read by the hold rules. */
  texts: 0,
  /** Characters of the readings scanned (every reading of every text). */
  chars: 0,
  /** Windows handed to linkify-it, and their characters. */
  linkWindows: 0,
  linkChars: 0,
  /** Digit groups read as possible phone numbers. */
  phoneSpans: 0,
  /** Calls to libphonenumber-js. */
  libraryCalls: 0,
  /** Milliseconds of CPU the hold rules spent reading (measured, for the tests to print; nothing asserts it). */
  cpuMs: 0,
  /** Stories split into word triples for the repeat rule (text-rules.ts storyShingles). */
  shingles: 0,
};

/** One text's spending against SCAN_LIMITS. */
export class Allowance {
  linkChars = 0;
  libraryCalls = 0;

  /** Takes `n` characters of linkify-it's reading; false when the text has none left. */
  takeLinkChars(n: number): boolean {
    if (this.linkChars + n > SCAN_LIMITS.linkChars) return false;
    this.linkChars += n;
    scanWork.linkWindows++;
    scanWork.linkChars += n;
    return true;
  }

  /** Takes one call of libphonenumber-js; false when the text has none left. */
  takeLibraryCall(): boolean {
    if (this.libraryCalls >= SCAN_LIMITS.libraryCalls) return false;
    this.libraryCalls++;
    scanWork.libraryCalls++;
    return true;
  }
}
