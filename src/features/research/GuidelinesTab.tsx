// Guidelines: how moderators decide registrations, review reports and handle reports of harm.
// Members "flag" a report (the button's word); "report" is the experience.
// They describe only what this product really lets a moderator do (docs/product-rules.md,
// "Moderation"; server/services/moderation.ts).
import { CheckCircle2, Flag, ShieldAlert, XCircle } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import {
  CONCERNING_HOLD_THRESHOLD,
  FLAG_HOLD_THRESHOLD,
  HIDE_REASON_LABELS,
  HIDE_REASONS,
  HOLD_REASON_LABELS,
  HOLD_REASONS,
  type HoldReason,
} from '@contract/moderation';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * When each hold reason applies (server/services/text-rules.ts, services/publication/holds.ts and
 * services/moderation.ts hold reports; docs/product-rules.md, "Moderation"). A Record, so a new
 * hold reason cannot be left out of the guidelines.
 */
const WHEN_HELD: Record<HoldReason, ReactNode> = {
  link: 'in any of its texts (story, effects, stack, dosage, sourcing).',
  email: 'also one spelled out ("name at mail dot com").',
  phone: 'doses, dates, prices and batch numbers are not read as one.',
  handle: 'an @name with Telegram, WhatsApp or the like, or a request to get in touch ("DM me").',
  danger:
    'a phrase with no harmless reading: a multiple of a dose ("triple the dose"), keeping it from a doctor, or pushing on through heart symptoms.',
  repeated: 'its story repeats one published in the last 24 hours (found at the batch; the card links the original).',
  'pre-moderation': (
    <>
      on this server (<code>MODERATION=pre</code>), every new or corrected report waits.
    </>
  ),
  edited: 'its author edited it after members flagged it or a moderator hid it.',
  corrected: 'its author corrected it while it waited; Details shows what changed.',
  flags: (
    <>
      {FLAG_HOLD_THRESHOLD} members flagged it while published (<code>FLAG_HOLD_THRESHOLD</code>); it is held at once.
    </>
  ),
  'concerning-votes': (
    <>
      {CONCERNING_HOLD_THRESHOLD} members voted it &ldquo;concerning&rdquo; (<code>CONCERNING_HOLD_THRESHOLD</code>); it
      is held at once.
    </>
  ),
};

function Section({
  title,
  icon: Icon,
  tone,
  children,
}: {
  title: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  tone: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <Icon className={`size-5 ${tone}`} aria-hidden />
          <CardTitle>{title}</CardTitle>
        </div>
      </CardHeader>
      <CardContent>
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm leading-relaxed">{children}</ul>
      </CardContent>
    </Card>
  );
}

export function GuidelinesTab() {
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-3xl text-sm text-muted-foreground">
        Membership lets a person vote, add peptides to the catalogue and see member analytics. Anyone can read and
        submit experiences without an account, so a rejection never silences a report; it only withholds those member
        actions.
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Approve when" icon={CheckCircle2} tone="text-success-soft-foreground">
          <li>The email address looks like a real person&apos;s mailbox (any provider; a personal address is fine).</li>
          <li>
            There is no sign of a bulk sign-up: not one of many near-identical addresses registered in the same minutes.
          </li>
          <li>
            The address does not advertise a vendor, shop or product: members vote on reports and add to the catalogue,
            so sellers must not.
          </li>
          <li>
            When in doubt and nothing above applies, approve: the server&apos;s rate limits and one-vote-per-account
            rule contain misuse.
          </li>
        </Section>
        <Section title="Reject when" icon={XCircle} tone="text-destructive-text">
          <li>The address is disposable or clearly generated (random characters at a throwaway domain).</li>
          <li>
            It belongs to a seller or promoter of peptides, or repeats an account already rejected for that reason.
          </li>
          <li>It is part of a burst of registrations that look automated.</li>
          <li>
            Add a short note saying why (for example &ldquo;disposable address&rdquo;): notes are kept with the decision
            for other moderators, and are never shown publicly.
          </li>
        </Section>
      </div>
      <Section title="Reviewing reports" icon={Flag} tone="text-primary">
        <li>
          A report waits for review (held) for one of these reasons, each named on its card as here:
          <ul className="mt-1 flex list-[circle] flex-col gap-1 pl-5" aria-label="Why a report is held">
            {HOLD_REASONS.map((reason) => (
              <li key={reason}>
                <span className="font-medium">{HOLD_REASON_LABELS[reason]}</span>: {WHEN_HELD[reason]}
              </li>
            ))}
          </ul>
        </li>
        <li>
          New and corrected reports reach the queue at the publication batch that takes them in (on the grid of{' '}
          <code>PUBLISH_EVERY</code>, once at least <code>BATCH_MIN_CHANGES</code> changes are due or one has waited{' '}
          <code>BATCH_MAX_WAIT</code>), like everything their authors do.
        </li>
        <li>
          Members flag a published report (its &ldquo;Flag&rdquo; button) once each, with a reason and an optional note.
          The queue lists held reports and published reports with open flags, oldest first, with the reasons, notes and
          counts; it never says which member flagged.
        </li>
        <li>
          Publish a held report that breaks no rule, or a flagged one to dismiss its flags (they are kept, marked
          resolved). Publishing and restoring take effect at the next publication batch (the card says when); hiding
          takes effect at once. Hide one that breaks the rules, with one of the {HIDE_REASONS.length} reasons; restore a
          hidden one that was hidden by mistake. Nobody can edit a report but its submitter.
        </li>
        <li>
          The submitter sees the status on tracking lookup, and for a hidden report the reason you chose, never your
          note or your name. The note is for other moderators: say what you saw, and quote no personal data. A
          correction by the submitter puts the report back in the queue.
        </li>
        <li>
          Every hold and decision goes into the moderation log (who, what, which report, why, when). Nothing deletes it,
          so decide as if it will be read later.
        </li>
      </Section>
      <Section title="Reports of harm" icon={ShieldAlert} tone="text-warning-foreground">
        <li>
          A report held as &ldquo;{HOLD_REASON_LABELS.danger}&rdquo; matched a phrase with no harmless reading; the card
          marks it. Read the whole report: hide it as &ldquo;{HIDE_REASON_LABELS.dangerous}&rdquo; when it advises
          others to take that risk, and publish it when it tells what happened to its author without urging anyone to do
          the same.
        </li>
        <li>
          A report that describes a serious adverse effect (hospital visit, allergic reaction, injection-site infection)
          is valuable data: it stays published as written. Stories are shown as text only, so nothing in them can run in
          a reader&apos;s browser.
        </li>
        <li>
          A &ldquo;concerning&rdquo; vote is a reader&apos;s warning, not a reason to hide: read the report, and hide it
          only when it gives dangerous advice, not when it honestly describes a bad outcome.
        </li>
        <li>
          Reports are anonymous: there is no account, address or contact stored with them, and moderators cannot and
          must not try to identify the submitter. Only the holder of the tracking ID can correct or delete a report,
          from the Privacy page.
        </li>
        <li>
          A peptide entry that is fabricated or promotional can be deleted by a moderator from the peptide list; it
          leaves the catalogue and its lists, while the experiences already reported for it stay in the data.
        </li>
        <li>
          Never give medical advice in the product. If someone describes an emergency, the answer is the same for
          everyone: contact local emergency services or a healthcare professional now.
        </li>
      </Section>
    </div>
  );
}
