import { PageIntro } from '@/components/page/PageIntro';

export function ExplorePage() {
  return <PageIntro title="Data Explorer">Aggregated community data: the most popular peptides, ratings and effectiveness.</PageIntro>;
}
