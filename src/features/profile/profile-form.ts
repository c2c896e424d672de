// Profile form rules (spec section 5): age an integer, weight and height decimals, empty
// values sent as undefined, units kg/lbs and cm/ft converting the entered value, sharing and
// notification checkboxes true unless explicitly false.
import type { UpdateProfileRequest, User } from '@contract/users';
import { cleanList } from '@contract/rules';

export type WeightUnit = 'kg' | 'lbs';
export type HeightUnit = 'cm' | 'ft';

export const KG_PER_LB = 0.45359237;
export const CM_PER_FT = 30.48;

export interface ProfileForm {
  age: string;
  gender: string;
  weight: string;
  height: string;
  activityLevel: string;
  fitnessGoals: string;
  medicalConditions: string;
  allergies: string;
  weightUnit: WeightUnit;
  heightUnit: HeightUnit;
  shareAge: boolean;
  shareGender: boolean;
  shareWeight: boolean;
  shareHeight: boolean;
  notifyEmail: boolean;
  notifyNewExperiences: boolean;
  notifyWeeklyDigest: boolean;
}

const on = (value: boolean | undefined) => value !== false;

export function formFromUser(user: User | undefined): ProfileForm {
  const d = user?.demographics ?? {};
  const p = user?.preferences ?? {};
  return {
    age: d.age === undefined ? '' : String(d.age),
    gender: d.gender ?? '',
    weight: d.weight === undefined ? '' : String(d.weight),
    height: d.height === undefined ? '' : String(d.height),
    activityLevel: d.activityLevel ?? '',
    fitnessGoals: (d.fitnessGoals ?? []).join(', '),
    medicalConditions: (d.medicalConditions ?? []).join(', '),
    allergies: (d.allergies ?? []).join(', '),
    weightUnit: p.units?.weight ?? 'kg',
    heightUnit: p.units?.height ?? 'cm',
    shareAge: on(p.privacy?.shareAge),
    shareGender: on(p.privacy?.shareGender),
    shareWeight: on(p.privacy?.shareWeight),
    shareHeight: on(p.privacy?.shareHeight),
    notifyEmail: on(p.notifications?.email),
    // Issue 5: every sharing and notification box is on unless the member turned it off.
    notifyNewExperiences: on(p.notifications?.newExperiences),
    notifyWeeklyDigest: on(p.notifications?.weeklyDigest),
  };
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The typed value in the other unit, or the text unchanged when it is blank or not a number. */
export function convertWeight(text: string, from: WeightUnit, to: WeightUnit): string {
  const n = parseDecimal(text);
  if (from === to || n === undefined || Number.isNaN(n)) return text;
  return String(round(to === 'lbs' ? n / KG_PER_LB : n * KG_PER_LB, 1));
}

export function convertHeight(text: string, from: HeightUnit, to: HeightUnit): string {
  const n = parseDecimal(text);
  if (from === to || n === undefined || Number.isNaN(n)) return text;
  return String(to === 'ft' ? round(n / CM_PER_FT, 2) : round(n * CM_PER_FT, 1));
}

/** undefined for blank, NaN for text that is not a decimal number. */
export function parseDecimal(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  if (!t) return undefined;
  return /^\d+(\.\d+)?$|^\.\d+$/.test(t) ? Number(t) : Number.NaN;
}

export function parseAge(text: string): number | undefined {
  const t = text.trim();
  if (!t) return undefined;
  return /^\d+$/.test(t) ? Number(t) : Number.NaN;
}

export type ProfileErrors = Partial<Record<'age' | 'weight' | 'height', string>>;

export function validateProfile(form: ProfileForm): ProfileErrors {
  const errors: ProfileErrors = {};
  const age = parseAge(form.age);
  if (age !== undefined && (Number.isNaN(age) || age < 13 || age > 120)) errors.age = 'Age must be a whole number between 13 and 120';
  const weight = parseDecimal(form.weight);
  if (weight !== undefined && (Number.isNaN(weight) || weight <= 0 || weight > 1000)) errors.weight = `Weight must be a positive number of ${form.weightUnit}`;
  const height = parseDecimal(form.height);
  if (height !== undefined && (Number.isNaN(height) || height <= 0 || height > 400)) errors.height = `Height must be a positive number of ${form.heightUnit}`;
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
      age: parseAge(form.age),
      gender: (form.gender || undefined) as NonNullable<UpdateProfileRequest['demographics']>['gender'],
      weight: parseDecimal(form.weight),
      height: parseDecimal(form.height),
      activityLevel: (form.activityLevel || undefined) as NonNullable<UpdateProfileRequest['demographics']>['activityLevel'],
      fitnessGoals: list(form.fitnessGoals),
      medicalConditions: list(form.medicalConditions),
      allergies: list(form.allergies),
    },
    preferences: {
      units: { weight: form.weightUnit, height: form.heightUnit },
      privacy: { shareAge: form.shareAge, shareGender: form.shareGender, shareWeight: form.shareWeight, shareHeight: form.shareHeight },
      notifications: { email: form.notifyEmail, newExperiences: form.notifyNewExperiences, weeklyDigest: form.notifyWeeklyDigest },
    },
  };
}
