import { PageIntro } from '@/components/page/PageIntro';

export function PeptideDetailPage() {
  return <PageIntro title="Peptide Details">A peptide's description, effects, side effects and the experiences shared about it.</PageIntro>;
}
