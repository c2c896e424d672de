// PGlite runs inside this process: each statement is WebAssembly work on the event loop, and
// PGlite hands its lock from one waiting statement to the next in promise callbacks, so a queue
// of 50 requests' statements ran in one turn of the loop without a break. Node (libuv 1.46)
// accepts one new connection per turn, and reads sockets only between turns: under load a new
// visitor's connection waited through many such turns, 2-3 s at 50 connections, while the
// requests already inside were answered in about 100 ms (docs/performance.md,
// "Writes"). Every unit of database work passes through one FIFO here, and before each
// statement the loop gets a turn once the database has held it for TURN_BUDGET_MS.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long database work may hold the event loop before it gets a turn. */
export const TURN_BUDGET_MS = 0.5;

export interface Turns {
  /** Runs `work` after every unit queued before it (one at a time, in order). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the event loop a turn if the database has held it longer than the budget. */
  yieldIfDue(): Promise<void>;
}

export function createTurns(budgetMs = TURN_BUDGET_MS, now: () => number = () => performance.now()): Turns {
  let tail: Promise<unknown> = Promise.resolve();
  let sliceStart = now();
  const yieldIfDue = async () => {
    if (now() - sliceStart < budgetMs) return;
    await nextTurn();
    sliceStart = now();
  };
  return {
    exclusive<T>(work: () => Promise<T>): Promise<T> {
      const result = tail.then(async () => {
        await yieldIfDue();
        return work();
      });
      // The next unit waits for this one to settle, whether it succeeded or not.
      tail = result.catch(() => undefined);
      return result;
    },
    yieldIfDue,
  };
}
