/**
 * Ledger benchmark: escrow hold + release cycles per second and latency percentiles, on the embedded
 * database (in-memory PGlite) and on PostgreSQL, beside a baseline of a single raw INSERT measured in
 * the same run. Each case is time-bounded (BENCH_SECONDS, default 4).
 *   npm run bench:ledger
 *   BENCH_DATABASE_URL=postgres://user@host:5432/postgres npm run bench:ledger   # server to use
 * On PostgreSQL a scratch database is created and dropped. Set BENCH_DATABASE_URL=skip to run only PGlite.
 * (A developer tool outside the app: it reads its own two variables from the environment.)
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { users } from '../src/db/schema/users.ts';
import {
  accountCodes,
  checkLedger,
  holdFromWallet,
  postEntry,
  releaseHold,
} from '../src/modules/ledger/ledger.service.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Result = { name: string; ops: number; perSecond: number; p50: number; p99: number };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs `op` from `workers` concurrent loops until the time is up; latency per op in ms. */
async function measure(name: string, workers: number, op: () => Promise<unknown>): Promise<Result> {
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await op();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    ops: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function runCases(label: string, database: Database, concurrency: number[]): Promise<Result[]> {
  const { db } = database;
  const [buyer, seller] = await db
    .insert(users)
    .values(
      ['buyer', 'seller'].map((role) => ({
        email: `bench-${role}-${randomUUID()}@example.com`,
        passwordHash: 'bench',
        firstName: 'Bench',
        lastName: role,
      })),
    )
    .returning({ id: users.id });
  // Enough money for every cycle the run can make.
  await db.transaction((tx) =>
    postEntry(tx, {
      idempotencyKey: `bench-fund:${randomUUID()}`,
      kind: 'DEPOSIT',
      description: 'Bench funding',
      currency: 'NGN',
      userId: buyer!.id,
      postings: [
        { accountCode: accountCodes.externalFunding('NGN'), amountMinor: -1_000_000_000_000 },
        { accountCode: accountCodes.userWallet(buyer!.id, 'NGN'), amountMinor: 1_000_000_000_000 },
      ],
    }),
  );
  await db.execute(
    sql`create table if not exists bench_baseline (id text primary key, amount bigint not null)`,
  );

  const results: Result[] = [];
  results.push(
    await measure(`${label}: baseline single INSERT`, 1, () =>
      db.execute(sql`insert into bench_baseline (id, amount) values (${randomUUID()}, 1)`),
    ),
  );
  // One cycle = pay into escrow (one db transaction) + release to seller and platform (another),
  // as in the transaction lifecycle: 2 entries, 5 postings, 2 hold writes, deferred balance checks.
  const cycle = async () => {
    const transactionId = randomUUID();
    await db.transaction((tx) =>
      holdFromWallet(tx, {
        transactionId,
        buyerId: buyer!.id,
        currency: 'NGN',
        amountMinor: 102_500,
        idempotencyKey: `hold:${transactionId}`,
      }),
    );
    await db.transaction((tx) =>
      releaseHold(tx, {
        transactionId,
        sellerId: seller!.id,
        priceMinor: 100_000,
        feeMinor: 2_500,
        idempotencyKey: `release:${transactionId}`,
      }),
    );
  };
  for (const workers of concurrency)
    results.push(await measure(`${label}: hold + release cycle, ${workers} concurrent`, workers, cycle));
  const check = await checkLedger(db);
  if (!check.ok)
    throw new Error(`ledger check failed after the ${label} bench: ${JSON.stringify(check.problems)}`);
  await db.execute(sql`drop table bench_baseline`);
  return results;
}

async function withScratchPostgres<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_ledger_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  admin.on('error', (error) => console.error(`bench admin connection: ${error.message}`));
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    const cleanup = new pg.Client({ connectionString: PG_URL });
    cleanup.on('error', (error) => console.error(`bench cleanup connection: ${error.message}`));
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

function table(results: Result[]) {
  const rows = results.map((r) => [
    r.name,
    r.ops.toString(),
    r.perSecond.toFixed(0),
    r.p50.toFixed(2),
    r.p99.toFixed(2),
  ]);
  const head = ['case', 'ops', 'per second', 'p50 ms', 'p99 ms'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function main() {
  console.log(
    `Ledger bench: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${SECONDS} s per case, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const results: Result[] = [];
  const embedded = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    // PGlite has one connection: concurrent callers queue, so one worker is the honest figure.
    results.push(...(await runCases('PGlite (in-memory)', embedded, [1])));
  } finally {
    await embedded.close();
  }
  if (PG_URL !== 'skip') {
    try {
      await withScratchPostgres(async (url) => {
        const database = await openDatabase({ kind: 'postgres', url, poolMax: 20 });
        try {
          results.push(...(await runCases('PostgreSQL', database, [1, 8])));
        } finally {
          await database.close();
        }
      });
    } catch (error) {
      console.error(`PostgreSQL case skipped: ${(error as Error).message}`);
    }
  }
  console.log(table(results));
}

await main();
