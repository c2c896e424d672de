// Product texts used in more than one place: written once, imported everywhere.
export const PRODUCT_NAME = 'Peptide Community';
export const TAGLINE =
  'Anonymous peptide experience platform. Share your journey, explore community insights, and contribute to peptide research.';
export const SAFETY_TEXT =
  'Not medical advice. This information is for educational purposes only. Consult a healthcare professional before starting any peptide regimen.';
/**
 * The safety notice's look, beside its words: the notice component (components/ui/safety-notice)
 * and Home's icon-less notice, kept out of the chunk the component is bundled in (Home's first
 * load has a size budget).
 */
export const SAFETY_NOTICE_CLASSES =
  'rounded-lg border border-warning-border bg-warning p-4 text-sm text-warning-foreground';

/**
 * What submitting while signed in means, said plainly beside the wizard's Submit (only to a
 * signed-in person) and on the Privacy page (docs/product-rules.md, "Anonymity"): the report goes
 * without the token, but the same tab's requests that carry it let whoever sees the traffic
 * connect the two.
 */
export const SIGNED_IN_SUBMISSION = {
  risk: 'Your report is sent without your account, and the site keeps no link between the two. But while you write, this tab also talks to the site with your sign-in (to check who is signed in, or to read your profile), so someone who sees the traffic, such as your network, a proxy or the site’s host, could connect your report to your account.',
  remedy: 'To avoid that, sign out before you write a report, or write it in a private window.',
} as const;
