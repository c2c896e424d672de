// "Prefill the wizard's demographics from my profile" (docs/product-rules.md, "Your account"):
// a choice kept on this device only (localStorage), never on the server. When it is on and the
// member is signed in, the wizard fills its empty age range, biological sex and activity level
// from the profile, in the fields the person sees and can change; nothing else from the profile
// goes with a report, and the report itself is still sent without the sign-in token.
import type { Demographics } from '@contract/users';
import { AGE_RANGES, BIOLOGICAL_SEXES, PROFILE_ACTIVITY_LEVELS, WIZARD_ACTIVITY_LEVELS } from '@contract/vocabulary';

const KEY = 'prefillWizardFromProfile';

export function prefillEnabled(): boolean {
  try {
    return window.localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function setPrefillEnabled(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(KEY, 'on');
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
}

/** The profile's five activity levels on the wizard's four. */
const ACTIVITY: Record<(typeof PROFILE_ACTIVITY_LEVELS)[number], (typeof WIZARD_ACTIVITY_LEVELS)[number]> = {
  sedentary: 'sedentary',
  'lightly-active': 'moderate',
  'moderately-active': 'moderate',
  'very-active': 'active',
  'extremely-active': 'athletic',
};

/** The first of the wizard's age ranges ("18-24", "50+") that holds `age`, read from the list itself. */
export function ageRangeOf(age: number): string | undefined {
  return AGE_RANGES.find((range) => {
    const open = /^(\d+)\+$/.exec(range);
    if (open) return age >= Number(open[1]);
    const [low, high] = range.split('-').map(Number);
    return low !== undefined && high !== undefined && age >= low && age <= high;
  });
}

export interface WizardDemographics {
  ageRange?: string;
  biologicalSex?: string;
  activityLevel?: string;
}

export function wizardDemographicsFrom(profile: Demographics | undefined): WizardDemographics {
  const out: WizardDemographics = {};
  if (profile?.age !== undefined) out.ageRange = ageRangeOf(profile.age);
  if (profile?.biologicalSex && (BIOLOGICAL_SEXES as readonly string[]).includes(profile.biologicalSex))
    out.biologicalSex = profile.biologicalSex;
  if (profile?.activityLevel) out.activityLevel = ACTIVITY[profile.activityLevel];
  return out;
}
