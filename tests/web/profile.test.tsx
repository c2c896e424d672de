// /profile: tabs, field rules (the wizard's age ranges, decimal weight and height, empty sent as undefined),
// unit conversion, the digest off by default, the device-only prefill choice, save toasts, and
// the Lookup tab. The Account tab is tests/web/account.test.tsx.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, delay, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UpdateProfileRequest } from '@contract/users';
import { buildProfileRequest, formFromUser, withHeightUnit, withWeightUnit } from '@/features/profile/profile-form';
import { heightText, parseHeight, weightText } from '@/features/profile/units';
import { renderApp } from './helpers/render-app';
import { backend } from './msw/backend';
import { bearerUser } from './msw/handlers';
import { errorBody, makeOwnExperience, makeUser, meBody, ownExperienceBody } from './msw/fixtures';
import { server } from './msw/server';

vi.setConfig({ testTimeout: 20_000 });

let puts: unknown[];

beforeEach(() => {
  puts = [];
  server.use(
    http.put('/api/users/me', async ({ request }) => {
      const user = bearerUser(request);
      if (!user) return HttpResponse.json(errorBody('Invalid or expired access token'), { status: 401 });
      const body = await request.json();
      puts.push(body);
      const parsed = UpdateProfileRequest.safeParse(body);
      if (!parsed.success) return HttpResponse.json(errorBody('invalid profile'), { status: 400 });
      // Like the server: each object sent replaces the stored one.
      Object.assign(user, JSON.parse(JSON.stringify(parsed.data)));
      await delay(50);
      return HttpResponse.json(meBody(user));
    }),
  );
});

async function openProfile() {
  backend.seedSession('member@example.com');
  const app = renderApp('/profile');
  await screen.findByRole('heading', { level: 1, name: 'Profile Settings' }, { timeout: 8000 });
  await screen.findByLabelText('Age range', undefined, { timeout: 5000 });
  return app;
}

describe('profile form rules', () => {
  it('shows kg and cm in the chosen unit: weight to 0.1, height in feet and inches', () => {
    expect(weightText(70, 'lbs')).toBe('154.3');
    expect(weightText(72.574779, 'kg')).toBe('72.6');
    expect(heightText(180, 'ft')).toEqual({ cm: '', feet: '5', inches: '11' });
    expect(heightText(182.88, 'ft')).toEqual({ cm: '', feet: '6', inches: '0' });
    expect(heightText(180.34, 'cm').cm).toBe('180.3');
    expect(parseHeight({ cm: '', feet: '5', inches: '11' }, 'ft')).toBeCloseTo(180.34, 6);
    expect(parseHeight({ cm: '', feet: '5', inches: '12' }, 'ft')).toBeNaN();
    expect(parseHeight({ cm: '', feet: '', inches: '' }, 'ft')).toBeUndefined();
    expect(weightText(undefined, 'lbs')).toBe('');
  });

  it('switching units back and forth never changes the stored value', () => {
    let form = formFromUser(makeUser({ demographics: { height: 180, weight: 70 } }));
    for (let i = 0; i < 5; i++)
      form = withWeightUnit(withHeightUnit(withHeightUnit(withWeightUnit(form, 'lbs'), 'ft'), 'cm'), 'kg');
    expect(form.height.cm).toBe('180');
    expect(form.weight).toBe('70');
    expect(buildProfileRequest(withHeightUnit(withWeightUnit(form, 'lbs'), 'ft')).demographics).toMatchObject({
      height: 180,
      weight: 70,
    });
  });

  it('keeps the weekly digest off unless the member turned it on', () => {
    expect(formFromUser(makeUser()).notifyWeeklyDigest).toBe(false);
    expect(formFromUser(makeUser({ preferences: { notifications: {} } })).notifyWeeklyDigest).toBe(false);
    expect(formFromUser(makeUser({ preferences: { notifications: { weeklyDigest: true } } })).notifyWeeklyDigest).toBe(
      true,
    );
  });
});

