// Vote buttons while a vote is being sent: still focusable (keyboard users keep their place),
// announced as unavailable, and a second press sends nothing.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { VoteButtons } from '@/components/experience/VoteButtons';

const counts = { helpful: 3, notHelpful: 1, detailed: 0, concerning: 0, total: 4 };

describe('VoteButtons', () => {
  it('sends the vote type pressed, and shows the counts with the member’s vote pressed', async () => {
    const onVote = vi.fn();
    render(<VoteButtons types={['helpful', 'not-helpful']} counts={counts} current="helpful" onVote={onVote} />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByRole('button', { name: 'Helpful (3)' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Not Helpful (1)' }));
    expect(onVote).toHaveBeenCalledWith('not-helpful');
  });

  it('while busy keeps keyboard focus on the pressed button and ignores further presses', async () => {
    const onVote = vi.fn();
    const { rerender } = render(<VoteButtons types={['helpful', 'not-helpful']} counts={counts} onVote={onVote} />, {
      wrapper: MemoryRouter,
    });
    const helpful = screen.getByRole('button', { name: 'Helpful (3)' });
    helpful.focus();
    await userEvent.keyboard('{Enter}');
    expect(onVote).toHaveBeenCalledTimes(1);

    rerender(<VoteButtons types={['helpful', 'not-helpful']} counts={counts} busy onVote={onVote} />);
    expect(helpful).toHaveFocus();
    expect(helpful).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Not Helpful (1)' }));
    expect(onVote).toHaveBeenCalledTimes(1);
  });
});
