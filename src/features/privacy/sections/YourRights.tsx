// Your Rights tab: access and portability, correction, erasure, and no profile of visitors.
import { CORRECTION_PUBLIC, DELETION_PUBLIC } from '@/lib/publication';
import { Section } from './parts';

export function YourRights() {
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
          <strong>Update Experience</strong> lets you correct your story, outcome ratings and extra effects. Your lookup
          shows the day it was last updated.
        </p>
        <p>
          {CORRECTION_PUBLIC} Correcting a report that waits for review or was hidden by a moderator sends it back to a
          moderator; it stays out of public view until a moderator publishes it.
        </p>
      </Section>
      <Section title="Erasure">
        <p>
          <strong>Delete Data</strong> removes your report after you confirm. The tracking ID stops working at once;{' '}
          {DELETION_PUBLIC}
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
