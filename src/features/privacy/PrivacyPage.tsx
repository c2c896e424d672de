import { PageIntro } from '@/components/page/PageIntro';

export function PrivacyPage() {
  return <PageIntro title="Privacy & Data Control">What we keep, what we never keep, and how to look up, export or delete your own submission.</PageIntro>;
}
