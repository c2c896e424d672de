// Overview tab: the facts first (no self-awarded grade), what a report stores and never stores,
// who sees what, when it becomes public (this site's settings, src/lib/publication.ts), and how
// long it is kept.
import type { PublicationSchedule } from '@contract/experiences';
import { SHARES_MIN_REPORTS, SHARES_RECOMPUTE_CHANGES, SHARE_STEP_PERCENT } from '@contract/rules';
import { KINDS_APART, publicationRule } from '@/lib/publication';
import { SOURCE_CODE_URL } from '@/lib/source-code';
import { Bullets, Section, SourceLink } from './parts';

/** What the page leads with: facts a reader can check in the source, not a grade we give ourselves. */
const FACTS = [
  'No account is needed to submit, and the site keeps no link between a report and the account of a member who sent it (what the traffic can show when you submit signed in: Technical Details).',
  'A report row has no column for an account, email, IP address or user agent.',
  'No third-party trackers, analytics scripts, advertising or cookies.',
  'Your tracking ID is stored only as a one-way hash.',
  'You can export, correct and delete your report yourself, at any time.',
  // Only where the site says where its code is (src/lib/source-code.ts).
  ...(SOURCE_CODE_URL ? ['The source code is public, so every claim on this page can be checked.'] : []),
];
const COUNT_WORDS = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven'];
const FACTS_SAID = `${COUNT_WORDS[FACTS.length]} facts${SOURCE_CODE_URL ? ', each of which you can check in the source code' : ''}.`;

const STORED = [
  'The peptide, dosage, frequency, duration and route you entered',
  'Your primary purposes, age range, biological sex and activity level (ranges, never exact values)',
  'Your outcome ratings, extra effects, timeline, stack and story',
  'Optional sourcing details you chose to fill in (vendor address, batch ID, purity, volume), and whether you ticked “Publish sourcing details”',
  'The day of the publication that took it in and of its last correction (never the hour), and its vote counts',
  'Its moderation status (published, waiting for review or hidden), why it waits, and a moderator’s reason and note if hidden',
  'A one-way hash of your tracking ID, so the lookup can find it',
];

const NEVER_STORED = [
  'Your account id or email, even when you are signed in',
  'Your IP address or user agent',
  'Cookies or device fingerprints',
  'Your tracking ID itself (only its hash)',
];

/**
 * When a change becomes public, from this site's settings (`schedule`, GET /api/publication):
 * while they load, a line saying so; batches off, at once; otherwise at fixed times, in groups. If
 * the answer failed, the sentences that promise nothing that depends on them (src/lib/publication.ts).
 */
function WhenPublic({ schedule, loading }: { schedule?: PublicationSchedule; loading: boolean }) {
  if (loading)
    return (
      <p role="status" className="text-muted-foreground">
        Loading this site’s publication schedule...
      </p>
    );
  if (schedule?.everyMinutes === 0)
    return (
      <p data-testid="publication-rule">
        {publicationRule(schedule)} A correction and a deletion, too, reach the public pages the moment they are sent.
      </p>
    );
  return (
    <>
      <p>
        Nothing you do changes a public page at the moment you do it. A new report, a correction and a deletion wait for
        a publication, at fixed times on the clock (UTC), and appear together with the other changes of their group, in
        no order, all dated the day of that publication.
      </p>
      <p data-testid="publication-rule">{publicationRule(schedule)}</p>
      <p>
        {KINDS_APART} The confirmation and your lookup say when yours can appear, at the earliest and at the latest.
      </p>
    </>
  );
}

/** `schedule`: how this site publishes (GET /api/publication), when its answer has arrived. */
export function Overview({ schedule, scheduleLoading }: { schedule?: PublicationSchedule; scheduleLoading: boolean }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title="In short" description={FACTS_SAID}>
        <Bullets items={FACTS} icon="yes" />
        <SourceLink />
      </Section>
      <Section title="What is stored with a report" description="Exactly the fields of the experiences table.">
        <Bullets items={STORED} icon="yes" />
      </Section>
      <Section title="What is never stored">
        <Bullets items={NEVER_STORED} icon="no" />
      </Section>
      <Section title="Who can see what">
        <p>
          <strong>Everyone</strong> can read a report as it appears on the Community page: peptide, dosage, frequency,
          duration, route, purposes, outcomes, effects, story, vote counts and the day it was published. A report’s time
          is kept and published to the day, never the hour.
        </p>
        <p>
          Your age range, biological sex and activity level are never shown with your report, on any page or in any
          export. Each peptide’s page shows only the shares of its reports by age range, by sex and by activity level,
          each on its own and never combined, once at least {SHARES_MIN_REPORTS} reports have been public for a week
          (the site’s setting, 7 days unless its operator changed it), rounded to steps of {SHARE_STEP_PERCENT}% and
          with a little random noise. The shares are recomputed only at a publication, and only once at least{' '}
          {SHARES_RECOMPUTE_CHANGES} of the reports they count have changed, so comparing them before and after your
          report counts says little about your answers. The moderators’ research export has the same shares and nothing
          more.
        </p>
        <p>
          Sourcing details (the vendor’s web address host, batch ID and volume) appear on the public card only when you
          tick “Publish sourcing details”. Purity and the full vendor address are never published.
        </p>
        <p>
          <strong>Only you</strong>, holding the tracking ID, can see the full report with its sourcing details, change
          it or delete it. No list or page ever shows a tracking ID.
        </p>
        <p>
          <strong>Moderators</strong> reviewing a report that waits for review or was flagged by members see all of it
          as you do, including the age range, sex, activity level and sourcing details that are not public, but never
          its tracking ID: nothing stored says who sent it. They can publish, hide or restore it; they cannot change it.
        </p>
        <p>
          <strong>Members who flag an experience</strong> for the moderators: each flag keeps the member’s account with
          the experience, so that a member counts once. Moderators see the reason and the note, not who sent them, and
          the person who shared the experience never learns who flagged it.
        </p>
      </Section>
      <Section title="When your report becomes public">
        <WhenPublic schedule={schedule} loading={scheduleLoading} />
        <p>
          Your lookup shows your report, and any change you made, at once. Votes count at once; a moderator’s hide takes
          effect at once.
        </p>
      </Section>
      <Section title="How long we keep it">
        <p>
          A report is kept until you delete it, whatever its moderation status. Deleting ends your tracking ID at once;
          at the publication that takes the deletion the row, its votes and members’ reports about it are removed and
          the statistics recomputed without it.
        </p>
        <p>
          The moderation log is kept for good, even after a report is deleted: for each hold and each moderator’s
          decision it keeps the report’s internal id, the action, the reason, the moderator’s note and the time. It
          holds none of the report’s text.
        </p>
        <p>
          Member accounts (needed only to vote, flag or add peptides) keep an email, a password hash and an optional
          profile until you delete the account yourself (Profile, Account); the Your Account tab lists all they keep.
          Sign-in sessions expire after 30 days.
        </p>
      </Section>
    </div>
  );
}
