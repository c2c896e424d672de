import { describe, expect, it } from 'vitest';
import { TRACKING_ID_RE } from '../../contract/rules';
import { newTrackingId, trackingHash } from './tracking';

describe('tracking IDs', () => {
  it('are TRK- and 20 digits, different every time, using every digit position', () => {
    const ids = Array.from({ length: 2000 }, newTrackingId);
    for (const id of ids) expect(id).toMatch(TRACKING_ID_RE);
    expect(new Set(ids).size).toBe(ids.length);
    // Leading zeros are kept (fixed width), and each position varies.
    for (let pos = 4; pos < 24; pos++) expect(new Set(ids.map((id) => id[pos])).size).toBeGreaterThan(5);
  });

  it('are stored only as a one-way hash that does not contain them', () => {
    const id = newTrackingId();
    const hash = trackingHash(id);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(trackingHash(id));
    expect(hash).not.toContain(id.slice(4));
    expect(trackingHash(newTrackingId())).not.toBe(hash);
  });
});
