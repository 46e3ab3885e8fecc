/**
 * One measured row: HTTP load from autocannon (keep-alive connections, fixed duration) after a short
 * warm-up, with the server's CPU time read just before and just after the load. Also the loop used for
 * rows that are not HTTP (the ledger): `workers` concurrent callers of a function for a fixed time.
 */
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { cpuSample, type CpuSample } from './child.ts';

export type Measurement = {
  /** Successful operations (2xx responses for HTTP rows). */
  ops: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Server CPU time (user + system) during the load, per successful operation, in ms. */
  cpuMsPerOp: number;
  /** PostgreSQL's CPU time (its backends for this database) per successful operation, in ms; rows on it only. */
  dbCpuMsPerOp?: number;
  /** Answers other than 2xx, and requests that failed (errors, timeouts among them): the row is suspect. */
  failures: { non2xx: number; errors: number; timeouts: number };
  /** When the load ran, on the server's monotonic clock (µs): lets a CPU profile be cut to the row. */
  window: { fromUs: number; toUs: number };
};

export type LoadOptions = {
  port: number;
  /** A fixed path, or a function giving the next path (to cycle over ids). */
  path: string | (() => string);
  token?: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Reads the server process's CPU time. */
  cpu: () => Promise<CpuSample>;
  /** Reads the CPU time (ms) of each PostgreSQL backend serving the row's database. */
  databaseCpu?: () => Promise<Map<number, number>>;
};

/** CPU (ms) the backends used from `before` to `after`: one that started meanwhile counts from 0. */
function databaseCpuMs(before: Map<number, number>, after: Map<number, number>) {
  let ms = 0;
  for (const [pid, cpu] of after) ms += cpu - (before.get(pid) ?? 0);
  return ms;
}

function options(o: LoadOptions, seconds: number): autocannon.Options {
  const next = o.path;
  return {
    url: `http://127.0.0.1:${o.port}${typeof next === 'string' ? next : ''}`,
    connections: o.connections,
    duration: seconds,
    headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
    ...(typeof next === 'function'
      ? { requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }] }
      : {}),
  };
}

/**
 * Waits until the server is idle (under 10% of a core for 200 ms, at most 60 s). When autocannon stops,
 * the requests it leaves in flight are still being served (on PGlite, queued on its one connection):
 * without this, the next row would pay for them.
 */
export async function settle(cpu: () => Promise<CpuSample>) {
  const deadline = performance.now() + 60_000;
  let previous = await cpu();
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = await cpu();
    if ((now.cpuUs - previous.cpuUs) / (now.atUs - previous.atUs) < 0.1) return;
    previous = now;
  }
}

export async function httpLoad(o: LoadOptions): Promise<Measurement> {
  await settle(o.cpu);
  if (o.warmupSeconds > 0) {
    await autocannon(options(o, o.warmupSeconds));
    await settle(o.cpu);
  }
  const databaseBefore = await o.databaseCpu?.();
  const before = await o.cpu();
  const result = await autocannon(options(o, o.seconds));
  const after = await o.cpu();
  const databaseAfter = await o.databaseCpu?.();
  const ok = result['2xx'];
  return {
    ops: ok,
    perSecond: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerOp: ok ? (after.cpuUs - before.cpuUs) / 1000 / ok : NaN,
    ...(databaseBefore && databaseAfter
      ? { dbCpuMsPerOp: ok ? databaseCpuMs(databaseBefore, databaseAfter) / ok : NaN }
      : {}),
    // autocannon counts a timeout (no answer within 10 s) as an error too.
    failures: { non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts },
    window: { fromUs: before.atUs, toUs: after.atUs },
  };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs `op` from `workers` concurrent loops for `seconds`; CPU is this process's own. */
export async function loopLoad(
  workers: number,
  seconds: number,
  op: () => Promise<unknown>,
): Promise<Measurement> {
  const latencies: number[] = [];
  let failures = 0;
  const before = cpuSample();
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await op();
          latencies.push(performance.now() - t);
        } catch (error) {
          failures += 1;
          if (failures === 1) console.error(error);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const after = cpuSample();
  latencies.sort((a, b) => a - b);
  return {
    ops: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuMsPerOp: latencies.length ? (after.cpuUs - before.cpuUs) / 1000 / latencies.length : NaN,
    failures: { non2xx: 0, errors: failures, timeouts: 0 },
    window: { fromUs: before.atUs, toUs: after.atUs },
  };
}
