// /submit step 1's dose (src/features/submit/dose/): an amount and a unit, mL with the solution's
// strength; the nine frequencies in order; the check against what is usual for the peptide (never
// a block); the vial helper, which runs on the device and leaves nothing in the payload or the
// draft but the dose it writes; older drafts with a text dosage.
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SubmitExperienceRequest } from '@contract/experiences';
import { FREQUENCIES, optionLabel } from '@contract/vocabulary';
import { choosePeptide } from './helpers/peptide-picker';
import { renderApp } from './helpers/render-app';
import { catalogueBody, makePeptide, submitBody } from './msw/fixtures';
import { server } from './msw/server';

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 8_000 };
const DRAFT_KEY = 'submitExperienceDraft-2';
const BPC = makePeptide({ _id: '11111111-1111-4111-8111-111111111121', name: 'BPC-157', commonEffects: ['Energy'] });
const STORY = 'A careful report of a month of use, with what changed each week and what did not change. '.repeat(2);

let sent: Record<string, unknown>[] = [];
beforeEach(() => {
  sessionStorage.clear();
  sent = [];
  server.use(
    http.get('/api/peptides/catalogue', () =>
      HttpResponse.json(catalogueBody([BPC], { [BPC._id]: { lowMcg: 200, highMcg: 500 } })),
    ),
    http.post('/api/experiences', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json(submitBody(SubmitExperienceRequest.parse(body)), { status: 201 });
    }),
  );
});

async function open() {
  const app = renderApp('/submit');
  await screen.findByRole('combobox', { name: 'Peptide' }, slow);
  return app;
}
type App = Awaited<ReturnType<typeof open>>;
const next = () => screen.getByRole('button', { name: 'Next' });

async function fillRestOfStep1(app: App) {
  await app.user.selectOptions(screen.getByLabelText('Frequency'), 'every-3-4-days');
  await app.user.type(screen.getByLabelText('Duration (days)'), '30');
  await app.user.selectOptions(screen.getByLabelText('Route of administration'), 'subcutaneous');
}
async function sendFromStep2(app: App) {
  await app.user.click(screen.getByRole('checkbox', { name: 'Recovery' }));
  await app.user.selectOptions(screen.getByLabelText('Age range'), '30-34');
  await app.user.selectOptions(screen.getByLabelText('Biological sex'), 'female');
  await app.user.selectOptions(screen.getByLabelText('Activity level'), 'active');
  await app.user.click(next());
  fireEvent.change(await screen.findByRole('slider', { name: 'Energy' }), { target: { value: '7' } });
  await app.user.selectOptions(screen.getByLabelText('When did you notice effects?'), '1-week');
  await app.user.click(next());
  await app.user.click(await screen.findByLabelText('Your story'));
  await app.user.paste(STORY);
  await app.user.click(screen.getByRole('button', { name: 'Submit Experience' }));
  await screen.findByTestId('tracking-id', undefined, slow);
}

