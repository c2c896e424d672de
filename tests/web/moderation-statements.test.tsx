// Terms, Privacy and the Research Hub's Guidelines describe moderation as the server does it
// (docs/product-rules.md "Moderation"), with the thresholds taken from contract/moderation.ts,
// and no longer make the old promises ("moderators may remove content", "read flagged reports
// first" of a flag that did not exist, moderators seeing only the public fields).
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONCERNING_HOLD_THRESHOLD, FLAG_HOLD_THRESHOLD } from '@contract/moderation';
import { GuidelinesTab } from '@/features/research/GuidelinesTab';
import { renderApp } from './helpers/render-app';

vi.setConfig({ testTimeout: 20_000 });

const pageText = () => (document.body.textContent ?? '').replace(/\s+/g, ' ');

describe('moderation statements', () => {
  it('Terms: statuses, automatic holds, the thresholds, what moderators can do, the log, what the submitter sees', async () => {
    renderApp('/terms');
    await screen.findByRole('heading', { level: 2, name: 'Moderation' }, { timeout: 8000 });
    const text = pageText();
    expect(text).toContain('Every report is published, waiting for review (held) or hidden.');
    expect(text).toContain(
      'unless its text contains a link, an email address, a phone number or a messenger handle, or repeats a report published today or yesterday',
    );
    expect(text).toContain('every new or corrected report waits for a moderator');
    expect(text).toContain(
      `When ${FLAG_HOLD_THRESHOLD} members have flagged it, or ${CONCERNING_HOLD_THRESHOLD} members have voted it “Concerning”, it is held`,
    );
    expect(text).toContain('Nothing deletes the log, not even deleting the report.');
    expect(text).toContain('correcting a held or hidden report sends it back to a moderator');
    expect(text).not.toContain('Moderators may remove content');
  });

  it('Privacy: what moderators see, the flaggers, the log kept after deletion', async () => {
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy & Data Control' }, { timeout: 8000 });
    const text = pageText();
    expect(text).toContain(
      'including the age range, sex, activity level and sourcing details that are not public, but never its tracking ID',
    );
    expect(text).toContain('the person who shared the experience never learns who flagged it');
    expect(text).toContain('The moderation log is kept for good, even after a report is deleted');
    expect(text).not.toContain('Moderators see the same fields of a report as everyone else');
  });

  it('Guidelines: the queue, the thresholds, publish / hide / restore, the log, what the submitter sees', () => {
    render(<GuidelinesTab />);
    expect(screen.getByRole('heading', { name: 'Reviewing reports' })).toBeInTheDocument();
    const text = pageText();
    // The thresholds, as the hold reasons they make (each reason's line; the danger hold among them).
    expect(text).toContain(
      `Flagged by members: ${FLAG_HOLD_THRESHOLD} members flagged it while published (FLAG_HOLD_THRESHOLD); it is held at once.`,
    );
    expect(text).toContain(
      `Marked concerning by members: ${CONCERNING_HOLD_THRESHOLD} members voted it “concerning” (CONCERNING_HOLD_THRESHOLD); it is held at once.`,
    );
    expect(text).toContain('May be dangerous advice: a phrase with no harmless reading');
    expect(text).toContain('never your note or your name');
    expect(text).toContain('Nothing deletes it');
    expect(text).not.toContain('Read flagged reports first');
  });
});
