// Tracking ids: TRK- and 20 digits from a cryptographic source (about 66 bits). Stored only as a hash.
import { randomInt } from 'node:crypto';
import { sha256 } from './tokens';

export function newTrackingId(): string {
  const part = () => String(randomInt(0, 10_000_000_000)).padStart(10, '0');
  return `TRK-${part()}${part()}`;
}

export function trackingHash(trackingId: string): string {
  return sha256(`tracking:${trackingId}`);
}
