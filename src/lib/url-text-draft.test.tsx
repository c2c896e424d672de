import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUrlTextDraft } from './url-state';

/** The box as a screen uses it: `value` is what the URL says, `commit` writes the URL. */
function box(initial = '') {
  const commit = vi.fn<(text: string) => void>();
  const hook = renderHook(({ value }) => useUrlTextDraft(value, commit), { initialProps: { value: initial } });
  const type = (text: string) => act(() => hook.result.current[1](text));
  const urlShows = (value: string) => hook.rerender({ value });
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  return { commit, type, urlShows, wait, draft: () => hook.result.current[0] };
}

describe('a search box bound to the URL', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps a letter typed while its own commit was on the way to the URL', () => {
    const b = box();
    b.type('zz');
    b.wait(300);
    expect(b.commit).toHaveBeenLastCalledWith('zz');
    b.type('zzz'); // typed before the URL caught up
    b.urlShows('zz');
    expect(b.draft()).toBe('zzz');
    b.wait(300);
    expect(b.commit).toHaveBeenLastCalledWith('zzz');
  });

  it('follows the URL when it changes from elsewhere, also back to a text it once sent', () => {
    const b = box();
    b.type('bpc');
    b.wait(300);
    b.urlShows('bpc');
    b.urlShows(''); // Clear Filters
    expect(b.draft()).toBe('');
    b.urlShows('bpc'); // Back
    expect(b.draft()).toBe('bpc');
    b.urlShows('tb'); // another link
    expect(b.draft()).toBe('tb');
    b.wait(1000);
    expect(b.commit).toHaveBeenCalledTimes(1);
  });
});
