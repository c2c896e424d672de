import { PageIntro } from '@/components/page/PageIntro';

export function ProfilePage() {
  return <PageIntro title="Profile Settings">Your demographics, preferences and privacy choices, and a lookup of your submissions.</PageIntro>;
}
