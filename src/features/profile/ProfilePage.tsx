// Profile Settings (/profile, protected): Demographics (default), Preferences, Privacy, Lookup.
import { useEffect, useState, type ReactNode } from 'react';
import { GENDERS, PROFILE_ACTIVITY_LEVELS, optionLabel } from '@contract/vocabulary';
import type { User } from '@contract/users';
import { useMe, useUpdateMe } from '@/api/users';
import { useTrackingLookup } from '@/api/tracking';
import { useToast } from '@/app/toast/ToastProvider';
import { LoadError } from '@/components/page/LoadError';
import { PageIntro } from '@/components/page/PageIntro';
import { TrackingLookup } from '@/components/tracking/TrackingLookup';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, Select, Skeleton } from '@/components/ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { FeetInchesInputs, HeightUnitSelect, WeightUnitSelect } from './Measurements';
import {
  buildProfileRequest,
  formFromUser,
  validateProfile,
  withHeightText,
  withHeightUnit,
  withWeightText,
  withWeightUnit,
  type HeightUnit,
  type ProfileForm,
  type WeightUnit,
} from './profile-form';

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive-text">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

function Check({ id, label, description, checked, onChange }: { id: string; label: string; description: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" className="mt-1 size-4 accent-primary" checked={checked} aria-describedby={`${id}-desc`} onChange={(e) => onChange(e.target.checked)} />
      <div>
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-desc`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
    </div>
  );
}

function ProfileEditor({ user }: { user: User }) {
  const { toast } = useToast();
  // Here, not in the tab, so a found submission survives a visit to another tab.
  const lookup = useTrackingLookup();
  const save = useUpdateMe();
  const [form, setForm] = useState<ProfileForm>(() => formFromUser(user));
  const [showErrors, setShowErrors] = useState(false);
  const [tab, setTab] = useState('demographics');
  const errors = validateProfile(form);
  const visibleErrors = showErrors ? errors : {};
  const set = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  // Changing a unit shows the same stored value in it (70 kg reads 154.3 lbs), which stays exact.
  const setWeightUnit = (unit: WeightUnit) => setForm((f) => withWeightUnit(f, unit));
  const setHeightUnit = (unit: HeightUnit) => setForm((f) => withHeightUnit(f, unit));

  const onSave = () => {
    setShowErrors(true);
    const invalid = (['age', 'weight', 'height'] as const).find((field) => errors[field]);
    if (invalid) {
      // The invalid fields all live on Demographics: show that tab and put the cursor there.
      setTab('demographics');
      setTimeout(() => document.getElementById(invalid)?.focus(), 0);
      toast({ title: 'Error', description: 'Please correct the highlighted fields', variant: 'destructive' });
      return;
    }
    save.mutate(buildProfileRequest(form), {
      onSuccess: (saved) => {
        setForm(formFromUser(saved));
        setShowErrors(false);
        toast({ title: 'Success', description: 'Profile updated successfully!', variant: 'success' });
      },
      // Everything typed stays in the form for another try.
      onError: () => toast({ title: 'Error', description: 'Failed to update profile', variant: 'destructive' }),
    });
  };

  const weightUnitSelect = (id: string) => <WeightUnitSelect id={id} value={form.weightUnit} onChange={setWeightUnit} />;
  const heightUnitSelect = (id: string) => <HeightUnitSelect id={id} value={form.heightUnit} onChange={setHeightUnit} />;

  return (
    // A div, not a form: the Lookup tab holds its own form, and forms cannot nest.
    <div className="space-y-6">
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Profile sections">
          <TabsTrigger value="demographics">Demographics</TabsTrigger>
          <TabsTrigger value="preferences">Preferences</TabsTrigger>
          <TabsTrigger value="privacy">Privacy</TabsTrigger>
          <TabsTrigger value="lookup">Lookup</TabsTrigger>
        </TabsList>

        <TabsContent value="demographics">
          <Card>
            <CardHeader>
              <CardTitle>Demographics</CardTitle>
              <CardDescription>All optional. Kept with your account only; never attached to the reports you submit.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              <Field id="age" label="Age" error={visibleErrors.age} hint="Whole years">
                <Input
                  id="age"
                  inputMode="numeric"
                  value={form.age}
                  aria-invalid={Boolean(visibleErrors.age) || undefined}
                  aria-describedby={visibleErrors.age ? 'age-error' : 'age-hint'}
                  onChange={(e) => set('age', e.target.value)}
                />
              </Field>
              <Field id="gender" label="Gender">
                <Select id="gender" value={form.gender} onChange={(e) => set('gender', e.target.value)}>
                  <option value="">Not set</option>
                  {GENDERS.map((g) => (
                    <option key={g} value={g}>
                      {optionLabel(g)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field id="weight" label={`Weight (${form.weightUnit})`} error={visibleErrors.weight}>
                <div className="flex gap-2">
                  <Input
                    id="weight"
                    inputMode="decimal"
                    value={form.weight}
                    aria-invalid={Boolean(visibleErrors.weight) || undefined}
                    aria-describedby={visibleErrors.weight ? 'weight-error' : undefined}
                    onChange={(e) => setForm((f) => withWeightText(f, e.target.value))}
                  />
                  <div className="w-24 shrink-0">
                    <Label htmlFor="weight-unit" className="sr-only">
                      Weight unit
                    </Label>
                    {weightUnitSelect('weight-unit')}
                  </div>
                </div>
              </Field>
              <Field id="height" label={form.heightUnit === 'cm' ? 'Height (cm)' : 'Height (ft and in)'} error={visibleErrors.height}>
                <div className="flex gap-2">
                  {form.heightUnit === 'cm' ? (
                    <Input
                      id="height"
                      inputMode="decimal"
                      value={form.height.cm}
                      aria-invalid={Boolean(visibleErrors.height) || undefined}
                      aria-describedby={visibleErrors.height ? 'height-error' : undefined}
                      onChange={(e) => setForm((f) => withHeightText(f, { cm: e.target.value }))}
                    />
                  ) : (
                    <FeetInchesInputs
                      id="height"
                      value={form.height}
                      invalid={Boolean(visibleErrors.height)}
                      describedBy={visibleErrors.height ? 'height-error' : undefined}
                      onChange={(text) => setForm((f) => withHeightText(f, text))}
                    />
                  )}
                  <div className="w-24 shrink-0">
                    <Label htmlFor="height-unit" className="sr-only">
                      Height unit
                    </Label>
                    {heightUnitSelect('height-unit')}
                  </div>
                </div>
              </Field>
              <Field id="activityLevel" label="Activity level">
                <Select id="activityLevel" value={form.activityLevel} onChange={(e) => set('activityLevel', e.target.value)}>
                  <option value="">Not set</option>
                  {PROFILE_ACTIVITY_LEVELS.map((a) => (
                    <option key={a} value={a}>
                      {optionLabel(a)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field id="fitnessGoals" label="Fitness goals" hint="Separate with commas">
                <Input id="fitnessGoals" value={form.fitnessGoals} aria-describedby="fitnessGoals-hint" onChange={(e) => set('fitnessGoals', e.target.value)} />
              </Field>
              <Field id="medicalConditions" label="Medical conditions" hint="Separate with commas">
                <Input
                  id="medicalConditions"
                  value={form.medicalConditions}
                  aria-describedby="medicalConditions-hint"
                  onChange={(e) => set('medicalConditions', e.target.value)}
                />
              </Field>
              <Field id="allergies" label="Allergies" hint="Separate with commas">
                <Input id="allergies" value={form.allergies} aria-describedby="allergies-hint" onChange={(e) => set('allergies', e.target.value)} />
              </Field>
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="preferences">
          <Card>
            <CardHeader>
              <CardTitle>Preferences</CardTitle>
              <CardDescription>Units change how your weight and height are shown; the values themselves stay as you entered them.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-6">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="pref-weight-unit" label="Weight unit">
                  {weightUnitSelect('pref-weight-unit')}
                </Field>
                <Field id="pref-height-unit" label="Height unit">
                  {heightUnitSelect('pref-height-unit')}
                </Field>
              </div>
              <fieldset className="space-y-3">
                <legend className="mb-2 font-medium">Notifications</legend>
                <Check id="notifyEmail" label="Email notifications" description="Messages about your account." checked={form.notifyEmail} onChange={(v) => set('notifyEmail', v)} />
                <Check
                  id="notifyWeeklyDigest"
                  label="Weekly digest"
                  description="A weekly summary of community activity."
                  checked={form.notifyWeeklyDigest}
                  onChange={(v) => set('notifyWeeklyDigest', v)}
                />
              </fieldset>
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="privacy">
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
        </TabsContent>

        {/* Kept mounted while hidden, so a found submission survives a visit to another tab. */}
        <TabsContent value="lookup" forceMount className="data-[state=inactive]:hidden">
          <TrackingLookup title="Look up a submission" lookup={lookup} notify={toast} />
        </TabsContent>
      </Tabs>
      <div className="flex justify-end">
        <Button onClick={onSave} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Profile'}
        </Button>
      </div>
    </div>
  );
}

export function ProfilePage() {
  const me = useMe();
  const { toast } = useToast();
  useEffect(() => {
    if (me.isError) toast({ title: 'Error', description: 'Failed to load profile', variant: 'destructive' });
  }, [me.isError, toast]);

  return (
    <div className="mx-auto max-w-3xl">
      <PageIntro title="Profile Settings">{me.data ? `Signed in as ${me.data.email}.` : 'Your account details and preferences.'}</PageIntro>
      {me.isPending && (
        <div className="space-y-4" aria-busy="true" aria-label="Loading profile">
          <Skeleton className="h-10 w-80 max-w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      )}
      {me.isError && <LoadError title="Failed to load profile" message={me.error.message} retrying={me.isFetching} onRetry={() => void me.refetch()} />}
      {me.data && <ProfileEditor user={me.data} />}
    </div>
  );
}
