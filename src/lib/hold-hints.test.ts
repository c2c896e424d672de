// The wizard's light hint of what the server's hold rules will find (src/lib/hold-hints.ts).
import { describe, expect, it } from 'vitest';
import { likelyHoldReasons } from './hold-hints';

describe('hold hints', () => {
  it('hints at a messenger handle beside a messenger, not at an @ alone', () => {
    expect(likelyHoldReasons(['DM @peptidevendor on Telegram'])).toContain('handle');
    expect(likelyHoldReasons(['IG: @peptide.vendor for prices'])).toContain('handle');
    expect(likelyHoldReasons(['tg://resolve?domain=peptidevendor'])).toContain('handle');
    expect(likelyHoldReasons(['A dose @ night, or @bedtime, worked best.'])).not.toContain('handle');
  });
});