describe('profile page', () => {
  it('opens on Demographics with the profile option lists', async () => {
    await openProfile();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Demographics',
      'Preferences',
      'Privacy',
      'Account',
      'Lookup',
    ]);
    expect(screen.getByRole('tab', { name: 'Demographics' })).toHaveAttribute('aria-selected', 'true');
    const values = (label: string) =>
      Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((o) => o.value);
    // The wizard's word and choices; nothing asked without a use.
    expect(values('Biological sex')).toEqual(['', 'male', 'female', 'prefer-not-to-say']);
    expect(screen.queryByLabelText('Gender')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Medical conditions')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Allergies')).not.toBeInTheDocument();
    // The wizard's own choices: one vocabulary for the profile and the report.
    expect(values('Age range')).toEqual(['', '18-24', '25-29', '30-34', '35-39', '40-44', '45-49', '50+']);
    expect(values('Activity level')).toEqual(['', 'sedentary', 'moderate', 'active', 'athletic']);
    expect(values('Weight unit')).toEqual(['kg', 'lbs']);
    expect(values('Height unit')).toEqual(['cm', 'ft']);
  });

  it('saves typed values (age range, decimals, empty as undefined), shows Saving..., and they persist across a reload', async () => {
    const app = await openProfile();
    await app.user.selectOptions(screen.getByLabelText('Age range'), '30-34');
    await app.user.type(screen.getByLabelText('Weight (kg)'), '72.5');
    await app.user.selectOptions(screen.getByLabelText('Biological sex'), 'female');
    await app.user.type(screen.getByLabelText('Fitness goals'), 'strength, , mobility ');
    await app.user.click(screen.getByRole('tab', { name: 'Preferences' }));
    expect(screen.getByLabelText('Weekly digest')).not.toBeChecked();
    // The digest's switch saves at once, with the stored units; the typed fields wait for Save.
    await app.user.click(screen.getByLabelText('Weekly digest'));
    expect(
      await screen.findByText('Saved: the weekly digest is on.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(puts).toEqual([{ preferences: { notifications: { weeklyDigest: true } } }]);
    expect(screen.getByText('You have unsaved changes: Save Profile keeps them.')).toBeInTheDocument();
    puts = [];
    await app.user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(await screen.findByText('Profile updated successfully!', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    expect(puts[0]).toEqual({
      demographics: {
        ageRange: '30-34',
        biologicalSex: 'female',
        weight: 72.5,
        fitnessGoals: ['strength', 'mobility'],
      },
      preferences: { units: { weight: 'kg', height: 'cm' }, notifications: { weeklyDigest: true } },
    });
    // Never anything but demographics and preferences.
    expect(Object.keys(puts[0] as object)).toEqual(['demographics', 'preferences']);

    app.unmount();
    const again = renderApp('/profile');
    expect(await screen.findByLabelText('Age range', undefined, { timeout: 8000 })).toHaveValue('30-34');
    expect(screen.getByLabelText('Weight (kg)')).toHaveValue('72.5');
    expect(screen.getByLabelText('Height (cm)')).toHaveValue('');
    expect(screen.getByLabelText('Biological sex')).toHaveValue('female');
    await again.user.click(screen.getByRole('tab', { name: 'Preferences' }));
    expect(screen.getByLabelText('Weekly digest')).toBeChecked();
  });

  it('180 cm stays exactly 180 cm through imperial and back, and is saved as 180', async () => {
    const app = await openProfile();
    await app.user.type(screen.getByLabelText('Weight (kg)'), '70');
    await app.user.type(screen.getByLabelText('Height (cm)'), '180');
    await app.user.selectOptions(screen.getByLabelText('Weight unit'), 'lbs');
    expect(screen.getByLabelText('Weight (lbs)')).toHaveValue('154.3');
    await app.user.click(screen.getByRole('tab', { name: 'Preferences' }));
    fireEvent.change(screen.getByLabelText('Height unit'), { target: { value: 'ft' } });
    await app.user.click(screen.getByRole('tab', { name: 'Demographics' }));
    expect(screen.getByLabelText('Height (ft and in)')).toHaveValue('5');
    expect(screen.getByLabelText('Height, inches')).toHaveValue('11');
    // Back to metric: the very numbers typed, not 180.1 cm or 70.0 kg.
    await app.user.selectOptions(screen.getByLabelText('Height unit'), 'cm');
    await app.user.selectOptions(screen.getByLabelText('Weight unit'), 'kg');
    expect(screen.getByLabelText('Height (cm)')).toHaveValue('180');
    expect(screen.getByLabelText('Weight (kg)')).toHaveValue('70');
    await app.user.selectOptions(screen.getByLabelText('Height unit'), 'ft');
    await app.user.selectOptions(screen.getByLabelText('Weight unit'), 'lbs');
    await app.user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      demographics: { weight: 70, height: 180 },
      preferences: { units: { weight: 'lbs', height: 'ft' } },
    });
    // Saved and read back: still shown in feet and inches, still 180 cm underneath.
    expect(await screen.findByText('Profile updated successfully!', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Height (ft and in)')).toHaveValue('5');
    expect(screen.getByLabelText('Height, inches')).toHaveValue('11');
    expect(screen.getByLabelText('Weight (lbs)')).toHaveValue('154.3');
  });

  it('feet and inches typed are saved in cm; inches of 12 or more are refused under the field', async () => {
    const app = await openProfile();
    await app.user.selectOptions(screen.getByLabelText('Height unit'), 'ft');
    await app.user.type(screen.getByLabelText('Height (ft and in)'), '6');
    await app.user.type(screen.getByLabelText('Height, inches'), '14');
    await app.user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(screen.getByLabelText('Height (ft and in)')).toHaveAccessibleDescription(
      'Height must be whole feet and inches under 12',
    );
    expect(puts).toHaveLength(0);
    await app.user.clear(screen.getByLabelText('Height, inches'));
    await app.user.type(screen.getByLabelText('Height, inches'), '1');
    await app.user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect((puts[0] as { demographics: { height: number } }).demographics.height).toBeCloseTo(185.42, 6);
  });

  it('offers only the notification that is sent: the weekly digest', async () => {
    const app = await openProfile();
    await app.user.click(screen.getByRole('tab', { name: 'Preferences' }));
    expect(screen.getAllByRole('checkbox').map((c) => c.id)).toEqual(['notifyWeeklyDigest']);
    expect(screen.queryByLabelText('Email notifications')).not.toBeInTheDocument();
    expect(screen.queryByText(/peptides you follow/i)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('New experiences')).not.toBeInTheDocument();
  });

  it('refuses a weight that is not a number in place, without calling the server', async () => {
    const app = await openProfile();
    const age = screen.getByLabelText('Weight (kg)');
    await app.user.type(age, 'seventy');
    // Saved from another tab: the page goes back to Demographics and focuses the field.
    await app.user.click(screen.getByRole('tab', { name: 'Preferences' }));
    await app.user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(screen.getByRole('tab', { name: 'Demographics' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByLabelText('Weight (kg)')).toHaveFocus());
    expect(screen.getByLabelText('Weight (kg)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Weight (kg)')).toHaveAccessibleDescription('Weight must be a positive number of kg');
    expect(puts).toHaveLength(0);
  });

  it('says a weight of -3 is refused as soon as the field is left, before Save', async () => {
    const app = await openProfile();
    const age = screen.getByLabelText('Weight (kg)');
    await app.user.type(age, '-3');
    expect(age).not.toHaveAttribute('aria-invalid');
    await app.user.tab();
    expect(age).toHaveAttribute('aria-invalid', 'true');
    expect(age).toHaveAccessibleDescription('Weight must be a positive number of kg');
    await app.user.clear(age);
    await app.user.type(age, '34');
    expect(age).not.toHaveAttribute('aria-invalid');
    expect(puts).toHaveLength(0);
  });

  it('shows "Failed to update profile" and keeps what was typed', async () => {
    server.use(http.put('/api/users/me', () => HttpResponse.json(errorBody('boom'), { status: 500 })));
    const app = await openProfile();
    await app.user.type(screen.getByLabelText('Fitness goals'), 'mobility');
    await app.user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Failed to update profile', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Fitness goals')).toHaveValue('mobility');
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeEnabled();
  });

  it('the prefill choice is kept on this device at once, never sent to the server', async () => {
    const app = await openProfile();
    await app.user.click(screen.getByRole('tab', { name: 'Privacy' }));
    expect(screen.queryByRole('button', { name: 'Save Profile' })).not.toBeInTheDocument();
    const box = screen.getByLabelText('Prefill the wizard’s demographics from my profile on this device');
    expect(box).not.toBeChecked();
    await app.user.click(box);
    expect(localStorage.getItem('prefillWizardFromProfile')).toBe('on');
    await app.user.click(box);
    expect(localStorage.getItem('prefillWizardFromProfile')).toBeNull();
    expect(puts).toHaveLength(0);
  });

  it('Lookup tab finds a submission and shows its fields', async () => {
    const TRK = 'TRK-11112222333344445555';
    const sent: { url: string; body: unknown }[] = [];
    server.use(
      http.post('/api/experiences/tracking/lookup', async ({ request }) => {
        sent.push({ url: request.url, body: await request.json() });
        return HttpResponse.json(
          ownExperienceBody(makeOwnExperience({ trackingId: TRK, frequency: 'twice-weekly', duration: 42 })),
        );
      }),
    );
    const app = await openProfile();
    await app.user.click(screen.getByRole('tab', { name: 'Lookup' }));
    await app.user.type(screen.getByLabelText('Tracking ID'), ` ${TRK} `);
    await app.user.click(screen.getByRole('button', { name: 'Look Up' }));
    expect(await screen.findByText(TRK)).toBeInTheDocument();
    for (const text of ['BPC-157', '250 mcg', 'Twice Weekly', '42 days', 'Subcutaneous', 'Submitted'])
      expect(screen.getByText(text)).toBeInTheDocument();
    // The ID went in the body, trimmed; neither the request URL nor the page address has it.
    expect(sent.map((s) => s.body)).toContainEqual({ trackingId: TRK });
    for (const { url } of sent) expect(url).not.toContain('TRK-');
    expect(window.location.href).not.toContain('TRK-');
  });
});
