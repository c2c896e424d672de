import { Link } from 'react-router-dom';
import { PageIntro } from '@/components/page/PageIntro';
import { PRODUCT_NAME } from '@/lib/brand';

const SECTIONS: { title: string; body: string }[] = [
  {
    title: 'Educational use only',
    body:
      'Everything here, from peptide descriptions to community reports and aggregated figures, is for educational and research purposes only. It is not medical advice, diagnosis or treatment. Consult a healthcare professional before starting any peptide regimen.',
  },
  {
    title: 'Community reports are personal accounts',
    body:
      'Experiences are written by community members and are not verified. Individual results vary, and a report or a rating is not evidence that a substance is safe or effective for you.',
  },
  {
    title: 'What you may post',
    body:
      'Share your own experience honestly. Do not post personal information about yourself or others, links to sell products, or content that is unlawful, abusive or misleading. Moderators may remove content that breaks these rules.',
  },
  {
    title: 'Anonymous submissions',
    body:
      'You can submit an experience without an account. Your submission becomes publicly visible without any account or address attached. Keep your tracking ID: it is the only way to look up, export, correct or delete your submission.',
  },
  {
    title: 'Accounts',
    body:
      'Accounts let you vote, add peptides and keep a profile. New accounts are reviewed by a moderator before they can sign in. Keep your password to yourself; you are responsible for what is done with your account.',
  },
  {
    title: 'No warranty',
    body:
      `${PRODUCT_NAME} is provided as is, without warranty of any kind. To the extent the law allows, we are not liable for decisions made on the basis of information found here.`,
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
            <p className="text-muted-foreground">{section.body}</p>
          </section>
        ))}
        <p className="text-muted-foreground">
          How we handle data is described on the{' '}
          <Link to="/privacy" className="font-medium text-primary-strong underline underline-offset-4">
            Privacy & Data Control
          </Link>{' '}
          page.
        </p>
      </div>
    </article>
  );
}
