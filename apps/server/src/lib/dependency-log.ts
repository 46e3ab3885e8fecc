import type { FastifyBaseLogger } from 'fastify';

/** A dependency's outage is logged at most once per this interval (docs/operations.md, "Outages"). */
export const OUTAGE_LOG_INTERVAL_MS = 30_000;

export type OutageLog = {
  /** One failure (a client 'error', a failed call): logged unless a line was written within the interval. */
  failure(error: unknown): void;
  /** The dependency answers again ('ready'): one line, if the outage was reported. */
  recovered(): void;
  /** The owner is closing: failures from here on are expected and not logged. */
  stop(): void;
};

export type OutageLogOptions = {
  intervalMs?: number;
  /** Milliseconds on any monotonic scale; tests pass a fake clock. */
  now?: () => number;
  /** What the outage means for users, appended to the failure line. */
  impact?: string;
};

/**
 * The log of one dependency, for one purpose (e.g. 'live channel (Redis)'). A client that retries logs an
 * error on every attempt (ioredis: a few a second during an outage); this writes at most one failure line
 * per interval, each with the number of failures suppressed since the previous line, and one line when
 * the dependency recovers. A recovery is reported only when its outage was, or when no line was written
 * for an interval: a flapping dependency writes at most a failure and a recovery line per interval.
 */
export function createOutageLog(
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  name: string,
  options: OutageLogOptions = {},
): OutageLog {
  const { intervalMs = OUTAGE_LOG_INTERVAL_MS, now = () => performance.now(), impact } = options;
  let lastFailureLineAt = -Infinity;
  let lastLineAt = -Infinity;
  let suppressed = 0;
  let down = false;
  let announced = false;
  let stopped = false;
  // A clock that moved back (tests move theirs) counts as a new interval rather than a long silence.
  const due = (since: number, at: number) => at - since >= intervalMs || at < since;

  return {
    failure(error) {
      if (stopped) return;
      const at = now();
      down = true;
      if (!due(lastFailureLineAt, at)) {
        suppressed += 1;
        return;
      }
      const note = suppressed > 0 ? ` (suppressed ${suppressed} more failures since the last line)` : '';
      log.warn(
        { err: error, dependency: name, suppressed },
        `${name} unavailable${impact ? `; ${impact}` : ''}${note}`,
      );
      lastFailureLineAt = lastLineAt = at;
      suppressed = 0;
      announced = true;
    },
    recovered() {
      if (stopped || !down) return;
      const at = now();
      down = false;
      if (!announced && !due(lastLineAt, at)) return;
      const note = suppressed > 0 ? ` (suppressed ${suppressed} failures since the last line)` : '';
      log.info({ dependency: name, suppressed }, `${name} recovered${note}`);
      lastLineAt = at;
      suppressed = 0;
      announced = false;
    },
    stop() {
      stopped = true;
    },
  };
}
