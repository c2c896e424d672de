// /privacy states the anonymity rules exactly, with the numbers and wording taken from the
// contract where it has them (contract/rules.ts K_ANONYMITY and DEMOGRAPHICS_NOT_SHOWN), and no
// longer claims what the product cannot back.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { DEMOGRAPHICS_NOT_SHOWN, K_ANONYMITY } from '@contract/rules';
import { YourAccount } from '@/features/privacy/sections/YourAccount';
import { renderApp } from './helpers/render-app';

vi.setConfig({ testTimeout: 20_000 });

/** The page's text with whitespace collapsed, so sentences split over JSX lines still match. */
const pageText = () => (document.body.textContent ?? '').replace(/\s+/g, ' ');

describe('privacy statements', () => {
  it('states the time, disclosure and sourcing rules on Overview', async () => {
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy & Data Control' }, { timeout: 8000 });
    const text = pageText();
    expect(text).toContain('A report’s time is kept and published to the day, never the hour.');
    expect(text).toContain(
      `Your age range, biological sex and activity level are shown only where at least ${K_ANONYMITY} published reports of the same peptide share all three; otherwise a report shows “${DEMOGRAPHICS_NOT_SHOWN}”.`,
    );
    // Publication in batches and settled disclosure (docs/product-rules.md).
    expect(text).toContain(`Only reports public for a week count toward the ${K_ANONYMITY}`);
    expect(text).toContain('Nothing you do changes a public page at the moment you do it.');
    expect(text).not.toMatch(/statistics at once|removes the row, its votes and members’ reports about it at once/);
    expect(text).toContain('Hidden for privacy');
    expect(text).toContain('The research export never shows more than the public pages, and its counts by age range and sex carry a little random noise.');
    expect(text).toContain(
      'Sourcing details (the vendor’s web address host, batch ID and volume) appear on the public card only when you tick “Publish sourcing details”.',
    );
    expect(text).toContain('Purity and the full vendor address are never published.');
    // Claims it cannot back: the old export rule ("leave out any group of fewer than 5") and
    // the public card showing sourcing whenever it was given.
    expect(text).not.toMatch(/leave out any group|batch ID and volume if you gave them/);
  });

  it('says the tracking ID travels only in request bodies, and what logs keep', async () => {
    const { user } = renderApp('/privacy');
    await user.click(await screen.findByRole('tab', { name: 'Technical Details' }, { timeout: 8000 }));
    const text = pageText();
    expect(text).toContain('The tracking ID travels only in request bodies, never in a web address');
    expect(text).toContain('the route pattern (such as /api/experiences/:id)');
    // What the data folder keeps, as tests/server/publication-attacks.test.ts finds it.
    expect(text).toContain('the text of a deleted or corrected report can stay in the unused space of the database’s files until new reports are written over it');
  });
});

describe('Your Account tab', () => {
  it('says what an account keeps, for how long, and how to download or delete it', () => {
    render(
      <MemoryRouter>
        <YourAccount />
      </MemoryRouter>,
    );
    for (const text of [
      /password as a salted scrypt hash/,
      /Your votes: which report and which kind of vote/,
      /Medical conditions and allergies: no longer asked, and the answers stored before were deleted/,
      /kept until you delete your account/,
      /sign-ins end after 30 days unused, reset links after an hour/,
      /The link that confirms your address when you sign up: only its hash, for 24 hours or until used/,
      /An account whose address was not confirmed within 7 days of signing up is deleted with everything it holds/,
      /read “a former moderator”/,
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Profile, Account' })).toHaveAttribute('href', '/profile?tab=account');
  });
});
