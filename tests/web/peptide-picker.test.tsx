// The peptide picker while the server's answer for newer text is on its way
// (src/components/peptide-picker, contract/rules.ts): the earlier list is narrowed to what
// the text matches; unless that is already the whole new answer the list is busy and a pointer's
// press is ignored (the status line says so), so an answer arriving under the pointer never turns
// a press into another peptide; Enter chooses the highlighted peptide, which the answer cannot swap.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { peptideMatchesSearch } from '@contract/rules';
import { usePeptideSearch } from '@/api/peptides';
import { PeptidePicker, type PeptideOption } from '@/components/peptide-picker/PeptidePicker';
import { makePeptide, peptideListBody } from './msw/fixtures';
import { server } from './msw/server';

const AOD: PeptideOption = {
  _id: 'p-aod',
  name: 'AOD-9604',
  category: 'Weight Management',
  description: 'A fragment of growth hormone.',
};
const BPC: PeptideOption = {
  _id: 'p-bpc',
  name: 'BPC-157',
  category: 'Healing & Recovery',
  description: 'Body protection compound.',
};
const KPV: PeptideOption = {
  _id: 'p-kpv',
  name: 'KPV',
  category: 'Healing & Recovery',
  description: 'Often stacked with bpc-157 for the gut.',
};
const TB: PeptideOption = {
  _id: 'p-tb',
  name: 'TB-500',
  category: 'Healing & Recovery',
  description: 'Thymosin beta-4 fragment.',
};
const EARLIER = [AOD, BPC, KPV, TB];
/** A match the earlier page did not reach, sorted before BPC-157. */
const ABPC: PeptideOption = {
  _id: 'p-abpc',
  name: 'ABPC-9',
  category: 'Healing & Recovery',
  description: 'An analogue.',
};

function picker(props: {
  query: string;
  answering: string;
  options?: PeptideOption[];
  total: number;
  loading: boolean;
}) {
  const onSelect = vi.fn();
  const ui = ({ query, ...search }: typeof props) => (
    <PeptidePicker
      id="peptide"
      selected={null}
      onSelect={onSelect}
      query={query}
      onQueryChange={() => {}}
      search={{ options: EARLIER, ...search }}
    />
  );
  const view = render(ui(props));
  return { onSelect, rerender: (next: typeof props) => view.rerender(ui(next)), unmount: view.unmount };
}

/** Each option's name (its first part). */
const listed = () => screen.getAllByRole('option').map((o) => o.querySelector('span')?.textContent);
const busy = () => screen.getByRole('listbox').getAttribute('aria-busy') === 'true';

describe('PeptidePicker while a newer search is on its way', () => {
  it('narrows a complete earlier list to name or description matches, which a press chooses at once', async () => {
    const user = userEvent.setup();
    const { onSelect } = picker({ query: 'bpc', answering: '', total: 4, loading: true });
    await user.click(screen.getByRole('combobox'));
    expect(listed()).toEqual(['BPC-157', 'KPV']);
    expect(busy()).toBe(false);
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    await user.click(screen.getByRole('option', { name: /^BPC-157/ }));
    expect(onSelect).toHaveBeenCalledWith(BPC);
  });

  it('shows an incomplete earlier list narrowed and busy, ignoring a pointer until the answer comes', async () => {
    const user = userEvent.setup();
    const { onSelect, rerender } = picker({ query: 'bpc', answering: '', total: 40, loading: true });
    await user.click(screen.getByRole('combobox'));
    expect(listed()).toEqual(['BPC-157', 'KPV']);
    expect(busy()).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    await user.click(screen.getByRole('option', { name: /^BPC-157/ }));
    expect(onSelect).not.toHaveBeenCalled();
    // Said where a screen reader hears it, not only shown by the dimmed list.
    expect(screen.getByRole('status')).toHaveTextContent(
      'Still searching: nothing was chosen. Choose the peptide again once the list is ready.',
    );
    // The answer lists a peptide the earlier page did not reach, where BPC-157 was.
    rerender({ query: 'bpc', answering: 'bpc', options: [ABPC, BPC, KPV], total: 3, loading: false });
    expect(listed()).toEqual(['ABPC-9', 'BPC-157', 'KPV']);
    expect(busy()).toBe(false);
    expect(screen.getByRole('status')).toHaveTextContent('3 peptides match.');
    await user.click(screen.getByRole('option', { name: /^ABPC-9/ }));
    expect(onSelect).toHaveBeenCalledWith(ABPC);
  });

  it('Enter chooses the highlighted peptide at once, and an answer arriving after the highlight does not swap it', async () => {
    const user = userEvent.setup();
    const first = picker({ query: 'bpc', answering: '', total: 40, loading: true });
    await user.click(screen.getByRole('combobox'));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(first.onSelect).toHaveBeenCalledWith(BPC);
    first.unmount();

    const second = picker({ query: 'bpc', answering: '', total: 40, loading: true });
    await user.click(screen.getByRole('combobox'));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('combobox')).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: /^KPV/ }).id,
    );
    second.rerender({ query: 'bpc', answering: 'bpc', options: [ABPC, BPC, KPV], total: 3, loading: false });
    await user.keyboard('{Enter}');
    expect(second.onSelect).toHaveBeenCalledWith(KPV);
  });

  it('keeps a list busy for shorter text, which can match peptides the earlier answer lacks', async () => {
    const user = userEvent.setup();
    // A character deleted: "bpc" also matches KPV (by its description), missing from the answer to "bpc-157".
    const { onSelect } = picker({ query: 'bpc', answering: 'bpc-157', options: [BPC], total: 1, loading: true });
    await user.click(screen.getByRole('combobox'));
    expect(listed()).toEqual(['BPC-157']);
    expect(busy()).toBe(true);
    await user.click(screen.getByRole('option', { name: /^BPC-157/ }));
    expect(onSelect).not.toHaveBeenCalled();
  });
});

describe('usePeptideSearch', () => {
  it('says which text the listed peptides answer while a newer one is searched', async () => {
    let release = () => {};
    let asked = false;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/peptides', async ({ request }) => {
        const search = new URL(request.url).searchParams.get('search') ?? '';
        if (search === 'bpc') {
          asked = true;
          await held;
        }
        const all = [
          makePeptide({ name: 'BPC-157', description: 'Body protection compound.' }),
          makePeptide({ name: 'TB-500', description: 'Thymosin.' }),
        ];
        const found = all.filter((p) => peptideMatchesSearch(p, search));
        return HttpResponse.json(peptideListBody(found));
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result, rerender } = renderHook(({ text }) => usePeptideSearch(text), {
      wrapper,
      initialProps: { text: '' },
    });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toMatchObject({ answering: '', total: 2 });
    rerender({ text: 'bpc' });
    // Typed, then searched a moment later: the list is still the answer to "".
    expect(result.current).toMatchObject({ answering: '', total: 2, loading: true });
    await waitFor(() => expect(asked).toBe(true));
    expect(result.current).toMatchObject({ answering: '', total: 2, loading: true });
    act(() => release());
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toMatchObject({ answering: 'bpc', total: 1 });
    expect(result.current.options.map((p) => p.name)).toEqual(['BPC-157']);
  });
});
