// Profile Settings (/profile, protected): Demographics (default), Preferences, Privacy, Account,
// Lookup, one file each under tabs/ (Account under account/). The open tab lives in the URL (?tab=, src/lib/url-state.ts), as on
// Explore and the Research Hub, so a reload or a shared link opens the same tab.
import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import type { User } from '@contract/users';
import { useMe, useUpdateMe } from '@/api/users';
import { useTrackingLookup } from '@/api/tracking';
import { useToast } from '@/app/toast/ToastProvider';
import { LoadError } from '@/components/page/LoadError';
import { PageIntro } from '@/components/page/PageIntro';
import { TrackingLookup } from '@/components/tracking/TrackingLookup';
import { Button, Skeleton } from '@/components/ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { oneOf, useUrlState } from '@/lib/url-state';
import {
  buildProfileRequest,
  formFromUser,
  validateProfile,
  withHeightUnit,
  withWeightUnit,
  type HeightUnit,
  type ProfileForm,
  type WeightUnit,
} from './profile-form';
import { AccountTab } from './account/AccountTab';
import { DemographicsTab } from './tabs/DemographicsTab';
import { PreferencesTab } from './tabs/PreferencesTab';
import { PrivacyTab } from './tabs/PrivacyTab';
import type { ProfileTabProps } from './tabs/tab-props';

const profileSchema = z.object({ tab: oneOf(['demographics', 'preferences', 'privacy', 'account', 'lookup']) });
/**
 * The tabs whose fields the Save button sends (the digest's switch saves at once); Privacy is kept
 * on the device at once, Account acts by itself.
 */
const SAVED_TABS: readonly string[] = ['demographics', 'preferences'];

function ProfileEditor({ user }: { user: User }) {
  const { toast } = useToast();
  // Here, not in the tab, so a found submission survives a visit to another tab.
  const lookup = useTrackingLookup();
  const save = useUpdateMe();
  const [form, setForm] = useState<ProfileForm>(() => formFromUser(user));
  const [showErrors, setShowErrors] = useState(false);
  const [{ tab }, setUrl] = useUrlState(profileSchema);
  const setTab = (value: string) => setUrl({ tab: value as typeof tab });
  const errors = validateProfile(form);
  // A field's problem shows once it is left ("34.5" is refused before Save), every one on Save.
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const visibleErrors = showErrors
    ? errors
    : Object.fromEntries(Object.entries(errors).filter(([field]) => left.has(field)));
  const touch = (field: string) => setLeft((l) => (l.has(field) ? l : new Set(l).add(field)));
  const set = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  // Changing a unit shows the same stored value in it (70 kg reads 154.3 lbs), which stays exact.
  const setWeightUnit = (unit: WeightUnit) => setForm((f) => withWeightUnit(f, unit));
  const setHeightUnit = (unit: HeightUnit) => setForm((f) => withHeightUnit(f, unit));

  // Typed fields wait for Save Profile (the switches save at once): until then the page says so,
  // on every tab, and the browser asks before a reload or a close drops them.
  const dirty = JSON.stringify(buildProfileRequest(form)) !== JSON.stringify(buildProfileRequest(formFromUser(user)));
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const onSave = () => {
    setShowErrors(true);
    const invalid = (['weight', 'height'] as const).find((field) => errors[field]);
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

  const tabProps: ProfileTabProps = {
    form,
    set,
    setForm,
    errors: visibleErrors,
    touch,
    setWeightUnit,
    setHeightUnit,
  };

  return (
    // A div, not a form: the Lookup tab holds its own form, and forms cannot nest.
    <div className="space-y-6">
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Profile sections">
          <TabsTrigger value="demographics">Demographics</TabsTrigger>
          <TabsTrigger value="preferences">Preferences</TabsTrigger>
          <TabsTrigger value="privacy">Privacy</TabsTrigger>
          <TabsTrigger value="account">Account</TabsTrigger>
          <TabsTrigger value="lookup">Lookup</TabsTrigger>
        </TabsList>

        <TabsContent value="demographics">
          <DemographicsTab {...tabProps} />
        </TabsContent>
        <TabsContent value="preferences">
          <PreferencesTab {...tabProps} />
        </TabsContent>
        <TabsContent value="privacy">
          <PrivacyTab />
        </TabsContent>
        <TabsContent value="account">
          <AccountTab />
        </TabsContent>

        {/* Kept mounted while hidden, so a found submission survives a visit to another tab. */}
        <TabsContent value="lookup" forceMount className="data-[state=inactive]:hidden">
          <TrackingLookup title="Look up a submission" lookup={lookup} notify={toast} />
        </TabsContent>
      </Tabs>
      {(SAVED_TABS.includes(tab) || dirty) && (
        <div className="flex flex-wrap items-center justify-end gap-3">
          <p role="status" className="text-sm text-muted-foreground">
            {dirty ? 'You have unsaved changes: Save Profile keeps them.' : ''}
          </p>
          <Button onClick={onSave} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Profile'}
          </Button>
        </div>
      )}
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
      <PageIntro title="Profile Settings">
        {me.data ? `Signed in as ${me.data.email}.` : 'Your account details and preferences.'}
      </PageIntro>
      {me.isPending && (
        <div className="space-y-4" aria-busy="true" aria-label="Loading profile">
          <Skeleton className="h-10 w-80 max-w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      )}
      {me.isError && (
        <LoadError
          title="Failed to load profile"
          message={me.error.message}
          retrying={me.isFetching}
          onRetry={() => void me.refetch()}
        />
      )}
      {me.data && <ProfileEditor user={me.data} />}
    </div>
  );
}
