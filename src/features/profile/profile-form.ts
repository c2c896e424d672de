// Profile form rules (docs/product-rules.md, "Forms"): the wizard's age ranges and activity levels,
// weight and height decimals, empty
// values sent as undefined; the weekly digest off unless the member turned it on.
// Weight and height are kept in kg and cm exactly as stored or typed (./units.ts); a unit
// change only changes what is shown.
import type { UpdateProfileRequest, User } from '@contract/users';
import { cleanList } from '@contract/rules';
import {
  type HeightText,
  type HeightUnit,
  type WeightUnit,
  heightText,
  parseHeight,
  parseWeight,
  weightText,
} from './units';

export type { HeightUnit, WeightUnit } from './units';

export interface ProfileForm {
  /** One of the wizard's age ranges, or '' for none. */
  ageRange: string;
  biologicalSex: string;
  /** The weight field, in `weightUnit`. */
  weight: string;
  /** The weight in kg: what is saved. NaN while the field holds something that is not a number. */
  weightKg: number | undefined;
  /** The height fields: cm, or feet and inches. */
  height: HeightText;
  /** The height in cm: what is saved. NaN while the fields hold something that is not a height. */
  heightCm: number | undefined;
  activityLevel: string;
  fitnessGoals: string;
  weightUnit: WeightUnit;
  heightUnit: HeightUnit;
  notifyWeeklyDigest: boolean;
}

export function formFromUser(user: User | undefined): ProfileForm {
  const d = user?.demographics ?? {};
  const p = user?.preferences ?? {};
  const weightUnit = p.units?.weight ?? 'kg';
  const heightUnit = p.units?.height ?? 'cm';
  return {
    ageRange: d.ageRange ?? '',
    biologicalSex: d.biologicalSex ?? '',
    weight: weightText(d.weight, weightUnit),
    weightKg: d.weight,
    height: heightText(d.height, heightUnit),
    heightCm: d.height,
    activityLevel: d.activityLevel ?? '',
    fitnessGoals: (d.fitnessGoals ?? []).join(', '),
    weightUnit,
    heightUnit,
    // Opt-in: off until the member turns it on (services/digest.ts).
    notifyWeeklyDigest: p.notifications?.weeklyDigest === true,
  };
}

/** The member typed a weight: it is now what will be saved. */
export function withWeightText(form: ProfileForm, text: string): ProfileForm {
  return { ...form, weight: text, weightKg: parseWeight(text, form.weightUnit) };
}

/** The member typed a height: it is now what will be saved. */
export function withHeightText(form: ProfileForm, text: Partial<HeightText>): ProfileForm {
  const height = { ...form.height, ...text };
  return { ...form, height, heightCm: parseHeight(height, form.heightUnit) };
}

/**
 * Another unit shows the same stored weight, which stays exact. What cannot be read as a weight
 * stays as typed, to be corrected.
 */
export function withWeightUnit(form: ProfileForm, unit: WeightUnit): ProfileForm {
  if (form.weightKg !== undefined && Number.isNaN(form.weightKg))
    return { ...form, weightUnit: unit, weightKg: parseWeight(form.weight, unit) };
  return { ...form, weightUnit: unit, weight: weightText(form.weightKg, unit) };
}

/** Another unit shows the same stored height (cm, or feet and inches), which stays exact. */
export function withHeightUnit(form: ProfileForm, unit: HeightUnit): ProfileForm {
  // Unreadable fields stay as typed; the other unit's fields then say what is saved.
  if (form.heightCm !== undefined && Number.isNaN(form.heightCm))
    return { ...form, heightUnit: unit, heightCm: parseHeight(form.height, unit) };
  return { ...form, heightUnit: unit, height: heightText(form.heightCm, unit) };
}

export type ProfileErrors = Partial<Record<'weight' | 'height', string>>;

export function validateProfile(form: ProfileForm): ProfileErrors {
  const errors: ProfileErrors = {};
  // The contract's limits (contract/users.ts Demographics) hold for kg and cm.
  const weight = form.weightKg;
  if (weight !== undefined && (Number.isNaN(weight) || weight <= 0 || weight > 1000))
    errors.weight = `Weight must be a positive number of ${form.weightUnit}`;
  const height = form.heightCm;
  if (height !== undefined && (Number.isNaN(height) || height <= 0 || height > 400)) {
    errors.height =
      form.heightUnit === 'cm'
        ? 'Height must be a positive number of cm'
        : 'Height must be whole feet and inches under 12';
  }
  return errors;
}

const list = (text: string) => {
  const items = cleanList(text.split(','));
  return items.length ? items : undefined;
};

/** PUT /api/users/me body: empty values undefined (JSON drops them, which clears them). */
export function buildProfileRequest(form: ProfileForm): UpdateProfileRequest {
  return {
    demographics: {
      ageRange: (form.ageRange || undefined) as NonNullable<UpdateProfileRequest['demographics']>['ageRange'],
      biologicalSex: (form.biologicalSex || undefined) as NonNullable<
        UpdateProfileRequest['demographics']
      >['biologicalSex'],
      weight: form.weightKg,
      height: form.heightCm,
      activityLevel: (form.activityLevel || undefined) as NonNullable<
        UpdateProfileRequest['demographics']
      >['activityLevel'],
      fitnessGoals: list(form.fitnessGoals),
    },
    preferences: {
      units: { weight: form.weightUnit, height: form.heightUnit },
      notifications: { weeklyDigest: form.notifyWeeklyDigest },
    },
  };
}