describe('the dose', () => {
  it('offers all nine frequencies in their order, with their labels', async () => {
    await open();
    const options = within(screen.getByLabelText('Frequency')).getAllByRole('option').slice(1);
    expect(options.map((o) => o.getAttribute('value'))).toEqual([...FREQUENCIES]);
    expect(options.map((o) => o.textContent)).toEqual(FREQUENCIES.map(optionLabel));
    expect(options.map((o) => o.textContent)).toContain('5 Days On / 2 Off');
  });

  it('in mL asks the strength, says what is missing under the field, and sends dose and its text', async () => {
    const app = await open();
    await choosePeptide(app.user, BPC.name);
    expect(screen.queryByLabelText('Strength of the solution')).toBeNull();
    await app.user.type(screen.getByLabelText('Dose'), '0.1');
    await app.user.selectOptions(screen.getByLabelText('Unit'), 'mL');
    await fillRestOfStep1(app);
    await app.user.click(next());
    const strength = screen.getByLabelText('Strength of the solution');
    expect(strength).toHaveFocus();
    expect(strength).toHaveAccessibleDescription('Enter what one mL of the solution holds, like 2.5');
    await app.user.type(strength, '2,5');
    await app.user.click(next());
    expect(strength).toHaveAccessibleDescription('Strength must be a number, like 2.5');
    await app.user.clear(strength);
    await app.user.type(strength, '2.5');
    expect(screen.getByLabelText('Strength unit')).toHaveValue('mg');
    await app.user.click(next());
    await screen.findByText('Step 2 of 4');
    await sendFromStep2(app);
    expect(sent[0]).toMatchObject({
      dosage: '0.1 mL of 2.5 mg/mL',
      dose: { amount: 0.1, unit: 'mL', strength: { amount: 2.5, unit: 'mg' } },
      frequency: 'every-3-4-days',
    });
  });

  it('asks "Did you mean mcg?" of 250 mg of a peptide usually taken at 200-500 mcg, and never blocks', async () => {
    const app = await open();
    await choosePeptide(app.user, BPC.name);
    await app.user.type(screen.getByLabelText('Dose'), '250');
    await app.user.tab();
    // A usual dose asks nothing.
    expect(screen.queryByTestId('dose-check')).toBeNull();
    await app.user.selectOptions(screen.getByLabelText('Unit'), 'mg');
    const check = screen.getByTestId('dose-check');
    expect(check).toHaveTextContent('Did you mean mcg?');
    expect(check).toHaveTextContent('Usual: 200-500 mcg per dose');
    await app.user.click(within(check).getByRole('button', { name: 'Switch to mcg' }));
    expect(screen.getByLabelText('Unit')).toHaveValue('mcg');
    expect(screen.getByLabelText('Dose')).toHaveValue('250');
    expect(screen.queryByTestId('dose-check')).toBeNull();
    // Far from usual in either unit: the usual range only.
    await app.user.clear(screen.getByLabelText('Dose'));
    await app.user.type(screen.getByLabelText('Dose'), '90000');
    await app.user.tab();
    expect(screen.getByTestId('dose-check')).toHaveTextContent(
      'This is far from the usual 200-500 mcg per dose. Check the amount and unit.',
    );
    // Next still goes on.
    await fillRestOfStep1(app);
    await app.user.click(next());
    expect(await screen.findByText('Step 2 of 4')).toBeInTheDocument();
  });

  it('works a dose out from the vial on the device and writes it into the dose; nothing of the vial is sent or kept', async () => {
    const app = await open();
    await choosePeptide(app.user, BPC.name);
    const disclosure = screen.getByRole('button', { name: 'Work it out from your vial' });
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    disclosure.focus();
    await app.user.keyboard('{Enter}');
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    await app.user.type(screen.getByLabelText('Vial amount (mg)'), '5');
    await app.user.type(screen.getByLabelText('Water added (mL)'), '2');
    await app.user.type(screen.getByLabelText('Amount drawn'), '10');
    expect(screen.getByLabelText('Drawn in')).toHaveValue('units');
    expect(screen.getByText('5 mg in 2 mL is 2500 mcg per mL; 10 units is 0.1 mL, so 250 mcg.')).toBeInTheDocument();
    await app.user.selectOptions(screen.getByLabelText('Unit'), 'mg');
    await app.user.click(screen.getByRole('button', { name: 'Use 250 mcg' }));
    expect(screen.getByLabelText('Dose')).toHaveValue('250');
    expect(screen.getByLabelText('Unit')).toHaveValue('mcg');
    const draft = sessionStorage.getItem(DRAFT_KEY) ?? '';
    expect(JSON.parse(draft).form.dose).toEqual({ amount: '250', unit: 'mcg', strengthAmount: '', strengthUnit: 'mg' });
    expect(draft).not.toMatch(/vial|water|drawn|2500/i);
    await fillRestOfStep1(app);
    await app.user.click(next());
    await screen.findByText('Step 2 of 4');
    await sendFromStep2(app);
    expect(sent[0]).toMatchObject({ dosage: '250 mcg', dose: { amount: 250, unit: 'mcg' } });
    expect(JSON.stringify(sent[0])).not.toMatch(/vial|water|drawn|2500/i);
  });
});

describe('an older draft with a text dosage', () => {
  const saved = (dosage: unknown) =>
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ step: 1, form: { peptideId: BPC._id, dosage } }));

  it('is read where unambiguous', async () => {
    saved('0.5mg');
    await open();
    expect(screen.getByLabelText('Dose')).toHaveValue('0.5');
    expect(screen.getByLabelText('Unit')).toHaveValue('mg');
  });

  it('starts the amount empty when the text cannot be read, or is not text at all', async () => {
    saved('a little, twice');
    const app = await open();
    expect(screen.getByLabelText('Dose')).toHaveValue('');
    expect(screen.getByLabelText('Unit')).toHaveValue('mcg');
    app.unmount();
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ step: 1, form: { dose: 'broken', dosage: 7 } }));
    await open();
    expect(screen.getByLabelText('Dose')).toHaveValue('');
  });
});
