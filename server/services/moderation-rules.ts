// Automatic holds (docs/product-rules.md, "Moderation"): a new report whose free text holds a
// link, an email address or a phone number, or repeats a story of the last 24 hours, waits for a
// moderator. These are the pure checks; services/experiences.ts applies them.
import { createHash } from 'node:crypto';
import type { HoldReason } from '../../contract/moderation';

// Top-level domains a bare domain ("example.com") is recognised by. A list, not "any letters",
// so "e.g.", "i.e.", "5.5 mg" and "approx.Then" never look like links.
const TLDS =
  'com|net|org|info|biz|io|co|me|us|uk|de|fr|nl|eu|ru|cn|ca|au|in|app|dev|shop|store|online|site|xyz|club|to|ly|gg|tv|cc|health|bio|pro|link|top|vip|ws|su';
const LINK_RE = new RegExp(`https?://|\\bwww\\.|\\b[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\\.[a-z0-9-]+)*\\.(?:${TLDS})\\b(?!\\.[a-z0-9])`, 'i');
const EMAIL_RE = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/i;
// Dates are not phone numbers: 2026-11-25, 25/11/2026, 25.11.26.
const DATE_RE = /\b(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4})\b/g;
// Digits with single separators (space, dot, dash, parentheses), optionally after "+", not
// part of a word ("batch7712345" or a code like "abc1234567" is no phone number).
const PHONE_CANDIDATE_RE = /(?<![\p{L}\p{N}_])\+?\(?\d[\d().\- ]*\d(?![\p{L}_])/gu;
// A number followed by a unit is a dose or an amount, never a phone number.
const UNIT_AFTER_RE = /^\s*(?:mg|mcg|µg|ug|iu|ml|units?|x|%|g|kg|lbs?|days?|weeks?|hours?|mins?)\b/i;

export function hasLink(text: string): boolean {
  return LINK_RE.test(text.replace(EMAIL_RE, ' '));
}

export function hasEmail(text: string): boolean {
  return EMAIL_RE.test(text);
}

export function hasPhone(text: string): boolean {
  const stripped = text.replace(DATE_RE, ' ');
  for (const m of stripped.matchAll(PHONE_CANDIDATE_RE)) {
    const candidate = m[0];
    // Only single separators between digit groups: "1  000" or "2x 100" are not one number.
    if (/[().\- ]{2,}/.test(candidate.replace(/\) /g, ')').replace(/ \(/g, '('))) continue;
    const digits = candidate.replace(/\D/g, '');
    if (digits.length < 7 || digits.length > 15) continue;
    const after = stripped.slice((m.index ?? 0) + candidate.length);
    if (UNIT_AFTER_RE.test(after)) continue;
    // A decimal like 1234.5678 is a number, not a phone.
    if (/^\d+\.\d+$/.test(candidate)) continue;
    return true;
  }
  return false;
}

/** The hold reasons of a report's free text, in a fixed order. */
export function textHoldReasons(texts: readonly string[]): HoldReason[] {
  const text = texts.join('\n');
  const reasons: HoldReason[] = [];
  if (hasLink(text)) reasons.push('link');
  if (hasEmail(text)) reasons.push('email');
  if (hasPhone(text)) reasons.push('phone');
  return reasons;
}

/** A story as the repeat check compares it: lower case, letters and digits, single spaces. */
export function normaliseStory(story: string): string {
  return story.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

export function storyHash(story: string): string {
  return createHash('sha256').update(normaliseStory(story)).digest('hex');
}
