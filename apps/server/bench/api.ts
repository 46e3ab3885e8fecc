/**
 * API benchmark: requests per second and latency percentiles of the transaction read paths over real
 * HTTP (keep-alive, 50 concurrent connections), on a database seeded with 10,000 transactions, beside
 * a bare Fastify "hello" route measured in the same run on the same machine.
 *   npm run bench:api
 *   BENCH_DATABASE_URL=postgres://user@host:5432/postgres npm run bench:api   # also PostgreSQL
 * The servers run in a child process so that the load generator does not share their event loop.
 * On PostgreSQL a scratch database is created and dropped; without BENCH_DATABASE_URL only the
 * embedded database (in-memory PGlite, the default deployment) is measured.
 * (A developer tool outside the app: it reads its own variables from the environment.)
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startBenchServers, type BenchTarget } from './api-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_URL = process.env.BENCH_DATABASE_URL;

type Result = { name: string; requests: number; perSecond: number; p50: number; p99: number; errors: number };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** `CONNECTIONS` loops, each with its own keep-alive socket, for SECONDS; latency per request in ms. */
async function load(name: string, port: number, paths: () => string, token?: string): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
    });
  for (let i = 0; i < CONNECTIONS; i += 1) await get(paths()); // warm up every socket
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const status = await get(paths());
        latencies.push(performance.now() - t);
        if (status !== 200) errors += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** Starts the servers in a child process and waits for their ports and seeded ids. */
function spawnServers(databaseUrl: string | null): Promise<{ target: BenchTarget; stop: () => void }> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_CHILD: '1', BENCH_CHILD_DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (target) =>
      resolve({ target: target as BenchTarget, stop: () => child.kill('SIGTERM') }),
    );
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function runAgainst(label: string, databaseUrl: string | null): Promise<Result[]> {
  const seedStart = performance.now();
  const { target, stop } = await spawnServers(databaseUrl);
  console.log(
    `${label}: seeded ${target.seeded} transactions in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  let next = 0;
  const ids = target.transactionIds;
  try {
    return [
      await load(`${label} · bare Fastify GET /hello`, target.helloPort, () => '/hello'),
      await load(
        `${label} · GET /api/transactions/my-transactions`,
        target.apiPort,
        () => '/api/transactions/my-transactions',
        target.token,
      ),
      await load(
        `${label} · GET /api/transactions/{id}`,
        target.apiPort,
        () => `/api/transactions/${ids[(next += 1) % ids.length]}`,
        target.token,
      ),
      await load(
        `${label} · GET my-transactions?q=camera (search)`,
        target.apiPort,
        () => '/api/transactions/my-transactions?q=camera',
        target.token,
      ),
    ];
  } finally {
    stop();
  }
}

async function main() {
  if (process.env.BENCH_CHILD) {
    const { target } = await startBenchServers(process.env.BENCH_CHILD_DATABASE_URL || null);
    process.send!(target);
    return;
  }
  console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`);
  console.log(`Load: ${CONNECTIONS} keep-alive connections, ${SECONDS} s per case\n`);
  const results = await runAgainst('PGlite', null);
  if (PG_URL) results.push(...(await runAgainst('PostgreSQL', PG_URL)));
  console.log('| Case | Requests | Requests/s | p50 ms | p99 ms | Non-200 |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.requests} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`,
    );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
