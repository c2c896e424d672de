// Reads answered between the statements of a long transaction, on PGlite's one session
// (docs/performance.md, "Publication batches"). A transaction holds the session from BEGIN to
// COMMIT, so every other statement waited in db/turns.ts's queue for all of it: 2,000 queued
// reports made a batch of 6 to 20 s, and no request that needed the database (a page not cached,
// a tracking lookup, the readiness check) was answered meanwhile, while the event loop itself
// turned between the batch's statements. A transaction opened with `readsBetween` answers the
// reads waiting at each of its statements first, inside it, each under a savepoint made read-only
// and rolled back at once: a read cannot change what the transaction writes, nor fail it. It sees
// what the transaction has written so far (the session's own uncommitted rows: one session has no
// other view). A statement the read-only savepoint refuses (a write after all) keeps its place in
// the queue and runs after the transaction, like every write and every other transaction.
import type { Turns } from './turns';

/** Statements worth trying as reads; anything that writes is refused by the savepoint and queued. */
const READ = /^\s*(select|with)\b/i;

/** PostgreSQL's "cannot execute ... in a read-only transaction". */
const READ_ONLY_REFUSAL = '25006';

/** The open transaction's session, as PGlite's `transaction` callback gives it. */
export interface SharedSession {
  exec(sql: string): Promise<unknown>;
}

interface Ticket<S> {
  /** Runs the read on `session` (inside the transaction) or, with null, on its own. */
  run(session: S | null): Promise<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
  /** Answered, or being answered, by one of the two ways. */
  taken: boolean;
}

export interface ReadsBetween<S extends SharedSession> {
  /** True when `sql` may be tried between another transaction's statements. */
  isRead(sql: string): boolean;
  /**
   * Queues `run` like any unit of `turns`, and offers it meanwhile to a transaction that answers
   * reads between its statements; whichever comes first runs it, once.
   */
  read<T>(run: (session: S | null) => Promise<T>): Promise<T>;
  /** Inside such a transaction, between two of its statements: answers the reads waiting now. */
  answer(session: S): Promise<void>;
  /** Reads waiting for either (the tests). */
  readonly waiting: number;
  /**
   * Reads answered inside a transaction whose turn in the queue has not come yet: still counted
   * by `turns.pending`, though nothing waits for them (the metrics' queue leaves them out).
   */
  readonly answeredAhead: number;
}

export function readsBetween<S extends SharedSession>(turns: Turns): ReadsBetween<S> {
  const waiting = new Set<Ticket<S>>();
  let answeredAhead = 0;
  return {
    isRead: (sql) => READ.test(sql),
    read<T>(run: (session: S | null) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const ticket: Ticket<S> = { run, resolve: resolve as (value: unknown) => void, reject, taken: false };
        waiting.add(ticket);
        void turns
          .exclusive(async () => {
            // Answered inside a transaction meanwhile: this turn has nothing left to do.
            if (ticket.taken) {
              answeredAhead--;
              return;
            }
            waiting.delete(ticket);
            ticket.taken = true;
            await run(null).then(resolve, reject);
          })
          .catch(reject);
      });
    },
    async answer(session: S): Promise<void> {
      // Those waiting now; a read that arrives while these run waits for the next statement, so
      // the transaction moves on under any load of reads.
      for (const ticket of [...waiting]) {
        if (ticket.taken) continue;
        try {
          await session.exec('savepoint read_between; set local transaction_read_only = on');
        } catch {
          // The transaction cannot take a savepoint (it failed already): the reads keep their turn.
          return;
        }
        waiting.delete(ticket);
        ticket.taken = true;
        answeredAhead++;
        try {
          ticket.resolve(await ticket.run(session));
        } catch (err) {
          if ((err as { code?: string }).code === READ_ONLY_REFUSAL) {
            ticket.taken = false;
            answeredAhead--;
          } else ticket.reject(err);
        } finally {
          await session.exec('rollback to savepoint read_between; release savepoint read_between');
        }
      }
    },
    get waiting() {
      return waiting.size;
    },
    get answeredAhead() {
      return answeredAhead;
    },
  };
}
