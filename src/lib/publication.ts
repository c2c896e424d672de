// What the author of a report is told about publication (docs/product-rules.md, "Publication in
// batches"): when a change becomes public, why it waits for its group, and what a group hides, from
// this site's settings (GET /api/publication, `PublicationSchedule`). Written once for the wizard's
// last step, the confirmation, the tracking lookup, the update and delete dialogs, and the Privacy
// and Terms pages. Where the settings are not known (their answer has not arrived, or failed) the
// sentences promise nothing that depends on them.
import type { PublicationSchedule } from '@contract/experiences';
import { localDate, shortDate } from './format';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A publication time, said in UTC and on the reader's own clock: "18:00 UTC (19:00 your time)".
 * Each names its day when it is not that clock's today: "00:00 UTC on Nov 28, 2026 (19:00 your
 * time)" is 19:00 today for a reader five hours behind UTC, "18:00 UTC (03:00 your time on Nov 28,
 * 2026)" tomorrow for one nine hours ahead. The one way the app says when a change becomes public.
 * Bad input is given back as it is.
 */
export function batchTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const utc = `${two(at.getUTCHours())}:${two(at.getUTCMinutes())} UTC`;
  const utcToday = at.toISOString().slice(0, 10) === now.toISOString().slice(0, 10);
  const localToday =
    at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  const local = `${two(at.getHours())}:${two(at.getMinutes())} your time`;
  return `${utcToday ? utc : `${utc} on ${shortDate(iso)}`} (${localToday ? local : `${local} on ${localDate(at)}`})`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A span of minutes in its largest whole unit: "14 days", "36 hours", "90 minutes". */
