// Toasts (docs/design.md, "Components"): one at a time, about 5 seconds, "Error" and "Success" titles.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ToastOptions, ToastProvider, useToast } from '@/app/toast/ToastProvider';

function Trigger({ label, options }: { label: string; options: ToastOptions }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast(options)}>
      {label}
    </button>
  );
}

function renderToasts(advanceTimers?: (ms: number) => unknown) {
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : undefined);
  render(
    <ToastProvider>
      <Trigger
        label="first"
        options={{ variant: 'success', title: 'Vote Recorded', description: 'Your helpful vote has been recorded.' }}
      />
      <Trigger label="second" options={{ variant: 'destructive', description: 'Failed to load peptides' }} />
      <Trigger label="third" options={{ variant: 'success', description: 'Logged in successfully' }} />
    </ToastProvider>,
  );
  return user;
}

describe('toasts', () => {
  it('shows one at a time: a new toast replaces the previous one', async () => {
    const user = renderToasts();
    await user.click(screen.getByRole('button', { name: 'first' }));
    expect(await screen.findByText('Your helpful vote has been recorded.')).toBeInTheDocument();
    expect(screen.getByText('Vote Recorded')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'second' }));
    expect(await screen.findByText('Failed to load peptides')).toBeInTheDocument();
    expect(screen.queryByText('Your helpful vote has been recorded.')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Close notification' })).toHaveLength(1);
  });

  it('titles errors "Error" and successes "Success" unless given a title', async () => {
    const user = renderToasts();
    await user.click(screen.getByRole('button', { name: 'second' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'third' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(screen.getByText('Logged in successfully')).toBeInTheDocument();
  });

  it('dismisses itself after about 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = renderToasts(vi.advanceTimersByTime);
    await user.click(screen.getByRole('button', { name: 'first' }));
    expect(await screen.findByText('Vote Recorded')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(4500));
    expect(screen.getByText('Vote Recorded')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(700));
    expect(screen.queryByText('Vote Recorded')).not.toBeInTheDocument();
  });

  it('can be closed by hand', async () => {
    const user = renderToasts();
    await user.click(screen.getByRole('button', { name: 'second' }));
    await user.click(await screen.findByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(screen.queryByText('Failed to load peptides')).not.toBeInTheDocument());
  });
});
