// Outcome names are the submitter's words: one that happens to be a built-in property name of
// JavaScript objects ("toString", "valueOf") is shown as written, never as a blank.
import { describe, expect, it } from 'vitest';
import { outcomeLabel } from '@/components/experience/format';

describe('outcomeLabel', () => {
  it('labels the five core outcomes and shows any other name as written', () => {
    expect(outcomeLabel('energy')).toBe('Energy');
    expect(outcomeLabel('Joint comfort')).toBe('Joint comfort');
    for (const name of ['toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'isPrototypeOf']) expect(outcomeLabel(name)).toBe(name);
  });
});
