// Login and Register screens: exact strings, flows, toasts, storage.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, delay, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONFIRM_LINK_HOURS, SIGN_IN_FAILED_MESSAGE, UNCONFIRMED_ACCOUNT_DAYS } from '@contract/users';
import { TOAST_DURATION_MS } from '@/app/toast/toast-model';
import { renderApp } from './helpers/render-app';
import { PASSWORD, backend } from './msw/backend';
import { mockCommunityApi } from './msw/community-handlers';
import { server } from './msw/server';

// Signing in lands on Home, which reads analytics, peptides and experiences: answer them, so an
// unanswered read's Error toast cannot replace the success toast under test.
beforeEach(() => {
  mockCommunityApi();
});

const form = () => document.querySelector('form')!;

function stored() {
  return [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken'), localStorage.getItem('userData')];
}

async function openLogin() {
  const app = renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
  const fill = async (email: string, password: string) => {
    await app.user.type(screen.getByLabelText('Email'), email);
    await app.user.type(screen.getByLabelText('Password'), password);
    await app.user.click(screen.getByRole('button', { name: 'Sign In' }));
  };
  return { ...app, fill };
}

async function openRegister() {
  const app = renderApp('/register');
  await screen.findByRole('heading', { level: 1, name: 'Create an account' });
  const fill = async (email: string, password: string) => {
    await app.user.type(screen.getByLabelText('Email'), email);
    await app.user.type(screen.getByLabelText('Password'), password);
    await app.user.click(screen.getByRole('button', { name: 'Create Account' }));
  };
  return { ...app, fill };
}

describe('Login', () => {
  it('shows its texts', async () => {
    await openLogin();
    expect(screen.getByText('Enter your credentials to continue')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: "Don't have an account? Sign up" })).toHaveAttribute('href', '/register');
  });

  it('signs in: Loading... while busy, then the Success toast, home, the session stored and the email in the header', async () => {
    server.use(
      http.post('/api/users/login', async () => {
        await delay(50);
        // Fall through to the default handler after the pause.
      }),
    );
    const app = await openLogin();
    await app.fill('member@example.com', PASSWORD);

    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Peptide Community' })).toBeInTheDocument();
    expect(app.location()).toBe('/');
    const [accessToken, refreshToken, userData] = stored();
    expect(accessToken).toMatch(/^access-/);
    expect(refreshToken).toMatch(/^refresh-/);
    expect(JSON.parse(userData ?? '{}')).toMatchObject({ email: 'member@example.com', role: 'user' });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'member@example.com' })).toBeInTheDocument();
    expect(backend.callsTo('/api/users/login').map((c) => c.body)).toEqual([
      { email: 'member@example.com', password: PASSWORD },
    ]);
  });

  it("a pending account: the server's approval message as a calm notice in the form, no Error toast, nothing stored, values kept", async () => {
    const app = await openLogin();
    await app.fill('pending@example.com', PASSWORD);

    const notice = await within(form()).findByRole('status');
    expect(notice).toHaveTextContent('Your account is awaiting moderator approval');
    expect(within(form()).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(screen.getAllByText('Your account is awaiting moderator approval')).toHaveLength(1);
    expect(app.location()).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByLabelText('Email')).toHaveValue('pending@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue(PASSWORD);
    expect(stored()).toEqual([null, null, null]);
  });

  it('wrong password: the server error stays in the form, with the email kept', { timeout: 20_000 }, async () => {
    const app = await openLogin();
    await app.fill('member@example.com', 'not-the-password');
    const alert = await within(form()).findByRole('alert');
    expect(alert).toHaveTextContent(SIGN_IN_FAILED_MESSAGE);
    expect(form()).toHaveAccessibleDescription(SIGN_IN_FAILED_MESSAGE);
    expect(screen.getByLabelText('Email')).toHaveValue('member@example.com');
    expect(stored()).toEqual([null, null, null]);
    // Still there once the toast has gone (it closes itself after a few seconds).
    await waitFor(() => expect(screen.getAllByText(SIGN_IN_FAILED_MESSAGE)).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByText(SIGN_IN_FAILED_MESSAGE)).toHaveLength(1), {
      timeout: TOAST_DURATION_MS + 3000,
    });
    expect(within(form()).getByRole('alert')).toHaveTextContent(SIGN_IN_FAILED_MESSAGE);
    // The next attempt clears it; success leaves the page.
    await app.user.clear(screen.getByLabelText('Password'));
    await app.user.type(screen.getByLabelText('Password'), PASSWORD);
    await app.user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Peptide Community' })).toBeInTheDocument();
  });

  it('links to the forgotten-password page', async () => {
    const app = await openLogin();
    await app.user.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(app.location()).toBe('/forgot-password');
  });

  it('a malformed answer: the invalid-response message, nothing stored', async () => {
    server.use(
      http.post('/api/users/login', () => HttpResponse.json({ success: true, data: { accessToken: 'only-this' } })),
    );
    const app = await openLogin();
    await app.fill('member@example.com', PASSWORD);
    expect(await screen.findByText('Invalid login response - missing required data')).toBeInTheDocument();
    expect(stored()).toEqual([null, null, null]);
  });
});

