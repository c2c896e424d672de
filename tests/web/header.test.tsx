// Header navigation by role (docs/product-rules.md, "Pages and navigation") and the collapsed menu below 768 px.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from './helpers/render-app';
import { backend } from './msw/backend';
import { mockCommunityApi } from './msw/community-handlers';

// The pages the menu opens read experiences and analytics: answer them like the server.
beforeEach(() => {
  mockCommunityApi();
});

const PUBLIC_LINKS = ['Home', 'Peptides', 'Submit Experience', 'Community', 'Explore', 'Privacy'];

function mainNavLinks(container: HTMLElement = document.body) {
  const nav = within(container).getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

async function renderSignedInAs(email: string) {
  backend.seedSession(email);
  const app = renderApp('/privacy');
  await screen.findByRole('heading', { level: 1, name: 'Privacy & Data Control' });
  // Wait for the start-up session check to finish.
  await waitFor(() => expect(backend.callsTo('/api/users/me')).toHaveLength(1));
  return app;
}

describe('header navigation by role', () => {
  it('visitor: public links, Login and Register; no Profile or Research Hub', async () => {
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy & Data Control' });
    expect(mainNavLinks()).toEqual([
      ['Home', '/'],
      ['Peptides', '/peptides'],
      ['Submit Experience', '/submit'],
      ['Community', '/community'],
      ['Explore', '/explore'],
      ['Privacy', '/privacy'],
    ]);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(within(banner).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(backend.callsTo('/api/users/me')).toHaveLength(0);
  });

  it('member: adds Profile, shows the email (to /profile) and Logout; no Research Hub', async () => {
    await renderSignedInAs('member@example.com');
    expect(mainNavLinks().map(([label]) => label)).toEqual([...PUBLIC_LINKS, 'Profile']);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'member@example.com' })).toHaveAttribute('href', '/profile');
    expect(within(banner).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('moderator: adds Profile and Research Hub', async () => {
    await renderSignedInAs('moderator@example.com');
    expect(mainNavLinks()).toEqual([
      ...PUBLIC_LINKS.map((label) => [label, expect.any(String)]),
      ['Profile', '/profile'],
      ['Research Hub', '/research'],
    ]);
  });

  it('marks the current page', async () => {
    renderApp('/community');
    await screen.findByRole('heading', { level: 1, name: 'Community Experiences' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Community' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});

describe('menu button (below 768 px)', () => {
  it('opens a panel with the navigation and account actions, and closes on navigation', async () => {
    const app = renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy & Data Control' });
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('mobile-menu')).toBeNull();

    await app.user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(mainNavLinks(panel!).map(([label]) => label)).toEqual(PUBLIC_LINKS);
    expect(within(panel!).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(panel!).getByRole('group', { name: 'Theme' })).toBeInTheDocument();

    await app.user.click(within(panel!).getByRole('link', { name: 'Explore' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Explorer' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('mobile-menu')).toBeNull();
  });

  it('works from the keyboard; Escape closes it and returns focus to the button', async () => {
    const app = renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy & Data Control' });
    const button = screen.getByRole('button', { name: 'Menu' });
    button.focus();
    await app.user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await app.user.tab();
    expect(within(document.getElementById('mobile-menu')!).getByRole('link', { name: 'Home' })).toHaveFocus();

    await app.user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});
