// Privacy: which profile details the member is willing to share in aggregated statistics.
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui';
import { Check } from './fields';
import type { ProfileTabProps } from './tab-props';

export function PrivacyTab({ form, set }: ProfileTabProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Privacy</CardTitle>
        <CardDescription>Which profile details you are willing to share. Reports you submit stay anonymous whatever you choose here.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <Check id="shareAge" label="Share age" description="Allow your age to appear in aggregated statistics." checked={form.shareAge} onChange={(v) => set('shareAge', v)} />
        <Check id="shareGender" label="Share gender" description="Allow your gender to appear in aggregated statistics." checked={form.shareGender} onChange={(v) => set('shareGender', v)} />
        <Check id="shareWeight" label="Share weight" description="Allow your weight to appear in aggregated statistics." checked={form.shareWeight} onChange={(v) => set('shareWeight', v)} />
        <Check id="shareHeight" label="Share height" description="Allow your height to appear in aggregated statistics." checked={form.shareHeight} onChange={(v) => set('shareHeight', v)} />
      </CardContent>
    </Card>
  );
}
