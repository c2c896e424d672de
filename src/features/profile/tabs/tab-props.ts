import type { ReactNode } from 'react';
import type { ProfileErrors, ProfileForm } from '../profile-form';

/** What every tab of the profile editor gets: the one form they share, and its unit selects. */
export interface ProfileTabProps {
  form: ProfileForm;
  set: <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) => void;
  setForm: (update: (form: ProfileForm) => ProfileForm) => void;
  /** The errors to show now (none until the member first presses Save). */
  errors: ProfileErrors;
  weightUnitSelect: (id: string) => ReactNode;
  heightUnitSelect: (id: string) => ReactNode;
}
