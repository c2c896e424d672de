// Privacy & Data Control (/privacy). Every statement here is checked against the code it
// describes: server/db/migrations/001_init.sql (no identifier columns on experiences),
// server/lib/tracking.ts (tracking ID hashing), server/lib/rate-limit.ts (HMAC keys),
// server/app.ts and server/plugins/route-config.ts (log serializers, CSP),
// server/services/experiences.ts (time kept and published to the day; vendorOf),
// contract/rules.ts (K_ANONYMITY, DEMOGRAPHICS_NOT_SHOWN), contract/experiences.ts
// (publishSourcing), server/db/migrations/009_moderation.sql and server/services/moderation.ts
// (statuses, flags, the moderation log, what the queue shows).
// tests/web/privacy-statements.test.tsx checks the statements are here.
import type { ReactNode } from 'react';
import Check from 'lucide-react/icons/check';
import ExternalLink from 'lucide-react/icons/external-link';
import X from 'lucide-react/icons/x';
import { repository } from '../../../package.json';
import { PageIntro } from '@/components/page/PageIntro';
import type { OwnExperience } from '@contract/experiences';
import { DEMOGRAPHICS_NOT_SHOWN, K_ANONYMITY } from '@contract/rules';
import { TrackingLookup, type TrackingLookupControls } from '@/components/tracking/TrackingLookup';
import { useTrackingLookup } from '@/api/tracking';
import { useToast } from '@/app/toast/ToastProvider';
import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ExperienceActions } from './ExperienceActions';

const SOURCE_URL = repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

/** Each reason the grade rests on; the grade is shown only with these beside it. */
const GRADE_REASONS = [
  'No account is needed to submit, and a signed-in member’s account is never linked to a report they submit.',
  'A report row has no column for an account, email, IP address or user agent.',
  'No third-party trackers, analytics scripts, advertising or cookies.',
  'Your tracking ID is stored only as a one-way hash.',
  'You can export, correct and delete your report yourself, at any time.',
  'The source code is public, so every claim on this page can be checked.',
];

const STORED = [
  'The peptide, dosage, frequency, duration and route you entered',
  'Your primary purposes, age range, biological sex and activity level (ranges, never exact values)',
  'Your outcome ratings, extra effects, timeline, stack and story',
  'Optional sourcing details you chose to fill in (vendor address, batch ID, purity, volume), and whether you ticked “Publish sourcing details”',
  'The day it was submitted and last updated (never the hour), and its vote counts',
  'Its moderation status (published, waiting for review or hidden), why it waits, and a moderator’s reason and note if hidden',
  'A one-way hash of your tracking ID, so the lookup can find it',
];

const NEVER_STORED = [
  'Your account id or email, even when you are signed in',
  'Your IP address or user agent',
  'Cookies or device fingerprints',
  'The vendor notes block of the form (vendor name, quantity, batch ID): it is never sent',
  'Your tracking ID itself (only its hash)',
];

function Bullets({ items, icon }: { items: readonly string[]; icon: 'yes' | 'no' }) {
  const Icon = icon === 'yes' ? Check : X;
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Icon aria-hidden="true" className={icon === 'yes' ? 'mt-0.5 size-4 shrink-0 text-primary' : 'mt-0.5 size-4 shrink-0 text-destructive-text'} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="space-y-3 text-sm leading-relaxed">{children}</CardContent>
    </Card>
  );
}

function SourceLink() {
  return (
    <a href={SOURCE_URL} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 font-medium text-primary-strong underline underline-offset-2">
      Read the source code
      <ExternalLink aria-hidden="true" className="size-4" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function Overview() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title="Privacy grade" description="Why we give ourselves this grade, point by point.">
        <div className="flex items-center gap-3">
          <span className="text-4xl font-bold text-primary-strong" aria-label="Privacy grade A plus">
            A+
          </span>
          <Badge variant="secondary">Anonymous by design</Badge>
        </div>
        <Bullets items={GRADE_REASONS} icon="yes" />
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
          <strong>Everyone</strong> can read a report as it appears on the Community page: peptide, dosage, frequency, duration, route, purposes, outcomes,
          effects, story, vote counts and the day it was shared. A report’s time is kept and published to the day, never the hour.
        </p>
        <p>
          Your age range, biological sex and activity level are shown only where at least {K_ANONYMITY} published reports of the same peptide share all three;
          otherwise a report shows “{DEMOGRAPHICS_NOT_SHOWN}”. The research export never shows more than the public pages.
        </p>
        <p>
          Sourcing details (the vendor’s web address host, batch ID and volume) appear on the public card only when you tick “Publish sourcing details”.
          Purity and the full vendor address are never published.
        </p>
        <p>
          <strong>Only you</strong>, holding the tracking ID, can see the full report with its sourcing details, change it or delete it. No list or page ever
          shows a tracking ID.
        </p>
        <p>
          <strong>Moderators</strong> reviewing a report that waits for review or was reported by members see all of it as you do, including the age range,
          sex, activity level and sourcing details that are not public, but never its tracking ID: nothing stored says who sent it. They can publish, hide or
          restore it; they cannot change it.
        </p>
        <p>
          <strong>Members who report an experience</strong>: each report to the moderators keeps the member’s account with the experience, so that a member
          counts once. Moderators see the reason and the note, not who sent them, and the person who shared the experience never learns who reported it.
        </p>
      </Section>
      <Section title="How long we keep it">
        <p>
          A report is kept until you delete it, whatever its moderation status. Deleting removes the row, its votes and members’ reports about it at once;
          statistics are recomputed without it.
        </p>
        <p>
          The moderation log is kept for good, even after a report is deleted: for each hold and each moderator’s decision it keeps the report’s internal id,
          the action, the reason, the moderator’s note and the time. It holds none of the report’s text.
        </p>
        <p>
          Member accounts (needed only to vote or create peptides) keep an email, a password hash and an optional profile until the account is removed. Sign-in
          sessions expire after 30 days.
        </p>
      </Section>
    </div>
  );
}

