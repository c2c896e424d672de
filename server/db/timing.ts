// Times statements for the observer set with `Db.observe` (the metrics); without one it costs a
// property check.
import type { DbObserver } from './types';

export function timer() {
  let observer: DbObserver | null = null;
  return {
    observe: (o: DbObserver | null) => {
      observer = o;
    },
    lost: () => observer?.connectionLost(),
    time: async <T>(kind: 'query' | 'transaction', work: () => Promise<T>): Promise<T> => {
      const o = observer;
      if (!o) return work();
      const started = performance.now();
      let failed = true;
      try {
        const result = await work();
        failed = false;
        return result;
      } finally {
        o.timed(kind, (performance.now() - started) / 1000, failed);
      }
    },
  };
}
