// autocannon ships no types: the small part of its API that scripts/bench.ts and bench-publication.ts use.
declare module 'autocannon' {
  interface Result {
    errors: number;
    timeouts: number;
    requests: { total: number; average: number };
    throughput: { total: number };
  }
  interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      fn: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
    /** Ends the run early (its promise then resolves with what was measured). */
    stop(): void;
  }
  interface Options {
    url: string;
    method?: string;
    connections?: number;
    duration?: number;
    /** Requests to send in all, instead of a duration. */
    amount?: number;
    headers?: Record<string, string>;
    body?: string;
    requests?: { setupRequest?: (req: any) => any }[];
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
