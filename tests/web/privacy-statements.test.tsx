// /privacy states the anonymity rules exactly, with the numbers taken from the contract where it
// has them (contract/rules.ts SHARES_MIN_REPORTS, SHARE_STEP_PERCENT, SHARES_RECOMPUTE_CHANGES),
// and no longer claims what the product cannot back.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SHARES_MIN_REPORTS, SHARES_RECOMPUTE_CHANGES, SHARE_STEP_PERCENT } from '@contract/rules';
import { YourAccount } from '@/features/privacy/sections/YourAccount';
import { renderApp } from './helpers/render-app';

vi.setConfig({ testTimeout: 20_000 });

/** The page's text with whitespace collapsed, so sentences split over JSX lines still match. */
const pageText = () => (document.body.textContent ?? '').replace(/\s+/g, ' ');

describe('privacy statements', () => {
  it('states the time, demographics and sourcing rules on Overview', async () => {
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy & Data Control' }, { timeout: 8000 });
    // The schedule's paragraph follows the server's publication settings, once they arrive.
    await screen.findByText(/Nothing you do changes a public page/, {}, { timeout: 8000 });
    const text = pageText();
    expect(text).toContain('A report’s time is kept and published to the day, never the hour.');
    // Demographics only in aggregate (docs/product-rules.md, "Anonymity").
    expect(text).toContain(
      'Your age range, biological sex and activity level are never shown with your report, on any page or in any export.',
    );
    expect(text).toContain(
      `Each peptide’s page shows only the shares of its reports by age range, by sex and by activity level, each on its own and never combined, once at least ${SHARES_MIN_REPORTS} reports have been public for a week`,
    );
    expect(text).toContain(`rounded to steps of ${SHARE_STEP_PERCENT}% and with a little random noise`);
    expect(text).toContain(
      `only once at least ${SHARES_RECOMPUTE_CHANGES} of the reports they count have changed, so comparing them before and after your report counts says little about your answers`,
    );
    expect(text).toContain('The moderators’ research export has the same shares and nothing more.');
    expect(text).toContain('Nothing you do changes a public page at the moment you do it.');
    expect(text).not.toMatch(/statistics at once|removes the row, its votes and members’ reports about it at once/);
    // The per-report rule it replaced, and the export's counts by age range and sex, are gone.
    expect(text).not.toMatch(/Hidden for privacy|shown only where at least|counts by age range and sex/);
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
    expect(text).toContain(
      'the text of a deleted or corrected report can stay in the unused space of the database’s files until new reports are written over it',
    );
    // What a backup keeps, as tests/server/backup-attacks.test.ts finds it; the data folder apart.
    expect(text).toContain(
      'A backup made with the server’s backup command holds only the live data, and no request counts.',
    );
    expect(text).toContain(
      'in a random order, not the order they arrived in, and keeps the time of a report or of a change to it no finer than the minute',
    );
    expect(text).toContain('they still hold the waiting reports and changes in the order they arrived');
    expect(text).toContain('never in the database or a backup');
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
