// The Submit wizard's first three steps as a person fills them in, for the browser tests that
// need a report written through the page (contribute, publication, wizard). Each answer can be
// changed; the defaults make a valid report.
import type { Locator, Page } from 'playwright-core';
import { readDoseText } from '../../contract/doses';
import { choosePeptide } from './browser';

export interface WizardAnswers {
  dosage?: string;
  frequency?: string;
  duration?: string;
  route?: string;
  ageRange?: string;
  biologicalSex?: string;
  activityLevel?: string;
}

const DEFAULTS: Required<WizardAnswers> = {
  dosage: '250 mcg',
  frequency: 'daily',
  duration: '42',
  route: 'subcutaneous',
  ageRange: '30-34',
  biologicalSex: 'female',
  activityLevel: 'active',
};

/** Opens /submit and fills step 1 (what was used), without pressing Next. */
export async function fillUsageStep(page: Page, peptideName: string, answers: WizardAnswers = {}): Promise<void> {
  const a = { ...DEFAULTS, ...answers };
  await page.goto('/submit');
  await page.getByText('Step 1 of 4').waitFor();
  await choosePeptide(page, peptideName);
  await fillDose(page, a.dosage);
  await page.getByLabel('Frequency').selectOption(a.frequency);
  await page.getByLabel('Duration (days)').fill(a.duration);
  await page.getByLabel('Route of administration').selectOption(a.route);
}

/** From step 1: Next, step 2 (purpose and demographics), Next; ends on step 3. */
export async function fillAboutYouStep(page: Page, answers: WizardAnswers = {}): Promise<void> {
  const a = { ...DEFAULTS, ...answers };
  await page.getByRole('button', { name: 'Next' }).click();
  // Failed once in a clean-clone run (27 November: step 1 stayed). The likely cause, a peptide
  // clicked while the picker's list re-rendered, is fixed in choosePeptide (browser.ts); should
  // it fail again, the failure says what step 1 showed.
  await page
    .getByText('Step 2 of 4')
    .waitFor()
    .catch(async (error: unknown) => {
      const shown = await page.evaluate(() => ({
        inert: Boolean(document.querySelector('#root [inert]')),
        step: document.querySelector('main')?.textContent?.match(/Step \d of 4/)?.[0] ?? null,
        messages: [...document.querySelectorAll('[role="alert"], [id$="-error"]')]
          .map((e) => e.textContent?.trim())
          .filter(Boolean),
        invalid: [...document.querySelectorAll('[aria-invalid="true"]')].map((e) => e.id || e.getAttribute('name')),
        fields: [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('main input, main select')]
          .map((e) => `${e.id}=${e.value}`)
          .slice(0, 8),
        focused: document.activeElement?.id || document.activeElement?.tagName,
      }));
      throw new Error(`Next did not reach step 2: ${JSON.stringify(shown)}`, { cause: error });
    });
  await page.getByRole('checkbox', { name: 'Recovery' }).check();
  await page.getByLabel('Age range').selectOption(a.ageRange);
  await page.getByLabel('Biological sex').selectOption(a.biologicalSex);
  await page.getByLabel('Activity level').selectOption(a.activityLevel);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 3 of 4').waitFor();
}

/** On step 3: rates the first outcome 7 (every slider starts "Not rated"; a report needs one), then Next to step 4. */
export async function fillOutcomesStep(page: Page, { rate = true }: { rate?: boolean } = {}): Promise<void> {
  if (rate) await page.getByRole('slider').first().fill('7');
  await page.getByLabel('When did you notice effects?').selectOption('1-week');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 4 of 4').waitFor();
}

/** Steps 1 to 3 with `answers`; ends on step 4, the story. */
export async function fillWizardToStory(page: Page, peptideName: string, answers: WizardAnswers = {}): Promise<void> {
  await fillUsageStep(page, peptideName, answers);
  await fillAboutYouStep(page, answers);
  await fillOutcomesStep(page);
}

/**
 * Fills the dose fields (amount, unit, and for mL the strength) from dose text such as "250 mcg"
 * or "0.1 mL of 2.5 mg/mL", as a person would type and choose them (contract/doses.ts readDoseText).
 */
export async function fillDose(scope: Page | Locator, text: string): Promise<void> {
  const dose = readDoseText(text);
  if (!dose) throw new Error(`not a dose: ${text}`);
  await scope.getByLabel('Dose', { exact: true }).fill(String(dose.amount));
  await scope.getByLabel('Unit', { exact: true }).selectOption(dose.unit);
  if (dose.strength) {
    await scope.getByLabel('Strength of the solution', { exact: true }).fill(String(dose.strength.amount));
    await scope.getByLabel('Strength unit', { exact: true }).selectOption(dose.strength.unit);
  }
}
