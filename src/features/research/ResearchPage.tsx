import { PageIntro } from '@/components/page/PageIntro';

export function ResearchPage() {
  return <PageIntro title="Research Hub">Moderation and research tools: community figures, data export and pending registrations.</PageIntro>;
}
