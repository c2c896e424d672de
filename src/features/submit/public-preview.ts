// The public card a submission will become, built from the wizard's form the way the server
// builds it (server/services/public-view.ts: toExperience, vendorOf, publishedDay), so step 4
// can show "This is what others will see" before anything is sent. Like every public card it has
// no demographics (docs/product-rules.md, "Anonymity").
import type { Experience } from '@contract/experiences';
import { cleanList, experienceRating, parseDuration, ratedOutcomes } from '@contract/rules';
import { doseOf } from '@contract/doses';
import { doseInputOf, dosageTextOf } from '@/lib/dose/dose-draft';
import type { WizardForm } from './wizard-rules';

/** The dose as the server stores it (contract/doses.ts doseOf), or null while it is not a whole valid dose. */
function previewDose(form: WizardForm): Experience['dose'] {
  const dose = doseInputOf(form.dose);
  return dose && dosageTextOf(form.dose) ? doseOf(dose) : null;
}

/** The card's `vendor` as the server publishes it: only when ticked and any value is filled. */
export function publishedVendor(form: WizardForm): Experience['vendor'] {
  if (!form.publishSourcing) return null;
  const url = form.sourcingVendorUrl.trim();
  const batchId = form.sourcingBatchId.trim();
  const volume = form.sourcingVolumeMl.trim() === '' ? NaN : Number(form.sourcingVolumeMl);
  const hasVolume = Number.isFinite(volume);
  if (!url && !batchId && !hasVolume) return null;
  let name: string | null = null;
  try {
    name = url ? new URL(url).hostname : null;
  } catch {
    name = null;
  }
  return { name, quantity: hasVolume ? `${volume} ml` : null, batchId: batchId || null };
}

/** Today as the public pages show a report's time: its UTC day, "2026-11-25". */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function previewExperience(
  form: WizardForm,
  peptide: { _id: string; name: string; category: string } | undefined,
  now = new Date(),
): Experience {
  // Only what was rated is sent, so only that is on the card.
  const outcomes: Record<string, number> = {};
  for (const [k, v] of Object.entries(ratedOutcomes(form.outcomes))) outcomes[k.trim()] = v;
  return {
    _id: 'preview',
    peptideId: form.peptideId,
    peptideName: peptide?.name ?? '',
    peptideCategory: peptide?.category ?? '',
    dosage: dosageTextOf(form.dose),
    dose: previewDose(form),
    frequency: form.frequency,
    duration: parseDuration(form.duration),
    route: form.routeOfAdministration,
    primaryPurpose: form.primaryPurpose,
    demographics: null,
    outcomes,
    rating: Math.round((experienceRating(outcomes) ?? 0) * 100) / 100,
    // Step 3 lets no side effect pass without its severity; one still without is not on the card.
    sideEffects: form.sideEffects.flatMap((s) => (s.severity ? [{ name: s.name.trim(), severity: s.severity }] : [])),
    effects: cleanList(form.effects),
    timeline: form.timeline,
    story: form.story.trim(),
    stack: cleanList(form.stack),
    vendor: publishedVendor(form),
    votes: { helpful: 0, notHelpful: 0, detailed: 0, concerning: 0, total: 0 },
    demo: false,
    createdAt: todayUtc(now),
    updatedAt: null,
  };
}
