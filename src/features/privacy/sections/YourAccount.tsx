// Your Account tab: what the database keeps for a member account, for how long, and how to
// download or delete it. Each line is what the code does: server/db/migrations/001_init.sql,
// 009_moderation.sql and 020_accounts.sql (the tables), server/services/accounts.ts (export,
// deletion, reset links), server/services/registration.ts and 031_email_confirmation.sql (the
// sign-up's link, unconfirmed accounts deleted), server/services/mail-queue.ts (mail kept until
// sent), contract/users.ts (the profile's fields), src/lib/wizard-prefill.ts (the choice kept in
// the browser).
import { Link } from 'react-router-dom';
import { RESET_LINK_MINUTES } from '@contract/account';
import { CONFIRM_LINK_HOURS, UNCONFIRMED_ACCOUNT_DAYS } from '@contract/users';
import { paths } from '@/lib/paths';
import { Bullets, Section } from './parts';

const STORED: readonly string[] = [
  'Your email address, and your password as a salted scrypt hash (never the password itself)',
  'Your role, whether a moderator approved your registration, when, and which moderator (with their note, seen only by moderators)',
  'The profile you choose to fill in: age, biological sex, weight, height, activity level, fitness goals, the units you read them in, and whether you want the weekly digest',
  'Your sign-ins: when each started and ends (30 days after its last use), with only a hash of its token',
  'Your votes: which report and which kind of vote, and when',
  'Your flags: which report, the reason and your note, and whether a moderator has decided on it',
  'The months in which you signed in, voted or added a peptide (the Active Users figure), and the peptides you added',
  `The link that confirms your address when you sign up: only its hash, for ${CONFIRM_LINK_HOURS} hours or until used (signing up again replaces it)`,
  `A password-reset link you asked for: only its hash, for ${RESET_LINK_MINUTES} minutes or until used`,
  'An email waiting to be sent to you (the link to confirm your address, approval, a reset link, the digest): until it is sent, a few seconds normally',
];

const NOT_STORED: readonly string[] = [
  'Anything that links your account to a report you shared, whether or not you were signed in (what the traffic can show is under Technical Details)',
  'Medical conditions and allergies: no longer asked, and the answers stored before were deleted',
  'Your address (IP) or device: sign-in limits count attempts under a keyed hash that changes daily and expires within the hour',
];

export function YourAccount() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section
        title="What an account keeps"
        description="Only if you register: reading and sharing reports need no account."
      >
        <Bullets items={STORED} icon="yes" />
      </Section>
      <Section title="What an account never keeps">
        <Bullets items={NOT_STORED} icon="no" />
      </Section>
      <Section title="How long">
        <p>
          Everything above is kept until you delete your account, except what lasts less: sign-ins end after 30 days
          unused, reset links after an hour.
        </p>
        <p>
          An account whose address was not confirmed within {UNCONFIRMED_ACCOUNT_DAYS} days of signing up is deleted
          with everything it holds; until its address is confirmed, no moderator sees it.
        </p>
        <p>
          A registration a moderator did not approve is kept, so that the address cannot register again unnoticed; ask
          the site’s operator to remove it.
        </p>
      </Section>
      <Section title="Download or delete it">
        <p>
          Signed in, open{' '}
          <Link
            to={`${paths.profile}?tab=account`}
            className="font-medium text-primary-strong underline underline-offset-2"
          >
            Profile, Account
          </Link>
          . <strong>Download my data</strong> saves everything listed here as a JSON file.{' '}
          <strong>Delete my account</strong>, confirmed with your password, erases your email, password, profile,
          sign-ins, votes and open flags at once, and vote counts are recomputed without yours.
        </p>
        <p>
          What stays: the reports you shared (nothing links them to you; delete them with their tracking IDs under Your
          Data), flags a moderator already decided on (without your account), and a moderator’s entries in the
          moderation log, which then read “a former moderator”. The last moderator of a site cannot delete their account
          until there is another.
        </p>
      </Section>
    </div>
  );
}
