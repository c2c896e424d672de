// /submit step 3: side effects apart from the rated benefits. The peptide's known side effects are
// boxes to tick, others are typed, each needs a severity before Next, and the POST carries them in
// sideEffects, never among the rated outcomes. A side effect typed as a benefit is refused.
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EffectsResponse, SubmitExperienceRequest, SubmitExperienceResponse } from '@contract/experiences';
import { choosePeptide } from './helpers/peptide-picker';
import { renderApp } from './helpers/render-app';
import { catalogueBody, errorBody, makePeptide } from './msw/fixtures';
import { server } from './msw/server';

const BPC = makePeptide({
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'BPC-157',
  commonEffects: ['Recovery'],
  sideEffects: ['Nausea', 'Injection site redness'],
});
const STORY = 'A report about side effects and benefits apart, written with care and enough detail to pass. '.repeat(2);
const SEVERITY_REQUIRED = 'Choose how bad it was: mild, moderate or severe';

vi.setConfig({ testTimeout: 25_000 });

let sent: SubmitExperienceRequest[] = [];
beforeEach(() => {
  sessionStorage.clear();
  sent = [];
  server.use(
    http.get('/api/peptides/catalogue', () => HttpResponse.json(catalogueBody([BPC]))),
    http.get('/api/effects', () =>
      HttpResponse.json(
        EffectsResponse.parse({
          success: true,
          data: {
            effects: [
              { _id: '30000000-0000-4000-8000-000000000001', name: 'Better sleep', type: 'positive' },
              { _id: '30000000-0000-4000-8000-000000000002', name: 'Dry mouth', type: 'side' },
            ],
            total: 2,
          },
        }),
      ),
    ),
    http.post('/api/experiences', async ({ request }) => {
      const body = (await request.json()) as SubmitExperienceRequest;
      sent.push(body);
      const parsed = SubmitExperienceRequest.safeParse(body);
      if (!parsed.success) return HttpResponse.json(errorBody(parsed.error.issues[0]!.message), { status: 400 });
      return HttpResponse.json(
        SubmitExperienceResponse.parse({
          success: true,
          data: {
            status: 'published',
            holdReasons: [],
            trackingId: 'TRK-12345678901234567890',
            experience: { _id: '22222222-2222-4222-8222-222222222222' },
          },
        }),
        { status: 201 },
      );
    }),
  );
});

async function toStep3() {
  const app = renderApp('/submit');
  await screen.findByRole('combobox', { name: 'Peptide' }, { timeout: 8000 });
  await choosePeptide(app.user, BPC.name);
  await app.user.type(screen.getByLabelText('Dose'), '250');
  await app.user.selectOptions(screen.getByLabelText('Frequency'), 'daily');
  await app.user.type(screen.getByLabelText('Duration (days)'), '30');
  await app.user.selectOptions(screen.getByLabelText('Route of administration'), 'subcutaneous');
  await app.user.click(screen.getByRole('button', { name: 'Next' }));
  await app.user.click(screen.getByRole('checkbox', { name: 'Recovery' }));
  await app.user.selectOptions(screen.getByLabelText('Age range'), '30-34');
  await app.user.selectOptions(screen.getByLabelText('Biological sex'), 'female');
  await app.user.selectOptions(screen.getByLabelText('Activity level'), 'active');
  await app.user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Step 3 of 4');
  return app;
}

const sideEffects = () => screen.getByRole('group', { name: 'Side effects' });

