// The submitter's view of moderation: tracking lookup on /privacy says whether the
// report is published, waiting for review (with the sentence of each hold reason) or hidden by a
// moderator (with the reason's sentence, never the moderator's note); the edit form says that
// saving a held or hidden report sends it back to a moderator.
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnExperience } from '@contract/experiences';
import { HIDE_REASON_TEXT, HOLD_REASON_TEXT } from '@contract/moderation';
import { renderApp } from './helpers/render-app';
import { makeOwnExperience, ownExperienceBody } from './msw/fixtures';
import { server } from './msw/server';

vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 8_000 };
const TRK = 'TRK-11112222333344445555';

let stored: OwnExperience;
beforeEach(() => {
  server.use(http.post('/api/experiences/tracking/lookup', () => HttpResponse.json(ownExperienceBody(stored))));
});

async function lookUp(overrides: Partial<OwnExperience>) {
  // makeOwnExperience builds the public fields only: the moderation fields are added here.
  stored = { ...makeOwnExperience({ trackingId: TRK }), ...overrides };
  const app = renderApp('/privacy');
  await app.user.click(await screen.findByRole('tab', { name: 'Your Data' }, slow));
  await app.user.type(screen.getByLabelText('Tracking ID'), TRK);
  await app.user.click(screen.getByRole('button', { name: 'Look Up' }));
  const heading = await screen.findByRole('heading', { name: 'Your submission' }, slow);
  return { app, result: heading.closest('[aria-labelledby]') as HTMLElement };
}

describe('tracking lookup shows the moderation status', () => {
  it('published', async () => {
    const { result } = await lookUp({ status: 'published' });
    expect(within(result).getByText('Published')).toBeInTheDocument();
    expect(within(result).getByText(/Everyone can read it on the Community page/)).toBeInTheDocument();
    expect(within(result).queryByText(/goes back to a moderator/)).toBeNull();
  });

  it('waiting for review, with the sentence of every hold reason', async () => {
    const { result } = await lookUp({ status: 'held', holdReasons: ['link', 'phone'] });
    expect(within(result).getByText('Waiting for review')).toBeInTheDocument();
    expect(within(result).getByText('It is not public until a moderator publishes it.')).toBeInTheDocument();
    expect(within(result).getByText(HOLD_REASON_TEXT.link)).toBeInTheDocument();
    expect(within(result).getByText(HOLD_REASON_TEXT.phone)).toBeInTheDocument();
    expect(within(result).getByText('If you correct it, it goes back to a moderator for review.')).toBeInTheDocument();
  });

  it("hidden by a moderator, with the moderator's reason", async () => {
    const { result } = await lookUp({
      status: 'hidden',
      hiddenReason: { code: 'dangerous', text: HIDE_REASON_TEXT.dangerous },
    });
    expect(within(result).getByText('Hidden by a moderator')).toBeInTheDocument();
    expect(within(result).getByText(HIDE_REASON_TEXT.dangerous)).toBeInTheDocument();
    expect(within(result).queryByText('Published')).toBeNull();
  });

  it('the edit form of a hidden report says saving sends it back to a moderator', async () => {
    const { app } = await lookUp({ status: 'hidden', hiddenReason: { code: 'spam', text: HIDE_REASON_TEXT.spam } });
    await app.user.click(screen.getByRole('button', { name: 'Update Experience' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Experience' }, slow);
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'Your report is hidden by a moderator. Saving your changes sends it back to a moderator: it stays out of public view until a moderator publishes it.',
    );
  });

  it('the edit form of a published report says which changes make it wait for review', async () => {
    const { app } = await lookUp({ status: 'published' });
    await app.user.click(screen.getByRole('button', { name: 'Update Experience' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Experience' }, slow);
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      /if they add a link, an email address, a phone number or a messenger handle/,
    );
  });
});
