// A wake-up the services send and a background worker answers (plugins/mail-delivery.ts: "mail
// was queued, deliver soon"). The context holds the signal for its whole life; a worker registers
// what a wake does while it runs and unregisters when its app closes, so no plugin rewrites the
// context. Every listener registered is woken (a second app built on one context, in tests).
import { AsyncResource } from 'node:async_hooks';

export class WakeSignal {
  private readonly listeners = new Set<() => void>();

  /** Wakes every listener; none registered (no app running): nothing happens. */
  wake(): void {
    for (const listener of this.listeners) listener();
  }

  /**
   * Registers `listener` until the returned function is called. It runs in the async context it
   * was registered in, not the waker's: the work it starts is the worker's, never part of the
   * request that woke it (tests/server/helpers.ts statementsOf records a request's statements).
   */
  listen(listener: () => void): () => void {
    const bound = AsyncResource.bind(listener);
    this.listeners.add(bound);
    return () => {
      this.listeners.delete(bound);
    };
  }
}