const renderActions = (experience: OwnExperience, controls: TrackingLookupControls) => <ExperienceActions experience={experience} controls={controls} />;

function YourData() {
  const lookup = useTrackingLookup();
  const { toast } = useToast();
  return (
    <div className="space-y-4">
      <p className="max-w-2xl text-sm text-muted-foreground">
        Enter the tracking ID you were shown after submitting. With it you see whether your report is published, waiting for review or hidden by a
        moderator (with the moderator’s reason), and you can download your report, correct it, or delete it for good. We cannot recover a lost tracking ID:
        it is stored only as a hash.
      </p>
      <TrackingLookup title="Look up your submission" showContent actions={renderActions} lookup={lookup} notify={toast} />
    </div>
  );
}

function YourRights() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title="Access and portability">
        <p>
          Look up your report with its tracking ID under <em>Your Data</em> and press <strong>Export Data</strong>: your browser saves it as a JSON file, with
          every field we hold.
        </p>
      </Section>
      <Section title="Correction">
        <p>
          <strong>Update Experience</strong> lets you correct your story, outcome ratings and extra effects. Your lookup shows the day it was last updated.
        </p>
        <p>
          A correction is checked like a new report. Correcting a report that waits for review or was hidden by a moderator sends it back to a moderator; it
          stays out of public view until a moderator publishes it.
        </p>
      </Section>
      <Section title="Erasure">
        <p>
          <strong>Delete Data</strong> removes your report after you confirm. It disappears from the Community page, peptide pages and statistics at once, and
          the tracking ID stops working.
        </p>
      </Section>
      <Section title="No account, no profile">
        <p>
          Submitting never needs an account, and we build no profile of visitors. If you do have an account, your profile settings are yours to change or clear
          on the Profile page, and your profile is never attached to a report.
        </p>
      </Section>
    </div>
  );
}

function TechnicalDetails() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title="Tracking IDs">
        <p>
          <code>TRK-</code> followed by 20 digits from a cryptographic random source (about 66 bits). The database keeps only a SHA-256 hash of it, so even
          someone reading the database cannot turn a report back into its ID.
        </p>
        <p>
          The tracking ID travels only in request bodies, never in a web address, so it cannot end up in the logs of a proxy or host, or in your browser
          history. The exported file is named <code>peptide-experience-export.json</code>, without the ID.
        </p>
      </Section>
      <Section title="Anonymous submission">
        <p>
          The app sends a report without your sign-in token, and the server never reads one on that call. The experiences table has no column for an account,
          address or user agent.
        </p>
      </Section>
      <Section title="Logs and rate limits">
        <p>
          Server logs record only the method, the route pattern (such as <code>/api/experiences/:id</code>) and the status of a request: never its body, a
          query, your address, or a tracking ID.
        </p>
        <p>
          To stop floods, requests are counted per client under a keyed hash (HMAC) of the address, with a key that changes every day; counts expire with their
          time window.
        </p>
      </Section>
      <Section title="In your browser">
        <p>No cookies and no third-party scripts: a Content Security Policy lets the page load code only from this site.</p>
        <p>
          Local storage keeps your theme choice and, if you sign in, your session. A draft of an unfinished report stays in this tab’s session storage and is
          cleared when you submit it or close the tab.
        </p>
      </Section>
      <Section title="Storage and transport" description="What we guarantee, and what the host must provide.">
        <p>Data lives in one PostgreSQL database (embedded PGlite or a PostgreSQL server). Passwords are hashed with scrypt and a per-account salt.</p>
        <p>
          Deployment requirements: serve the site only over HTTPS (TLS), and keep the database on an encrypted disk. The application itself does not encrypt
          data at rest.
        </p>
      </Section>
      <Section title="Open source">
        <p>Everything described here can be checked in the public repository.</p>
        <SourceLink />
      </Section>
    </div>
  );
}

export function PrivacyPage() {
  return (
    <div>
      <PageIntro title="Privacy & Data Control">What we keep, what we never keep, and how to look up, export, correct or delete your own submission.</PageIntro>
      <Tabs defaultValue="overview">
        <TabsList aria-label="Privacy sections">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="data">Your Data</TabsTrigger>
          <TabsTrigger value="rights">Your Rights</TabsTrigger>
          <TabsTrigger value="technical">Technical Details</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Overview />
        </TabsContent>
        {/* Kept mounted while hidden, so a looked-up report survives a visit to another tab. */}
        <TabsContent value="data" forceMount className="data-[state=inactive]:hidden">
          <YourData />
        </TabsContent>
        <TabsContent value="rights">
          <YourRights />
        </TabsContent>
        <TabsContent value="technical">
          <TechnicalDetails />
        </TabsContent>
      </Tabs>
    </div>
  );
}
