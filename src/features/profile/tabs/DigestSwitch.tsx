// The weekly digest's switch saves at once, as the Privacy tab's does (./PrivacyTab.tsx): a
// switch that looked on but was lost without Save Profile misled. It sends the stored units with
// it, since PUT /api/users/me replaces preferences whole (server/services/users.ts updateMe), so
// unsaved unit changes in the form stay the form's.
import { useMe, useUpdateMe } from '@/api/users';
import { errorMessage } from '@/api/errors';
import { Check } from './fields';

export const DIGEST_LABEL = 'Weekly digest';

export function DigestSwitch({ checked, onSaved }: { checked: boolean; onSaved: (on: boolean) => void }) {
  const me = useMe();
  const save = useUpdateMe();
  const shown = save.isPending && save.variables ? save.variables.preferences?.notifications?.weeklyDigest : checked;
  const status = save.isPending
    ? 'Saving…'
    : save.isError
      ? `Not saved: ${errorMessage(save.error, 'the weekly digest could not be changed')}. Try again.`
      : save.isSuccess
        ? checked
          ? 'Saved: the weekly digest is on.'
          : 'Saved: the weekly digest is off.'
        : '';
  return (
    <div className="space-y-1">
      <Check
        id="notifyWeeklyDigest"
        label={DIGEST_LABEL}
        description="Each Monday, an email with the week’s most helpful reports. Off unless you turn it on; every digest has a link to stop it. Saved as soon as you change it."
        checked={shown === true}
        disabled={save.isPending}
        onChange={(on) =>
          save.mutate(
            { preferences: { ...me.data?.preferences, notifications: { weeklyDigest: on } } },
            { onSuccess: (user) => onSaved(user.preferences?.notifications?.weeklyDigest === true) },
          )
        }
      />
      <p
        role="status"
        className={save.isError ? 'pl-7 text-sm text-destructive-text' : 'pl-7 text-sm text-muted-foreground'}
      >
        {status}
      </p>
    </div>
  );
}
