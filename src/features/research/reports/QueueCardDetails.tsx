// The expanded part of a queue card: the whole report as its submitter wrote it (what the public
// card leaves out too: timeline, stack, every sourcing detail), matches marked in every field,
// what a correction changed, and the report's history.
import type { ReactNode } from 'react';
import { FLAG_REASON_TEXT } from '@contract/moderation';
import type { QueueItem } from '@contract/moderation-api';
import { parseBold } from '@contract/rules';
import { optionLabel, outcomeLabel } from '@contract/vocabulary';
import { DemographicsText } from '@/components/experience/Demographics';
import { formatSideEffects } from '@/lib/format';
import { CardHistory } from './CardHistory';
import { EditDiff } from './EditDiff';
import { Marked } from './Marked';

function Detail({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2 lg:col-span-4' : 'min-w-0'}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function sourcingText(item: QueueItem): string {
  const s = item.experience.sourcing;
  if (!s) return 'None given';
  const parts = [
    s.vendorUrl,
    s.batchId && `batch ${s.batchId}`,
    s.purityPercentage !== undefined && `${s.purityPercentage}% purity`,
    s.volumeMl !== undefined && `${s.volumeMl} ml`,
  ].filter(Boolean);
  const published = item.experience.publishSourcing ? 'published on the card' : 'not published';
  return parts.length ? `${parts.join(' · ')} (${published})` : 'None given';
}

export function QueueCardDetails({ item, pattern, id }: { item: QueueItem; pattern: RegExp | null; id: string }) {
  const e = item.experience;
  const outcomes = Object.entries(e.outcomes);
  const list = (items: string[]) => (items.length ? <Marked text={items.join(', ')} pattern={pattern} /> : 'None');
  return (
    <div id={id} className="grid gap-4 border-t border-border pt-3">
      <section aria-labelledby={`${id}-story`} className="grid gap-1">
        <h4 id={`${id}-story`} className="text-xs font-medium text-muted-foreground">
          Story
        </h4>
        <p className="whitespace-pre-line text-sm [overflow-wrap:anywhere]">
          {parseBold(e.story).map((run, i) =>
            run.bold ? (
              <strong key={i}>
                <Marked text={run.text} pattern={pattern} />
              </strong>
            ) : (
              <span key={i}>
                <Marked text={run.text} pattern={pattern} />
              </span>
            ),
          )}
        </p>
      </section>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Detail label="Dosage">
          <Marked text={e.dosage} pattern={pattern} />
        </Detail>
        <Detail label="Frequency">{optionLabel(e.frequency)}</Detail>
        <Detail label="Duration">{e.duration} days</Detail>
        <Detail label="Route">{optionLabel(e.route)}</Detail>
        <Detail label="Age range · Sex · Activity" wide>
          <DemographicsText demographics={e.demographics} />
        </Detail>
        <Detail label="Benefits" wide>
          {outcomes.length ? outcomes.map(([k, v]) => `${outcomeLabel(k)} ${v}/10`).join(' · ') : 'None rated'}
        </Detail>
        {/* Read by the hold rules like any text (server/services/experiences.ts), so matches are marked here too. */}
        <Detail label="Side effects" wide>
          <Marked text={formatSideEffects(e.sideEffects)} pattern={pattern} />
        </Detail>
        <Detail label="Effects">{list(e.effects)}</Detail>
        <Detail label="Primary purpose">{e.primaryPurpose.join(', ') || 'None'}</Detail>
        <Detail label="Timeline">{optionLabel(e.timeline)}</Detail>
        <Detail label="Stack">{list(e.stack)}</Detail>
        <Detail label="Sourcing" wide>
          <Marked text={sourcingText(item)} pattern={pattern} />
        </Detail>
      </dl>
      {item.flags.notes.length > 2 && <FlagNotes notes={item.flags.notes} label="Every flag note" />}
      <EditDiff item={item} headingId={`${id}-edit`} />
      <CardHistory experienceId={e._id} history={item.history} headingId={`${id}-history`} />
    </div>
  );
}

/** The notes members wrote with their flags, each with its reason. */
export function FlagNotes({ notes, label }: { notes: QueueItem['flags']['notes']; label: string }) {
  return (
    <ul className="grid gap-1 text-sm" aria-label={label}>
      {notes.map((n, i) => (
        <li key={i} className="break-words border-l-2 border-border pl-2">
          <span className="text-muted-foreground">{FLAG_REASON_TEXT[n.reason] ?? n.reason}: </span>
          {n.note}
        </li>
      ))}
    </ul>
  );
}
