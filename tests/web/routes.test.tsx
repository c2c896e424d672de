// The route table (docs/product-rules.md, "Pages and navigation"): every page, the catch-all, the guards, focus handling.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROUTES, needsSignIn } from '@/app/route-table';
import { renderApp } from './helpers/render-app';
import { backend } from './msw/backend';
import { mockCommunityApi } from './msw/community-handlers';
import { DEFAULT_PEPTIDES, errorBody, makeExperience } from './msw/fixtures';
import { server } from './msw/server';

const PEPTIDE = DEFAULT_PEPTIDES[0]!;
const EXPERIENCE = makeExperience({ peptideName: 'TB-500' });

// Every page may read experiences, analytics or a peptide: answer them all like the server.
beforeEach(() => {
  mockCommunityApi({ experiences: [EXPERIENCE] });
});

const PUBLIC_PAGES: [path: string, heading: string][] = [
  ['/', 'Peptide Community'],
  ['/peptides', 'Peptide Database'],
  [`/peptides/${PEPTIDE._id}`, PEPTIDE.name],
  [`/experiences/${EXPERIENCE._id}`, 'TB-500 experience'],
  ['/submit', 'Share Your Experience'],
  ['/community', 'Community Experiences'],
  ['/explore', 'Data Explorer'],
  ['/privacy', 'Privacy & Data Control'],
  ['/terms', 'Terms of Use'],
  ['/login', 'Welcome back'],
  ['/register', 'Create an account'],
];

describe('routes', () => {
  it.each(PUBLIC_PAGES)('%s shows its page', async (path, heading) => {
    const app = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(app.location()).toBe(path);
  });

  // src/app/route-table.ts is the one list of pages: each entry is a page of the router, not the
  // catch-all's not-found page.
  it.each(ROUTES.map((route) => [route.path, route] as const))('the table route %s is routed', async (_, route) => {
    const path = route.path.replace(':id', '3f1e2d4c-5b6a-4789-8abc-def012345678');
    if (needsSignIn(route)) backend.seedSession('moderator@example.com');
    const app = renderApp(path);
    await screen.findByRole('heading', { level: 1 });
    expect(app.location()).toBe(path);
  });

  it('any other path says there is no page there, keeps the address, and offers ways onward', async () => {
    const app = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(app.location()).toBe('/no/such/page');
    expect(screen.getByText('/no/such/page', { selector: 'code' })).toBeInTheDocument();
    const onward = screen.getByRole('navigation', { name: 'Ways onward' });
    expect(within(onward).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(onward).getByRole('link', { name: 'Community experiences' })).toHaveAttribute('href', '/community');
    await app.user.click(within(onward).getByRole('link', { name: 'Peptide database' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Peptide Database' })).toBeInTheDocument();
  });

  it.each(['/profile', '/research'])('%s sends a visitor to /login', async (path) => {
    const app = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(app.location()).toBe('/login');
  });

  it.each([
    ['/profile', 'Profile Settings'],
    ['/research', 'Research Hub'],
  ])('%s shows a spinner while the session is checked, then the page', async (path, heading) => {
    backend.seedSession('member@example.com');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const original = backend.account('member@example.com');
    server.use(
      http.get('/api/users/me', async () => {
        await released;
        return HttpResponse.json({ success: true, data: { user: original } });
      }),
    );
    const app = renderApp(path);

    expect(await screen.findByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: heading })).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Checking your session' })).not.toBeInTheDocument();
    expect(app.location()).toBe(path);
  });

  it('a protected page goes to /login when the session check fails', async () => {
    backend.seedSession('member@example.com');
    server.use(http.get('/api/users/me', () => HttpResponse.json(errorBody('Account disabled'), { status: 404 })));
    const app = renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(app.location()).toBe('/login');
  });
});

describe('layout', () => {
  it('has a footer with the disclaimer and the Terms and Privacy links', async () => {
    renderApp('/terms');
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer).getByText(
        'Not medical advice. This information is for educational purposes only. Consult a healthcare professional before starting any peptide regimen.',
      ),
    ).toBeInTheDocument();
    const links = within(within(footer).getByRole('navigation', { name: 'Footer' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Terms', '/terms'],
      ['Privacy', '/privacy'],
    ]);
  });

  it('moves focus to the new page heading on navigation, not on first load', async () => {
    const { user } = renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy & Data Control' });
    expect(document.body).toHaveFocus();

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Community' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Community Experiences' });
    await waitFor(() => expect(heading).toHaveFocus());

    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Terms' }));
    const terms = await screen.findByRole('heading', { level: 1, name: 'Terms of Use' });
    await waitFor(() => expect(terms).toHaveFocus());
  });

  it('moves focus to the heading of a page whose code arrives after the navigation, out of the navigation', async () => {
    const { user } = renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy & Data Control' });
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Submit Experience' }),
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Share Your Experience' }, { timeout: 8000 });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('has a skip link that moves focus to the main content', async () => {
    const { user } = renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy & Data Control' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
