import { createContext } from 'react';

/**
 * Hand-over of focus after a route change. The layout asks for it; when the new page's
 * heading does not exist yet (its code is still loading), the heading takes it as it mounts.
 */
export interface RouteFocus {
  /** Marks that the next heading to mount should take focus. */
  setPending(pending: boolean): void;
  /** True once if focus is pending, clearing it. */
  takePending(): boolean;
}

export function createRouteFocus(): RouteFocus {
  let pending = false;
  return {
    setPending(value) {
      pending = value;
    },
    takePending() {
      const was = pending;
      pending = false;
      return was;
    },
  };
}

export const RouteFocusContext = createContext<RouteFocus | null>(null);
