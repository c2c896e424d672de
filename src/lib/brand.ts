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
export const SAFETY_NOTICE_CLASSES = 'rounded-lg border border-warning-border bg-warning p-4 text-sm text-warning-foreground';
