// "Prefill the wizard's demographics from my profile" (docs/product-rules.md, "Your account"):
// a choice kept on this device only (localStorage), never on the server. When it is on and the
// member is signed in, the wizard fills its empty age range, biological sex and activity level
// from the profile, in the fields the person sees and can change; nothing else from the profile
// goes with a report, and the report itself is still sent without the sign-in token.
import type { Demographics } from '@contract/users';
import { BIOLOGICAL_SEXES } from '@contract/vocabulary';

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

export interface WizardDemographics {
  ageRange?: string;
  biologicalSex?: string;
  activityLevel?: string;
}

export function wizardDemographicsFrom(profile: Demographics | undefined): WizardDemographics {
  const out: WizardDemographics = {};
  // The profile keeps the wizard's own age ranges and activity levels (contract/users.ts Demographics).
  if (profile?.ageRange) out.ageRange = profile.ageRange;
  if (profile?.biologicalSex && (BIOLOGICAL_SEXES as readonly string[]).includes(profile.biologicalSex))
    out.biologicalSex = profile.biologicalSex;
  if (profile?.activityLevel) out.activityLevel = profile.activityLevel;
  return out;
}