describe('Register', () => {
  it('shows its texts', async () => {
    await openRegister();
    expect(screen.getByText('Enter your details to get started')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('placeholder', 'Choose a password');
    expect(screen.getByRole('button', { name: 'Create Account' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: 'Already have an account? Sign in' })).toHaveAttribute('href', '/login');
  });

  it('registers: a page says to confirm the address with the mailed link, what happens next and what to do without a mail; nothing stored', async () => {
    const app = await openRegister();
    await app.fill('new@example.com', PASSWORD);

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(app.location()).toBe('/registered');
    expect(screen.getByText(/^We sent an email to/).closest('[role=status]')).toHaveTextContent(
      `We sent an email to new@example.com. Open the link in it within ${CONFIRM_LINK_HOURS} hours to confirm the address.`,
    );
    const steps = within(screen.getByRole('heading', { name: 'What happens next' }).parentElement!).getAllByRole(
      'listitem',
    );
    expect(steps.map((li) => li.textContent)).toEqual([
      'Open the link in the email and press “Confirm my email address”.',
      'A moderator looks at your registration.',
      'We send an email to new@example.com when they have decided: approved, or not approved.',
      'Once approved, sign in with the email and password you chose, to vote, flag reports and add peptides.',
    ]);
    expect(screen.getByRole('heading', { name: 'No email?' }).nextElementSibling).toHaveTextContent(
      `not confirmed within ${UNCONFIRMED_ACCOUNT_DAYS} days is forgotten`,
    );
    expect(screen.getByRole('link', { name: 'Signing up again' })).toHaveAttribute('href', '/register');
    // No fading toast carries the news.
    expect(screen.queryByText('Account created successfully')).not.toBeInTheDocument();
    expect(stored()).toEqual([null, null, null]);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(backend.account('new@example.com').status).toBe('pending');
  });

  it('a refused password: the server message once, as a sentence under the field (no toast repeating it), values kept, still on /register', async () => {
    const app = await openRegister();
    await app.fill('member@example.com', 'member-secret-99');

    expect(
      await screen.findByText(/^Password must not contain the part of your email before the @/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Error')).toBeNull();
    expect(screen.getAllByText(/must not contain the part of your email before the @/i)).toHaveLength(1);
    expect(app.location()).toBe('/register');
    expect(screen.getByLabelText('Email')).toHaveValue('member@example.com');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('a refusal naming a field: the message under that field, the cursor in it, values kept', async () => {
    const app = await openRegister();
    await app.fill('member@example.com', 'member-secret-99');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(/^Password must not contain the part of your email before the @/);
    expect(screen.getByLabelText('Email')).toHaveValue('member@example.com');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('a refusal naming no field: the message in the form', async () => {
    server.use(
      http.post('/api/users/register', () =>
        HttpResponse.json(
          { success: false, error: 'Too many requests. Please try again in 5 minutes.' },
          { status: 429 },
        ),
      ),
    );
    const app = await openRegister();
    await app.fill('new@example.com', PASSWORD);
    expect(await within(form()).findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again in 5 minutes.',
    );
  });

  it("a proxy's page in place of an answer: the server cannot be reached, said the app's one way", async () => {
    server.use(http.post('/api/users/register', () => new HttpResponse('upstream down', { status: 502 })));
    const app = await openRegister();
    await app.fill('new@example.com', PASSWORD);
    expect(await within(form()).findByRole('alert')).toHaveTextContent(
      'Cannot reach the server. Check your connection, then try again.',
    );
  });
});
