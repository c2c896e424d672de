import { PageIntro } from '@/components/page/PageIntro';

export function SubmitPage() {
  return <PageIntro title="Share Your Experience">Tell the community what you used and what happened, in four short steps. No account needed.</PageIntro>;
}
