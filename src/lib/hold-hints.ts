// While a report is written: which of the hold rules its text is likely to meet, so the wizard
// and the correction form can say so before Send (docs/product-rules.md, "Moderation"). A light
// hint only: the server reads text far more thoroughly (server/services/text-rules.ts: confusable
// letters, every digit and dot look-alike, every top-level domain, spelled-out and spaced forms)
// and stays the judge.
import type { HoldReason } from '@contract/moderation';

// A web address: a scheme or "www.", or a host with a common ending ("shop.example.com").
const LINK =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|co|shop|store|info|biz|me|xyz|online|site|app|us|uk|de|ru|eu|ca|au)\b/i;
const EMAIL = /[a-z0-9._%+-]+\s*(?:@|\(at\)|\[at\])\s*[a-z0-9-]+/i;
// Seven or more digits in groups (555-867-5309, +44 20 7946 0958); plain amounts ("2500000 iu") are not.
const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)|\d{2,4})[\s./-]\d{3,4}[\s./-]?\d{3,4}\b/;
// An @name beside a messenger ("DM @name on Telegram", "IG: @name"), or a messenger's link.
const HANDLE =
  /\b(?:telegram|instagram|insta|ig|whatsapp|signal|snapchat|snap|wickr|threema|kik|discord|wechat|viber|dm)\b[^\n@]{0,40}@[a-z0-9_.]{3,}|@[a-z0-9_.]{3,}[^\n]{0,40}\b(?:telegram|instagram|whatsapp|signal|snapchat|wickr|threema|discord)\b|\btg:\/\//i;

/** The hold reasons `texts` likely meet (link, email, phone, handle), in that order, each once. */
export function likelyHoldReasons(texts: readonly string[]): HoldReason[] {
  const all = texts.join('\n');
  const reasons: HoldReason[] = [];
  if (EMAIL.test(all)) reasons.push('email');
  if (LINK.test(all.replace(new RegExp(EMAIL.source, 'gi'), ' '))) reasons.push('link');
  if (PHONE.test(all)) reasons.push('phone');
  if (HANDLE.test(all)) reasons.push('handle');
  return (['link', 'email', 'phone', 'handle'] as const).filter((r) => reasons.includes(r));
}
