// /submit leftovers: optional sourcing fields are validated in place (red
// message under the field, field outlined, nothing sent until fixed) and the wizard works against the
// default MSW handlers (catalogue, effects, submission) with no per-test setup.
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { choosePeptide } from './helpers/peptide-picker';
import { renderApp } from './helpers/render-app';
import { backend } from './msw/backend';
import { DEFAULT_PEPTIDES } from './msw/fixtures';

const STORY = 'My honest report on this peptide, with dates and doses written down as I went. '.repeat(2);
const BPC = DEFAULT_PEPTIDES[0];

beforeEach(() => sessionStorage.clear());
// Four steps of real typing take a few seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

async function toStep4() {
  const app = renderApp('/submit');
  const { user } = app;
  await choosePeptide(user, BPC.name);
  await user.type(screen.getByLabelText('Dose'), '250');
  await user.selectOptions(screen.getByLabelText('Frequency'), 'daily');
  await user.type(screen.getByLabelText('Duration (days)'), '28');
  await user.selectOptions(screen.getByLabelText('Route of administration'), 'subcutaneous');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('checkbox', { name: 'Recovery' }));
  await user.selectOptions(screen.getByLabelText('Age range'), '30-34');
  await user.selectOptions(screen.getByLabelText('Biological sex'), 'female');
  await user.selectOptions(screen.getByLabelText('Activity level'), 'moderate');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  // One effect rated; the others stay "Not rated" and are not sent.
  fireEvent.change(screen.getByRole('slider', { name: 'Recovery' }), { target: { value: '7' } });
  await user.selectOptions(screen.getByLabelText('When did you notice effects?'), '1-week');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Step 4 of 4');
  // Pasted, not typed key by key: the test is about sourcing, and typing 160 characters is slow.
  await user.click(screen.getByLabelText('Your story'));
  await user.paste(STORY);
  return app;
}

const submitButton = () => screen.getByRole('button', { name: 'Submit Experience' });

describe('sourcing validation', () => {
  it('marks an invalid vendor URL under the field, and Submit focuses it and sends nothing until it is fixed', async () => {
    const { user } = await toStep4();
    const url = screen.getByLabelText('Vendor URL');
    await user.type(url, 'not a web address');
    // No error while typing: only once the field is left.
    expect(url).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription('Vendor URL must be a web address (http or https)');
    expect(screen.getByText('Vendor URL must be a web address (http or https)')).toHaveClass('text-destructive-text');
    await user.click(submitButton());
    expect(url).toHaveFocus();
    expect(backend.callsTo('/api/experiences', 'POST')).toHaveLength(0);
    await user.clear(url);
    await user.type(url, 'https://vendor.example/bpc');
    expect(url).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/must be a web address/)).not.toBeInTheDocument();
  });

  it('refuses purity outside 0-100 and a volume that is not a positive number up to the contract limit', async () => {
    const { user } = await toStep4();
    const purity = screen.getByLabelText('Purity (%)');
    const volume = screen.getByLabelText('Volume (ml)');
    await user.type(purity, '101');
    await user.type(volume, '0');
    await user.tab();
    expect(purity).toHaveAccessibleDescription('Purity must be between 0 and 100');
    expect(volume).toHaveAccessibleDescription('Volume must be positive');
    await user.clear(volume);
    await user.type(volume, '-2');
    expect(volume).toHaveAccessibleDescription('Volume must be a number of ml, like 2.5');
    await user.clear(volume);
    await user.type(volume, '1001');
    expect(volume).toHaveAccessibleDescription('Volume must be at most 1000');
    await user.click(submitButton());
    expect(purity).toHaveFocus();
    expect(backend.callsTo('/api/experiences', 'POST')).toHaveLength(0);
    await user.clear(purity);
    await user.type(purity, '100');
    await user.clear(volume);
    await user.type(volume, '2.5');
    expect(purity).not.toHaveAttribute('aria-invalid');
    expect(volume).not.toHaveAttribute('aria-invalid');
    await user.click(submitButton());
    expect(await screen.findByTestId('tracking-id')).toHaveTextContent(/^TRK-\d{20}$/);
    const [call] = backend.callsTo('/api/experiences', 'POST');
    expect((call.body as { sourcing: unknown }).sourcing).toEqual({ purityPercentage: 100, volumeMl: 2.5 });
  });

  it('sends the submission anonymously through the default handlers and shows the confirmation', async () => {
    const { user } = await toStep4();
    await user.click(submitButton());
    const confirmation = await screen.findByRole('heading', { name: 'Thank you for sharing!' });
    const card = confirmation.closest('div')!.parentElement!;
    expect(within(card).getByTestId('tracking-id')).toBeInTheDocument();
    const [call] = backend.callsTo('/api/experiences', 'POST');
    expect(call.authorization).toBeNull();
    expect(call.body).toMatchObject({ peptideId: BPC._id, duration: 28, outcomes: { Recovery: 7 } });
  });
});
