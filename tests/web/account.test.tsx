// A member's own account in the web app: confirm a sign-up's address and forgot and reset a
// password (the token from the address's fragment, sent only in a body, on a button press), the Account tab (change password with errors under
// their fields, sign out everywhere, download the data, delete with the password), and the
// wizard prefilled from the profile only when this device was told to.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESET_LINK_INVALID_MESSAGE, RESET_REQUESTED_MESSAGE } from '@contract/account';
import { renderApp } from './helpers/render-app';
import { PASSWORD, backend } from './msw/backend';
import { CONFIRM_LINK_INVALID_MESSAGE, EMAIL_CONFIRMED_MESSAGE, UNCONFIRMED_ACCOUNT_DAYS } from '@contract/users';
import { HttpResponse, http } from 'msw';
import { CONFIRM_TOKEN, RESET_TOKEN } from './msw/account-handlers';
import { server } from './msw/server';
import { mockCommunityApi } from './msw/community-handlers';
import { makeUser } from './msw/fixtures';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

async function openAccountTab(email = 'member@example.com') {
  backend.seedSession(email);
  const app = renderApp('/profile?tab=account');
  await screen.findByRole('heading', { name: 'Change password' }, { timeout: 8000 });
  return app;
}

describe('confirm a sign-up’s address', () => {
  const open = (token: string | null) => {
    window.history.replaceState(null, '', token === null ? '/confirm-email' : `/confirm-email#token=${token}`);
    return renderApp('/confirm-email');
  };

  it('opening the link changes nothing; the button confirms, sending the token in the body only, and says what happens next', async () => {
    const app = open(CONFIRM_TOKEN);
    await screen.findByRole('heading', { level: 1, name: 'Confirm your email address' });
    expect(screen.getByText(/Opening the link alone changes nothing/)).toBeInTheDocument();
    expect(
      screen.getByText(
        `Did not sign up? Close this page: nothing happens, and the account is deleted after ${UNCONFIRMED_ACCOUNT_DAYS} days.`,
      ),
    ).toBeInTheDocument();
    expect(backend.callsTo('/api/auth/confirm-email')).toHaveLength(0);

    // By keyboard: Tab to the button, Enter presses it.
    const button = screen.getByRole('button', { name: 'Confirm my email address' });
    button.focus();
    await app.user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your address is confirmed' })).toBeInTheDocument();
    const notice = screen.getByText(EMAIL_CONFIRMED_MESSAGE).closest('[role=status]');
    expect(notice).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Confirm my email address' })).not.toBeInTheDocument();
    // The answer holds the focus the button had.
    expect(notice!.closest('[tabindex="-1"]')).toHaveFocus();
    const calls = backend.callsTo('/api/auth/confirm-email');
    expect(calls.map((c) => c.body)).toEqual([{ token: CONFIRM_TOKEN }]);
    expect(calls[0]!.authorization).toBeNull();
  });

  it('a used or expired link: the server’s sentence, and a way to sign up again', async () => {
    const app = open('an-old-or-used-token');
    await app.user.click(await screen.findByRole('button', { name: 'Confirm my email address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CONFIRM_LINK_INVALID_MESSAGE);
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: 'Confirm my email address' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeInTheDocument();
  });

  it('a failure that is not the link (the server away) keeps the button to try again, and the second try works', async () => {
    server.use(
      http.post(
        '/api/auth/confirm-email',
        () =>
          HttpResponse.json(
            { success: false, error: 'The service is busy. Please try again shortly.' },
            { status: 503, headers: { 'retry-after': '5' } },
          ),
        { once: true },
      ),
    );
    const app = open(CONFIRM_TOKEN);
    await app.user.click(await screen.findByRole('button', { name: 'Confirm my email address' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Confirm my email address' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your address is confirmed' })).toBeInTheDocument();
  });

  it('without a token it says the link is incomplete, sends nothing, and offers to sign up again', async () => {
    open(null);
    expect(await screen.findByText(/This page needs the link from the email, in full/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/register');
    expect(within(screen.getByRole('main')).queryByRole('button')).toBeNull();
    expect(backend.callsTo('/api/auth/confirm-email')).toHaveLength(0);
  });
});

describe('forgot and reset', () => {
  it('forgot: says the same sentence the server says for any email', async () => {
    const app = renderApp('/forgot-password');
    await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' });
    await app.user.type(screen.getByLabelText('Email'), 'anyone@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText(RESET_REQUESTED_MESSAGE)).toBeInTheDocument();
    expect(backend.callsTo('/api/auth/forgot-password').map((c) => c.body)).toEqual([{ email: 'anyone@example.com' }]);
  });

  it('reset: reads the token from the fragment, sends it in the body only, then the sign-in page says what happened; a second use is refused', async () => {
    window.history.replaceState(null, '', `/reset-password#token=${RESET_TOKEN}`);
    const app = renderApp('/reset-password');
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await app.user.type(screen.getByLabelText('New password'), 'a-brand-new-passphrase');
    await app.user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(within(document.querySelector('form')!).getByRole('status')).toHaveTextContent(
      'Your password has been changed and every device was signed out.',
    );
    const [call] = backend.callsTo('/api/auth/reset-password');
    expect(call!.body).toEqual({ token: RESET_TOKEN, password: 'a-brand-new-passphrase' });
    app.unmount();

    const again = renderApp('/reset-password');
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await again.user.type(screen.getByLabelText('New password'), 'another-new-passphrase');
    await again.user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_LINK_INVALID_MESSAGE);
    expect(screen.getByLabelText('New password')).toHaveValue('another-new-passphrase');
  });

  it('reset without a token says the link is incomplete and offers a new one', async () => {
    renderApp('/reset-password');
    expect(await screen.findByText(/This page needs the link from the email, in full/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('the Account tab', () => {
  it('change password: a wrong current password is said under its field; success clears the form', async () => {
    const app = await openAccountTab();
    await app.user.type(screen.getByLabelText('Current password'), 'not-my-password');
    await app.user.type(screen.getByLabelText('New password'), 'a-brand-new-passphrase');
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        'This is not your current password',
      ),
    );
    expect(screen.getByLabelText('Current password')).toHaveFocus();
    expect(screen.getByLabelText('New password')).toHaveValue('a-brand-new-passphrase');

    await app.user.clear(screen.getByLabelText('Current password'));
    await app.user.type(screen.getByLabelText('Current password'), PASSWORD);
    await app.user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Your password has been changed. Every other device was signed out.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    // Still signed in here.
    expect(localStorage.getItem('accessToken')).toBeTruthy();
  });

  it('sign out everywhere: the server ends them all, this device forgets its session and the sign-in page says so', async () => {
    const app = await openAccountTab();
    await app.user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByText('You have been signed out on every device, this one included.')).toBeInTheDocument();
    expect([
      localStorage.getItem('accessToken'),
      localStorage.getItem('refreshToken'),
      localStorage.getItem('userData'),
    ]).toEqual([null, null, null]);
    expect(backend.callsTo('/api/users/me/sessions/end')).toHaveLength(1);
  });

  it('download my data: the export as a JSON file named without the email', async () => {
    let blob: Blob | undefined;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => ((blob = b), 'blob:account'),
        revokeObjectURL: () => undefined,
      }),
    );
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    try {
      const app = await openAccountTab();
      await app.user.click(screen.getByRole('button', { name: 'Download my data' }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(clicked[0]!.download).toBe('peptide-community-account.json');
      const data = JSON.parse(await blob!.text());
      expect(data.account.email).toBe('member@example.com');
      expect(data.votes).toEqual([expect.objectContaining({ voteType: 'helpful' })]);
    } finally {
      click.mockRestore();
    }
  });

  it('delete: the password is asked in a dialog; a wrong one is said there; the right one deletes and signs out', async () => {
    mockCommunityApi();
    const app = await openAccountTab();
    await app.user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await app.user.type(within(dialog).getByLabelText('Password'), 'wrong-password');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This is not your password.');
    expect(backend.accounts.has('member@example.com')).toBe(true);

    await app.user.clear(within(dialog).getByLabelText('Password'));
    await app.user.type(within(dialog).getByLabelText('Password'), PASSWORD);
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(
      await screen.findByText('Your account has been deleted. Reports you shared stay, anonymous as before.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(backend.accounts.has('member@example.com')).toBe(false);
  });
});

describe('the wizard and the profile', () => {
  const DRAFT = { step: 2, form: { peptideId: '11111111-1111-4111-8111-111111111111' } };

  async function openWizardStep2(prefill: boolean) {
    backend.addAccount(
      makeUser({
        email: 'profiled@example.com',
        demographics: { ageRange: '30-34', biologicalSex: 'female', activityLevel: 'active' },
      }),
    );
    backend.seedSession('profiled@example.com');
    if (prefill) localStorage.setItem('prefillWizardFromProfile', 'on');
    sessionStorage.setItem('submitExperienceDraft-2', JSON.stringify(DRAFT));
    renderApp('/submit');
    return screen.findByLabelText('Age range', undefined, { timeout: 8000 });
  }

  it('fills the empty demographics from the profile when this device says so, and says it did', async () => {
    await openWizardStep2(true);
    await waitFor(() => expect(screen.getByLabelText('Age range')).toHaveValue('30-34'));
    expect(screen.getByLabelText('Biological sex')).toHaveValue('female');
    expect(screen.getByLabelText('Activity level')).toHaveValue('active');
    expect(screen.getByText(/were filled in from your profile, as you chose on this device/)).toBeInTheDocument();
  });

  it('leaves them empty otherwise, and never asks for the profile', async () => {
    await openWizardStep2(false);
    expect(screen.getByLabelText('Age range')).toHaveValue('');
    expect(screen.getByLabelText('Biological sex')).toHaveValue('');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Age range')).toHaveValue('');
    // Only the session check at start asked who is signed in.
    expect(backend.callsTo('/api/users/me').length).toBeLessThanOrEqual(1);
  });
});
