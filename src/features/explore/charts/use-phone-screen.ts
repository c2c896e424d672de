// Is the screen phone-sized (under 640 px, Tailwind's `sm`)? Follows rotation and resizing.
import { useSyncExternalStore } from 'react';
import { PHONE_MAX_WIDTH } from './palette';

const QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;
const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null);

function subscribe(onChange: () => void) {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export function usePhoneScreen(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false);
}