export function span(minutes: number): string {
  if (minutes > 0 && minutes % 1440 === 0) return plural(minutes / 1440, 'day');
  if (minutes > 0 && minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

/** Whether the site gathers changes into groups of a minimum size. */
const grouped = (s: PublicationSchedule | undefined): boolean => !!s && s.everyMinutes > 0 && s.minChanges > 1;

/**
 * What publication means on this site, before Submit (the wizard's last step) and on the Privacy
 * page: how often, how large a group, how long that has taken here lately, the longest wait, and
 * when the moment of publication can give a report away.
 */
export function publicationRule(s: PublicationSchedule | undefined): string {
  if (!s)
    return 'Reports here are published at fixed times, together with other changes. The confirmation says when yours can appear.';
  if (s.everyMinutes === 0) {
    return 'Reports here are public the moment they are sent, so someone who saw you send yours and watches the pages could tell which one is yours.';
  }
  const every = `every ${span(s.everyMinutes)}`;
  if (s.minChanges <= 1) {
    return (
      `Reports here are published ${every}, together with every report, correction and deletion sent since the previous publication. ` +
      'A report sent when nobody else sends one is published alone: someone who saw you send it and watches the pages could tell which one is yours.'
    );
  }
  const typical =
    s.typicalWaitDays === null
      ? ''
      : ` On this site a report has waited ${s.typicalWaitDays === 0 ? 'less than a day' : `about ${plural(s.typicalWaitDays, 'day')}`} for its group lately.`;
  return (
    `Reports here are published in groups of at least ${s.minChanges} changes (new reports, corrections and deletions), at fixed times ${every}, so that nobody can tell from the time which one is yours.${typical} ` +
    `If too few changes come in, yours is published after ${span(s.maxWaitMinutes)} at the latest, in a smaller group: someone who saw you send it could then tell which one is yours, and your lookup will say so.`
  );
}

/** When a waiting change goes public: "at 18:00 UTC" or "with the first ...: at ... at the earliest, by ... at the latest". */
function windowOf(from: string, by: string | null, s: PublicationSchedule | undefined): string {
  if (!by || by === from)
    return grouped(s) || !s
      ? `at ${batchTime(from)}`
      : `at ${batchTime(from)}, together with every change sent since the previous publication`;
  const first = grouped(s)
    ? `the first publication that holds at least ${s!.minChanges} changes`
    : 'the first publication that holds enough changes';
  return `with ${first}: at ${batchTime(from)} at the earliest, and by ${batchTime(by)} at the latest`;
}

/**
 * "Your report appears on the public pages with the first publication that holds at least 5
 * changes: at 18:00 UTC at the earliest, and by 00:00 UTC on Dec 12, 2026 at the latest." `by`
 * equal to `from`: that time is its last (or the site has no minimum).
 */
export function appearsAt(
  from: string,
  by: string | null,
  s: PublicationSchedule | undefined,
  what = 'Your report appears',
): string {
  return `${what} on the public pages ${windowOf(from, by, s)}${lastOne(from, by, s)}.`;
}

const lastOne = (from: string, by: string | null, s: PublicationSchedule | undefined) =>
  by === from && grouped(s) ? ' at the latest' : '';

/** What the group of a waiting change hides, and what a smaller one does not. */
export function groupNote(s: PublicationSchedule | undefined): string {
  if (s && s.everyMinutes > 0 && s.minChanges <= 1) {
    return 'A change sent when nobody else sends one is published alone: someone who saw you send it could tell which one is yours.';
  }
  if (s && s.everyMinutes === 0) return '';
  const group = grouped(s) ? `a group of ${s!.minChanges} or more` : 'a full group';
  return `In ${group} nobody can tell from the time which one is yours. If too few changes come in by the latest time, it goes out in a smaller group: then someone who saw you send it could tell, and your lookup will say so.`;
}

/** The lookup of a report that went public in a group the longest wait forced out small. */
export function smallGroupText(at: string, s: PublicationSchedule | undefined): string {
  const fewer = grouped(s) ? `fewer than ${s!.minChanges} changes` : 'fewer changes than the site’s minimum';
  return `Your report, or your last correction, was published at ${batchTime(at)} in a group of ${fewer}, after the longest wait this site allows: someone who saw you send it and watched the pages could tell that it is yours.`;
}

/** Where a deleted or corrected published report goes public, in the dialogs before it is sent. */
export function nextPublication(s: PublicationSchedule | undefined): string {
  if (grouped(s))
    return `with the first publication that holds at least ${s!.minChanges} changes (within ${span(s!.maxWaitMinutes)})`;
  if (s && s.everyMinutes > 0)
    return `at the next publication (within ${span(s.everyMinutes)}), together with every change sent since the previous one`;
  return s ? 'at once' : 'at a coming publication';
}

/** After a deletion: "It leaves the public pages at ... at the earliest, and by ... at the latest." */
export function leavesAt(from: string, by: string | null, s: PublicationSchedule | undefined): string {
  return `It leaves the public pages ${windowOf(from, by, s)}${lastOne(from, by, s)}.`;
}

/** A queued report's status, on its lookup. */
export const QUEUED_SUMMARY =
  'It is accepted and waits for its group of changes to be published. You can export, correct or delete it meanwhile.';

/** A held report on its confirmation: when a moderator can see it. */
export const REVIEW_FROM = 'once the publication that takes it in has run';

/** A correction of a report not yet public, in the update dialog. */
export const CORRECTION_JOINS = 'Your report is not public yet: your changes are published with it.';

/** The Privacy page: what a group does not hide. */
export const KINDS_APART =
  'A group hides which change is yours from someone who knows only when each was sent. Someone who can also tell a new report from a correction or a deletion (by what changes on the pages, or by the address each request went to) counts only the changes of your kind in it, and someone who sent the other changes of your group themselves knows which one is not theirs.';

/** The Privacy page's "Your Rights": when a correction becomes public, like a new report. */
export function correctionPublic(s: PublicationSchedule | undefined): string {
  return `A correction is checked like a new report and becomes public ${nextPublication(s)}.`;
}

/** The Privacy page's "Your Rights": when a deleted report leaves the public pages. */
export function deletionPublic(s: PublicationSchedule | undefined): string {
  return `the report disappears from the Community page, peptide pages and statistics ${nextPublication(s)}.`;
}

/** The Terms page and other places that speak of publication without this site's figures. */
export const PUBLISHED_IN_GROUPS =
  'A report is published at one of the site’s fixed publication times, in a group with other reports and changes (the Privacy page says how large a group is and how long it may wait)';
