import { PageIntro } from '@/components/page/PageIntro';

export function CommunityPage() {
  return <PageIntro title="Community Experiences">Read anonymous reports from the community and vote on the ones that help.</PageIntro>;
}
