// A report as each reader may see it: the public view (every list, detail and export reads it
// from here), and the submitter's own view by tracking ID. No public view carries a report's age
// range, sex or activity level (docs/product-rules.md, "Anonymity"): it does not even read them.
import type { Experience, OwnExperience, Sourcing } from '../../contract/experiences';
import {
  HIDE_REASON_TEXT,
  type AuthorStatus,
  type ExperienceStatus,
  type HideReason,
  type HoldReason,
} from '../../contract/moderation';

/**
 * A report's columns as every public view reads them (publicSelect): its public fields that
 * its row alone decides, as JSON text the database keeps beside it (experience_public,
 * migration 018_public_json.sql), and what the answer adds to them as it reads (experienceJson).
 */
export interface PublicExperienceRow {
  id: string;
  /** The row's own public fields (table experience_public, migration 018_public_json.sql). */
  public_json: string;
  peptide_name: string;
  peptide_category: string;
  /** Unrounded: the rating sort's cursor holds it (experience-feed.ts). */
  rating: number;
  /** In publicSelect only when publish_sourcing is on (null otherwise); all of it in SELECT. */
  sourcing: Sourcing | null;
  helpful_count: number;
  not_helpful_count: number;
  detailed_count: number;
  concerning_count: number;
  publish_sourcing: boolean;
  created_at: Date;
}

/** Everything about a report: its submitter's and the moderators' views (SELECT). */
export interface ExperienceRow extends PublicExperienceRow {
  age_range: string;
  biological_sex: string;
  activity_level: string;
  status: ExperienceStatus;
  hold_reasons: string[];
  hidden_reason: string | null;
  hidden_note: string | null;
}

const COLUMNS = `e.id, ep.json as public_json, p.name as peptide_name, p.category as peptide_category,
  e.rating, e.helpful_count, e.not_helpful_count, e.detailed_count, e.concerning_count, e.publish_sourcing, e.created_at`;
const FROM = `from experiences e join peptides p on p.id = e.peptide_id
  join experience_public ep on ep.experience_id = e.id`;

/** Everything about a report (`extra`: more columns, for the moderators' queue). */
export function fullSelect(extra = ''): string {
  return `select ${COLUMNS}, e.age_range, e.biological_sex, e.activity_level, e.sourcing, e.status, e.hold_reasons, e.hidden_reason, e.hidden_note${extra ? `, ${extra}` : ''}
  ${FROM}`;
}
export const SELECT = fullSelect();

/**
 * What public views read (`extra`: more columns): no moderation state, and the sourcing only
 * where it is published. Every column read costs on the uncached path (its text written by the
 * database and parsed back, docs/performance.md "The uncached path"); a feed page reads 21 rows.
 */
export function publicSelect(extra = ''): string {
  return `select ${COLUMNS}, case when e.publish_sourcing then e.sourcing end as sourcing${extra ? `, ${extra}` : ''}
  ${FROM}`;
}

function vendorOf(sourcing: Sourcing | null): Experience['vendor'] {
  if (!sourcing || (!sourcing.vendorUrl && !sourcing.batchId && sourcing.volumeMl === undefined)) return null;
  let name: string | null = null;
  if (sourcing.vendorUrl) {
    try {
      name = new URL(sourcing.vendorUrl).hostname;
    } catch {
      name = null;
    }
  }
  return {
    name,
    quantity: sourcing.volumeMl !== undefined ? `${sourcing.volumeMl} ml` : null,
    batchId: sourcing.batchId ?? null,
  };
}

/**
 * A report's time as anyone may see it: its UTC calendar day ("2026-11-25"), all the database
 * keeps (migration 007_coarse_time.sql). Any host that logs addresses with times could otherwise
 * link an address to the report whose time matches its POST. The public text of a report writes
 * the same day in SQL (`to_char(... at time zone 'UTC', 'YYYY-MM-DD')`, migration
 * 018_public_json.sql); tests/server/public-json.test.ts checks the two agree.
 */
export function publishedDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * A report as the public sees it, as JSON text: the row's own fields as the database keeps them
 * (public_json), with its id, the peptide, the vendor and the votes added, and `demographics`
 * null: kept in the answer for older clients, never filled (contract/experiences.ts). Written as
 * text, not built as an object and serialised, because the feed answers with it as it is
 * (experience-feed.ts); every public view goes through here (toExperience).
 */
export function experienceJson(row: PublicExperienceRow): string {
  const vendor = row.publish_sourcing ? vendorOf(row.sourcing) : null;
  const helpful = row.helpful_count;
  const notHelpful = row.not_helpful_count;
  const total = helpful + notHelpful + row.detailed_count + row.concerning_count;
  // public_json is one JSON object, never empty (it has peptideId): its fields go between ours.
  return (
    `{"_id":${JSON.stringify(row.id)},${row.public_json.slice(1, -1)},"peptideName":${JSON.stringify(row.peptide_name)},` +
    `"peptideCategory":${JSON.stringify(row.peptide_category)},"demographics":null,` +
    `"vendor":${JSON.stringify(vendor)},"votes":{"helpful":${helpful},"notHelpful":${notHelpful},` +
    `"detailed":${row.detailed_count},"concerning":${row.concerning_count},"total":${total}}}`
  );
}

/** A report as the public sees it (experienceJson), as an object. */
export function toExperience(row: PublicExperienceRow): Experience {
  return JSON.parse(experienceJson(row)) as Experience;
}

/** Where the submitter's report stands in the publication batches (services/publication/). */
export interface Publication {
  /** What the author sees as the report's status: `queued` until a new report's batch. */
  status: AuthorStatus;
  /** When the report, or the author's or a moderator's pending change, becomes public at the earliest; null: nothing pending. */
  publicFrom: Date | null;
  /** ... and at the latest (services/publication/disclosure.ts publicationWindow). */
  publicBy: Date | null;
  /** The batch at which it became public in a small group (forced by the maximum wait), or null. */
  smallGroupAt: Date | null;
}

/** The submitter's own report: everything they wrote, their age range, sex and activity level included. */
export function ownView(row: ExperienceRow, trackingId: string, publication?: Publication): OwnExperience {
  return {
    ...toExperience(row),
    demographics: { ageRange: row.age_range, biologicalSex: row.biological_sex, activityLevel: row.activity_level },
    trackingId,
    sourcing: row.sourcing,
    publishSourcing: row.publish_sourcing,
    status: publication?.status ?? row.status,
    holdReasons: row.status === 'held' ? (row.hold_reasons as HoldReason[]) : [],
    hiddenReason:
      row.status === 'hidden' && row.hidden_reason
        ? { code: row.hidden_reason as HideReason, text: HIDE_REASON_TEXT[row.hidden_reason as HideReason] }
        : null,
    publicFrom: publication?.publicFrom?.toISOString() ?? null,
    publicBy: publication?.publicBy?.toISOString() ?? null,
    smallGroupAt: publication?.smallGroupAt ? new Date(publication.smallGroupAt).toISOString() : null,
  };
}
