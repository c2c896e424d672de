// Product texts used in more than one place: written once, imported everywhere.
export const PRODUCT_NAME = 'Peptide Community';
export const TAGLINE =
  'Anonymous peptide experience platform. Share your journey, explore community insights, and contribute to peptide research.';
export const SAFETY_TEXT =
  'Not medical advice. This information is for educational purposes only. Consult a healthcare professional before starting any peptide regimen.';
