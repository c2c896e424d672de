import { PageIntro } from '@/components/page/PageIntro';

export function ExperienceDetailPage() {
  return <PageIntro title="Experience">One member's anonymous report: dosage, outcomes, effects and story.</PageIntro>;
}
