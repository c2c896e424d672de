import type { HeightUnit, ProfileErrors, ProfileForm, WeightUnit } from '../profile-form';

/** What every tab of the profile editor gets: the one form they share and its setters. */
export interface ProfileTabProps {
  form: ProfileForm;
  set: <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) => void;
  setForm: (update: (form: ProfileForm) => ProfileForm) => void;
  /** The errors to show now: a field's once it is left, every field's once Save is pressed. */
  errors: ProfileErrors;
  /** The member left a checked field: its problem shows from now on. */
  touch: (field: keyof ProfileErrors) => void;
  /** Changing a unit shows the same stored value in it, which stays exact. */
  setWeightUnit: (unit: WeightUnit) => void;
  setHeightUnit: (unit: HeightUnit) => void;
}
