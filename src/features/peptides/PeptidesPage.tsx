import { PageIntro } from '@/components/page/PageIntro';

export function PeptidesPage() {
  return <PageIntro title="Peptide Database">Browse research peptides with their typical dosages, timelines and what the community reports about them.</PageIntro>;
}