describe('step 3 side effects', () => {
  it('rates benefits, lists side effects with severities, and sends them apart', async () => {
    const app = await toStep3();
    expect(screen.getByRole('group', { name: 'Benefits (1-10)' })).toBeInTheDocument();
    const group = sideEffects();
    // None is the default: nothing ticked, and the help says what that means.
    expect(group).toHaveAccessibleDescription(/Nothing ticked means you had no side effects/);
    const nausea = within(group).getByRole('checkbox', { name: 'Nausea' });
    expect(nausea).not.toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Injection site redness' })).not.toBeChecked();
    expect(screen.queryByLabelText('Severity of Nausea')).toBeNull();

    await app.user.click(nausea);
    const nauseaSeverity = screen.getByLabelText('Severity of Nausea');
    expect(nauseaSeverity).toHaveValue('');
    // A typed one, added with Enter.
    const name = screen.getByLabelText('Add a side effect');
    await app.user.type(name, 'Brain fog{Enter}');
    expect(name).toHaveValue('');
    expect(screen.getByLabelText('Severity of Brain fog')).toHaveValue('');
    // The same name twice, whatever the case, is refused.
    await app.user.type(name, 'brain FOG{Enter}');
    expect(name).toHaveAccessibleDescription('Brain fog is on the list already');
    await app.user.clear(name);
    // A benefit rated above is not a side effect too.
    await app.user.type(name, 'recovery{Enter}');
    expect(name).toHaveAccessibleDescription('Recovery is rated above as a benefit');
    await app.user.clear(name);

    fireEvent.change(screen.getByRole('slider', { name: 'Recovery' }), { target: { value: '7' } });
    await app.user.selectOptions(screen.getByLabelText('When did you notice effects?'), '1-week');
    // Next with no severity: refused, the message under each, the first focused.
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
    expect(nauseaSeverity).toHaveFocus();
    expect(nauseaSeverity).toHaveAttribute('aria-invalid', 'true');
    expect(nauseaSeverity).toHaveAccessibleDescription(SEVERITY_REQUIRED);
    expect(screen.getByLabelText('Severity of Brain fog')).toHaveAccessibleDescription(SEVERITY_REQUIRED);

    await app.user.selectOptions(nauseaSeverity, 'severe');
    expect(nauseaSeverity).not.toHaveAttribute('aria-invalid');
    await app.user.selectOptions(screen.getByLabelText('Severity of Brain fog'), 'mild');
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Step 4 of 4');
    // The preview card shows them as every card does, apart from the benefits.
    const card = screen.getByTestId('public-card-preview');
    expect(within(card).getByRole('heading', { name: 'Side effects' }).nextElementSibling).toHaveTextContent(
      /^Nausea \(severe\), Brain fog \(mild\)$/,
    );
    expect(within(card).getByText('Overall 7.0/10')).toBeInTheDocument();
    await app.user.click(screen.getByLabelText('Your story'));
    await app.user.paste(STORY);
    await app.user.click(screen.getByRole('button', { name: 'Submit Experience' }));
    await screen.findByTestId('tracking-id', {}, { timeout: 8000 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.outcomes).toEqual({ Recovery: 7 });
    expect(sent[0]!.sideEffects).toEqual([
      { name: 'Nausea', severity: 'severe' },
      { name: 'Brain fog', severity: 'mild' },
    ]);
  });

  it('refuses a side effect in the add-benefit box, and sends none when nothing is ticked', async () => {
    const app = await toStep3();
    const benefit = screen.getByLabelText('Add an effect to rate');
    await app.user.type(benefit, 'Headache{Enter}');
    expect(benefit).toHaveAccessibleDescription('Headache is a side effect: add it under Side effects');
    expect(screen.queryByRole('slider', { name: 'Headache' })).toBeNull();
    await app.user.clear(benefit);
    // The vocabulary's side effects count too, and are suggested under Side effects, not as benefits.
    await app.user.type(benefit, 'dry mouth');
    await app.user.click(screen.getByRole('button', { name: 'Add effect' }));
    expect(benefit).toHaveAccessibleDescription('dry mouth is a side effect: add it under Side effects');
    await app.user.clear(benefit);
    const benefitSuggestions = [...document.querySelectorAll('#effect-suggestions option')].map((o) =>
      o.getAttribute('value'),
    );
    expect(benefitSuggestions).toEqual(['Better sleep']);
    const sideSuggestions = [...document.querySelectorAll('#side-effect-suggestions option')].map((o) =>
      o.getAttribute('value'),
    );
    expect(sideSuggestions).toEqual(['Dry mouth']);

    fireEvent.change(screen.getByRole('slider', { name: 'Recovery' }), { target: { value: '6' } });
    await app.user.selectOptions(screen.getByLabelText('When did you notice effects?'), '1-week');
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Step 4 of 4');
    expect(within(screen.getByTestId('public-card-preview')).queryByText('Side effects')).toBeNull();
    await app.user.click(screen.getByLabelText('Your story'));
    await app.user.paste(STORY);
    await app.user.click(screen.getByRole('button', { name: 'Submit Experience' }));
    await screen.findByTestId('tracking-id', {}, { timeout: 8000 });
    expect(sent[0]!.sideEffects).toEqual([]);
    expect(sent[0]!.outcomes).toEqual({ Recovery: 6 });
  });

  it('keeps a typed side effect in the draft and Next asks about it; unticking removes one', async () => {
    const app = await toStep3();
    fireEvent.change(screen.getByRole('slider', { name: 'Recovery' }), { target: { value: '6' } });
    await app.user.selectOptions(screen.getByLabelText('When did you notice effects?'), '1-week');
    await app.user.click(within(sideEffects()).getByRole('checkbox', { name: 'Injection site redness' }));
    await app.user.click(within(sideEffects()).getByRole('checkbox', { name: 'Injection site redness' }));
    expect(screen.queryByLabelText('Severity of Injection site redness')).toBeNull();
    const name = screen.getByLabelText('Add a side effect');
    await app.user.type(name, 'Itchy skin');
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(name).toHaveValue('Itchy skin');
    expect(name).toHaveAccessibleDescription('Press “Add side effect” to list what you typed, or clear the box.');
    // A known one typed ticks its box, spelled as the peptide lists it.
    await app.user.clear(name);
    await app.user.type(name, 'NAUSEA');
    await app.user.click(screen.getByRole('button', { name: 'Add side effect' }));
    expect(within(sideEffects()).getByRole('checkbox', { name: 'Nausea' })).toBeChecked();
    await app.user.selectOptions(screen.getByLabelText('Severity of Nausea'), 'moderate');
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 4 of 4')).toBeInTheDocument();
  });
});
