import { Link } from 'react-router-dom';
import {
  CONCERNING_HOLD_THRESHOLD,
  FLAG_HOLD_THRESHOLD,
  FLAG_REASONS,
  FLAG_REASON_TEXT,
  HIDE_REASONS,
} from '@contract/moderation';
import { PageIntro } from '@/components/page/PageIntro';
import { PRODUCT_NAME } from '@/lib/brand';
import { paths } from '@/lib/paths';
import { PUBLISHED_IN_GROUPS } from '@/lib/publication';

const FLAG_REASON_LIST = FLAG_REASONS.map((r) => FLAG_REASON_TEXT[r].toLowerCase()).join(', ');

// What moderation does, as docs/product-rules.md ("Moderation") and server/services/moderation.ts do it.
const MODERATION: string[] = [
  'Every report is published, waiting for review (held) or hidden. Only published reports appear on the site and count in its figures.',
  `${PUBLISHED_IN_GROUPS}, unless its text contains a link, an email address, a phone number or a messenger handle, or repeats a report published today or yesterday: then it waits for a moderator. A site may also be run so that every new or corrected report waits for a moderator before it is public.`,
  `Members can flag an experience for the moderators (${FLAG_REASON_LIST}), once each. When ${FLAG_HOLD_THRESHOLD} members have flagged it, or ${CONCERNING_HOLD_THRESHOLD} members have voted it “Concerning”, it is held until a moderator reviews it (these are the standard settings; the site’s operator can change the numbers).`,
  `Moderators can publish a held report, dismiss reports on a published one, hide a report (choosing one of ${HIDE_REASONS.length} reasons, with an optional note) and restore a hidden one. They cannot change what you wrote.`,
  'Every hold and every moderator’s decision is recorded in a moderation log: which report, which action, why, by which moderator and when. Nothing deletes the log, not even deleting the report.',
  'With your tracking ID you see your report’s status on the Privacy page: why it waits, or the reason a moderator gave for hiding it (the moderator’s note stays in the log). You can still export, correct or delete it; correcting a held or hidden report sends it back to a moderator. Nobody who reported it is named to you, and you are not named to them.',
];

// What an account is and what its owner can do with it (docs/product-rules.md, "Your account").
const ACCOUNTS: string[] = [
  'Accounts let you vote, report experiences to the moderators, add peptides and keep a profile. New accounts are reviewed by a moderator before they can sign in; we email you when they have decided.',
  'We email you only about your account (its approval, a password reset you asked for) and, if you turn it on in your profile, a weekly digest of the most helpful reports, which one click stops.',
  'Keep your password to yourself; you are responsible for what is done with your account. You can change it, reset it by email, and sign out on every device at any time.',
  'You can download everything your account holds and delete the account yourself, under Profile, Account. Deleting erases your email, password, profile, sign-ins, votes and open flags; the reports you shared were never linked to it and stay. The Privacy page lists what an account keeps and for how long.',
];

const SECTIONS: { title: string; body: string | string[] }[] = [
  {
    title: 'Educational use only',
    body: 'Everything here, from peptide descriptions to community reports and aggregated figures, is for educational and research purposes only. It is not medical advice, diagnosis or treatment. Consult a healthcare professional before starting any peptide regimen.',
  },
  {
    title: 'Community reports are personal accounts',
    body: 'Experiences are written by community members and are not verified. Individual results vary, and a report or a rating is not evidence that a substance is safe or effective for you.',
  },
  {
    title: 'What you may post',
    body: 'Share your own experience honestly. Do not post personal information about yourself or others, links to sell products, or content that is unlawful, abusive or misleading. Moderators may hide content that breaks these rules.',
  },
  { title: 'Moderation', body: MODERATION },
  {
    title: 'Anonymous submissions',
    body: 'You can submit an experience without an account. Your submission becomes publicly visible without any account or address attached. Keep your tracking ID: it is the only way to look up, export, correct or delete your submission.',
  },
  { title: 'Accounts', body: ACCOUNTS },
  {
    title: 'No warranty',
    body: `${PRODUCT_NAME} is provided as is, without warranty of any kind. To the extent the law allows, we are not liable for decisions made on the basis of information found here.`,
  },
  {
    title: 'Changes',
    body: 'We may update these terms. The current version is always on this page; continuing to use the service means you accept it.',
  },
];

export function TermsPage() {
  return (
    <article className="max-w-3xl">
      <PageIntro title="Terms of Use">The rules for using {PRODUCT_NAME}, in plain words.</PageIntro>
      <div className="flex flex-col gap-6">
        {SECTIONS.map((section) => (
          <section key={section.title} className="flex flex-col gap-2">
            <h2 className="text-xl font-semibold">{section.title}</h2>
            {(Array.isArray(section.body) ? section.body : [section.body]).map((paragraph) => (
              <p key={paragraph} className="text-muted-foreground">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        <p className="text-muted-foreground">
          How we handle data is described on the{' '}
          <Link to={paths.privacy} className="font-medium text-primary-strong underline underline-offset-4">
            Privacy & Data Control
          </Link>{' '}
          page.
        </p>
      </div>
    </article>
  );
}
