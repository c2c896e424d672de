// Your Rights tab: access and portability, correction, erasure, and no profile of visitors. When a
// correction or a deletion reaches the public pages follows this site's settings (src/lib/publication.ts).
import type { PublicationSchedule } from '@contract/experiences';
import { correctionPublic, deletionPublic } from '@/lib/publication';
import { Section } from './parts';

export function YourRights({ schedule }: { schedule?: PublicationSchedule }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title="Access and portability">
        <p>
          Look up your report with its tracking ID under <em>Your Data</em> and press <strong>Export Data</strong>: your
          browser saves it as a JSON file, with every field we hold.
        </p>
      </Section>
      <Section title="Correction">
        <p>
          <strong>Update Experience</strong> lets you correct every field of your report, each as the wizard asked it:
          the peptide, dose, frequency, duration and route, your purposes and demographics, outcome ratings, side
          effects, extra effects, timeline, stack, story and sourcing details. Your lookup shows the day it was last
          updated.
        </p>
        <p>
          {correctionPublic(schedule)} Correcting a report that waits for review or was hidden by a moderator sends it
          back to a moderator; it stays out of public view until a moderator publishes it.
        </p>
      </Section>
      <Section title="Erasure">
        <p>
          <strong>Delete Data</strong> removes your report after you confirm. The tracking ID stops working at once;{' '}
          {deletionPublic(schedule)}
        </p>
      </Section>
      <Section title="Your account">
        <p>
          If you registered: download everything your account holds, change your password, sign out on every device or
          delete the account for good, under Profile, Account. Forgot your password? The sign-in page mails you a link.
        </p>
      </Section>
      <Section title="No account, no profile">
        <p>
          Submitting never needs an account, and we build no profile of visitors. If you do have an account, your
          profile settings are yours to change or clear on the Profile page, and your profile is never attached to a
          report.
        </p>
      </Section>
    </div>
  );
}
