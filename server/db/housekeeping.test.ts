import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNTER_TABLES, scheduleHousekeeping, VACUUM_COUNTERS_SQL } from './housekeeping';

afterEach(() => vi.useRealTimers());

describe('scheduleHousekeeping', () => {
  it('vacuums once per interval, only after a write, and again after a failure', async () => {
    vi.useFakeTimers();
    let calls = 0;
    let fail = false;
    const vacuum = async () => {
      calls++;
      if (fail) throw new Error('busy');
    };
    const hk = scheduleHousekeeping(vacuum, 1000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toBe(0);
    hk.markWrite();
    hk.markWrite();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toBe(1);
    fail = true;
    hk.markWrite();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(3);
    hk.stop();
    hk.markWrite();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(3);
  });

  it('names every counter table in its one statement', () => {
    for (const table of COUNTER_TABLES) expect(VACUUM_COUNTERS_SQL).toContain(table);
  });
});
