// What `GET /metrics` reports (plugins/metrics.ts), in one prom-client registry per app. Every
// label comes from a fixed set written in this repository: a route's pattern (never the URL), a
// method, a status, a rate-limit group (the limiter's bucket names), a kind of change or mail.
// Nothing a client sends becomes a label: no id, query, tracking ID, email or address
// (tests/server/metrics.test.ts scrapes after hostile requests and checks).
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CacheStats } from './cache';

/** The metrics' path: outside /api, so it is neither in the API document nor under the API's rate limit groups. */
export const METRICS_PATH = '/metrics';
/** Every metric of ours starts with this; process and Node.js metrics are prom-client's own. */
const PREFIX = 'peptide_';

/** Seconds: from a cached read (a few ms) to the longest a request may take while draining (10 s). */
const REQUEST_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
const BATCH_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

export class Metrics {
  readonly registry = new Registry();

  readonly requestSeconds = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to answer a request, by method, route pattern (never the URL) and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });

  readonly querySeconds = new Histogram({
    name: `${PREFIX}db_query_duration_seconds`,
    help: 'Time of a database statement or a whole transaction, waiting for the connection included',
    labelNames: ['kind', 'outcome'] as const,
    buckets: QUERY_BUCKETS,
    registers: [this.registry],
  });

  readonly connectionsLost = new Counter({
    name: `${PREFIX}db_connections_lost_total`,
    help: 'Idle PostgreSQL connections the database closed (a restart); the pool opens others on demand',
    registers: [this.registry],
  });

  readonly batches = new Counter({
    name: `${PREFIX}publication_batches_total`,
    help: 'Publication batches this process ran (with several processes, one runs each batch)',
    registers: [this.registry],
  });

  readonly batchesPostponed = new Counter({
    name: `${PREFIX}publication_batches_postponed_total`,
    help: 'Publication batches that applied nothing: fewer changes were due than BATCH_MIN_CHANGES, and none had waited BATCH_MAX_WAIT',
    registers: [this.registry],
  });

  readonly batchSeconds = new Histogram({
    name: `${PREFIX}publication_batch_duration_seconds`,
    help: 'Time of a publication batch: its transaction, from the lock to the commit',
    buckets: BATCH_BUCKETS,
    registers: [this.registry],
  });

  readonly batchChanges = new Counter({
    name: `${PREFIX}publication_changes_total`,
    help: 'Changes publication batches applied, by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly mail = new Counter({
    name: `${PREFIX}mail_deliveries_total`,
    help: 'Attempts to deliver a queued mail, by kind of mail and outcome (sent, retry later, given up)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly rateLimited = new Counter({
    name: `${PREFIX}rate_limit_refusals_total`,
    help: 'Requests refused with 429, by rate-limit group',
    labelNames: ['group'] as const,
    registers: [this.registry],
  });

  private processMetrics = false;
  /** Metrics read from elsewhere at each scrape (registered in `registry` as they are made). */
  private readonly read: (Counter | Gauge)[] = [];

  /** Process and Node.js metrics (CPU, memory, event loop, GC): started once, when metrics are served. */
  collectProcessMetrics(): void {
    if (this.processMetrics) return;
    this.processMetrics = true;
    collectDefaultMetrics({ register: this.registry });
  }

  /** Counters kept elsewhere (the read cache's), reported as counters: each scrape adds what they grew by. */
  countCache(stats: CacheStats): void {
    const seen: CacheStats = { answerHits: 0, answerMisses: 0, readHits: 0, readMisses: 0, invalidations: 0 };
    const grown = (key: keyof CacheStats) => {
      const by = stats[key] - seen[key];
      seen[key] = stats[key];
      return Math.max(0, by);
    };
    // prom-client calls `collect` before each scrape.
    const requests = new Counter({
      name: `${PREFIX}cache_requests_total`,
      help: 'Lookups in the caches: finished answers kept as bytes (answers) and hot reads (reads), by result',
      labelNames: ['cache', 'result'] as const,
      registers: [this.registry],
      collect() {
        this.inc({ cache: 'answers', result: 'hit' }, grown('answerHits'));
        this.inc({ cache: 'answers', result: 'miss' }, grown('answerMisses'));
        this.inc({ cache: 'reads', result: 'hit' }, grown('readHits'));
        this.inc({ cache: 'reads', result: 'miss' }, grown('readMisses'));
      },
    });
    const invalidations = new Counter({
      name: `${PREFIX}cache_invalidations_total`,
      help: 'Times a write emptied the caches',
      registers: [this.registry],
      collect() {
        this.inc(grown('invalidations'));
      },
    });
    this.read.push(requests, invalidations);
  }

  /** A gauge read from its source at each scrape. */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: (set: (labels: Partial<Record<L, string>>, value: number) => void) => void | Promise<void>,
  ): void {
    const gauge = new Gauge({
      name: `${PREFIX}${name}`,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        await read((labels, value) => this.set(labels, value));
      },
    });
    this.read.push(gauge);
  }
}
