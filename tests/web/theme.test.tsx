// Theme (docs/design.md, "Dark mode"): default system, live OS changes, one storage key, no flash.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './helpers/render-app';
import { mockColorScheme } from './helpers/match-media';

const html = document.documentElement;

async function renderThemed() {
  const app = renderApp('/privacy');
  await screen.findByRole('heading', { level: 1, name: 'Privacy & Data Control' });
  const group = within(screen.getByRole('banner')).getAllByRole('group', { name: 'Theme' })[0];
  return { ...app, option: (name: string) => within(group).getByRole('button', { name }) };
}

describe('theme', () => {
  it('defaults to system, which follows a light OS, and saves nothing until a choice', async () => {
    mockColorScheme(false);
    const { option } = await renderThemed();
    expect(option('System theme')).toHaveAttribute('aria-pressed', 'true');
    expect(option('Dark theme')).toHaveAttribute('aria-pressed', 'false');
    expect(html).not.toHaveClass('dark');
    expect(html.style.colorScheme).toBe('light');
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('system follows a dark OS, and OS changes while open', async () => {
    const os = mockColorScheme(true);
    await renderThemed();
    expect(html).toHaveClass('dark');

    act(() => os.setDark(false));
    expect(html).not.toHaveClass('dark');
    act(() => os.setDark(true));
    expect(html).toHaveClass('dark');
  });

  it('a choice applies at once, is saved under "theme", and outlasts OS changes', async () => {
    const os = mockColorScheme(false);
    const { user, option } = await renderThemed();

    await user.click(option('Dark theme'));
    expect(html).toHaveClass('dark');
    expect(html.style.colorScheme).toBe('dark');
    expect(option('Dark theme')).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('theme')).toBe('dark');

    act(() => os.setDark(false));
    expect(html).toHaveClass('dark');

    await user.click(option('Light theme'));
    expect(html).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');

    await user.click(option('System theme'));
    expect(localStorage.getItem('theme')).toBe('system');
    act(() => os.setDark(true));
    expect(html).toHaveClass('dark');
  });

  it('a saved choice wins over the OS on the next visit', async () => {
    mockColorScheme(true);
    localStorage.setItem('theme', 'light');
    const { option } = await renderThemed();
    expect(option('Light theme')).toHaveAttribute('aria-pressed', 'true');
    expect(html).not.toHaveClass('dark');
  });

  it('works without matchMedia (treated as a light OS)', async () => {
    await renderThemed();
    expect(html).not.toHaveClass('dark');
  });
});

describe('public/theme-init.js (runs before first paint)', () => {
  const script = readFileSync(resolve(import.meta.dirname, '../../public/theme-init.js'), 'utf8');
  const run = () => new Function(script)();

  it.each([
    ['dark', false, true],
    ['light', true, false],
    ['system', true, true],
    [null, true, true],
    [null, false, false],
    ['purple', true, true],
  ])('saved %s with a dark OS = %s gives dark = %s', (saved, osDark, dark) => {
    mockColorScheme(osDark);
    if (saved) localStorage.setItem('theme', saved);
    run();
    expect(html.classList.contains('dark')).toBe(dark);
    expect(html.style.colorScheme).toBe(dark ? 'dark' : 'light');
  });

  it('is loaded by index.html as a plain blocking script in <head>, before the app', () => {
    const index = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8');
    const head = index.slice(index.indexOf('<head>'), index.indexOf('</head>'));
    expect(head).toMatch(/<script src="\/theme-init\.js"><\/script>/);
  });
});
