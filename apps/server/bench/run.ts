/**
 * The server benchmark: one table, every row beside its baselines measured in the same run.
 *   npm run bench              everything (then the web bench)
 *   npm run bench:api          only the HTTP rows;  npm run bench:ledger   only the ledger rows
 * Environment: BENCH_SECONDS (10 per row), BENCH_CONNECTIONS (50), BENCH_DATABASE_URL (a PostgreSQL
 * server on which a scratch database is created and dropped; without it only the embedded rows run),
 * BENCH_ROUNDS (3: rounds of the PostgreSQL rows, see below), BENCH_PROFILE=1 (CPU-profile the app
 * processes; prints the top self-time functions of the {id}, wallet, list and search rows, from the last
 * round on PostgreSQL).
 * The embedded (PGlite) rows run once. The PostgreSQL rows run in BENCH_ROUNDS rounds, each measuring
 * bare Fastify, the SELECT 1 round trip, the app's rows and the reference rows in turn, with the
 * baselines' server and the app both up: a moment when the machine is busier then costs every row a
 * little instead of one row a lot, and the report shows each figure's median over the rounds.
 * The table goes to stdout and to bench/results/latest.md; progress goes to stderr.
 * (A developer tool outside the app: it reads its own variables from the environment.)
 */
import { closeSync, mkdirSync, openSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { benchAppConfig, REFERENCE_PATHS, type AppInfo } from './app-server.ts';
import type { BareInfo } from './bare-server.ts';
import { startChild, type ChildServer } from './child.ts';
import { LEDGER_WORKERS, ledgerRows, ledgerRoundsSection, processCpuMs } from './ledger.ts';
import { httpLoad, settle, type LoadOptions } from './load.ts';
import { topSelfTime } from './profile.ts';
import {
  APP_ROWS,
  REFERENCE_ROWS,
  renderReport,
  type AppMeasurements,
  type AppRowKey,
  type PostgresRound,
  type ReferenceMeasurements,
  type Results,
} from './report.ts';
import { RARE_TERM, SEEDED_TRANSACTIONS } from './seed.ts';
import { SEEDED_VENDORS, VENDOR_SPECIALTY, VENDOR_TERM } from './vendors-seed.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const PG_URL = process.env.BENCH_DATABASE_URL || null;
const PROFILE = process.env.BENCH_PROFILE === '1';
const ROUNDS = Math.max(1, Math.floor(Number(process.env.BENCH_ROUNDS || 3)));
const WARMUP_SECONDS = 1;
const ONLY = process.argv[2] as 'api' | 'ledger' | undefined;
/** The rows whose CPU profile BENCH_PROFILE=1 prints. */
const PROFILED_ROWS: readonly AppRowKey[] = ['id', 'wallet', 'list', 'search'];

const here = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = path.join(here, 'results');
const PROFILE_DIR = path.join(RESULTS_DIR, 'profiles');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const progress = (line: string) => console.error(`bench: ${line}`);

type Label = 'PGlite' | 'PostgreSQL';

/**
 * PostgreSQL's CPU, per backend serving the scratch database (read from /proc, as the ledger rows do),
 * for every row measured while it is set: the PostgreSQL rounds.
 */
let databaseCpu: LoadOptions['databaseCpu'];

async function databaseCpuOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', (error) => progress(`CPU sampling connection: ${error.message}`));
  await client.connect();
  const sample = async () => {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database()
        and backend_type = 'client backend' and pid <> pg_backend_pid()`,
    );
    return processCpuMs(rows.map((row) => Number(row.pid)));
  };
  return { sample, end: () => client.end() };
}

/**
 * One row. `idle`: the other servers that are up; each is let finish the requests the previous row left
 * in flight in it before the load starts (httpLoad waits only for `target`).
 */
async function measure(
  name: string,
  target: ChildServer<unknown>,
  o: Pick<LoadOptions, 'port' | 'path' | 'token'>,
  idle: readonly ChildServer<unknown>[] = [],
) {
  for (const server of idle) await settle(server.cpu);
  const m = await httpLoad({
    ...o,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    cpu: target.cpu,
    databaseCpu,
  });
  progress(
    `${name}: ${m.perSecond.toFixed(0)} req/s, p99 ${m.p99} ms, failures ${JSON.stringify(m.failures)}`,
  );
  return m;
}

/** Starts the app in its own process on PGlite (url null) or PostgreSQL, seeded, not yet measured. */
async function startApp(label: Label, url: string | null) {
  progress(`${label}: starting the app and seeding ${SEEDED_TRANSACTIONS} transactions`);
  // Its own directory: the tsx loader's thread writes a profile too (CPU.<date>.<time>.<pid>.<thread>.…).
  const profileDir = path.join(PROFILE_DIR, `${stamp}-${label}`);
  // The request log (info, as in production) is written, to nowhere.
  const log = openSync(os.devNull, 'w');
  const app = await startChild<AppInfo>(path.join(here, 'app-server.ts'), {
    env: { NODE_ENV: 'production', BENCH_APP_DATABASE_URL: url ?? '' },
    stdout: log,
    execArgv: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  }).finally(() => closeSync(log));
  progress(`${label}: seeded in ${app.info.seedSeconds.toFixed(1)} s`);
  return { app, profileDir };
}

async function appRows(
  label: string,
  app: ChildServer<AppInfo>,
  idle: readonly ChildServer<unknown>[] = [],
): Promise<AppMeasurements> {
  const { port, token, transactionIds: ids } = app.info;
  let next = 0;
  const paths: Record<(typeof APP_ROWS)[number]['key'], LoadOptions['path']> = {
    health: '/api/health',
    id: () => `/api/transactions/${ids[(next += 1) % ids.length]}`,
    idOne: `/api/transactions/${app.info.cachedId}`,
    wallet: '/api/wallet',
    list: '/api/transactions/my-transactions',
    search: `/api/transactions/my-transactions?q=${RARE_TERM}`,
    // Pages 1 to 100 of the directory (12 a page): deep pages cost offset + limit index entries.
    vendors: () => `/api/vendors?sort=rating&page=${1 + ((next += 1) % 100)}`,
    vendorsFiltered: `/api/vendors?q=${VENDOR_TERM}&specialty=${encodeURIComponent(VENDOR_SPECIALTY)}&sort=orders`,
  };
  const out: Partial<AppMeasurements> = {};
  for (const { key, label: row } of APP_ROWS)
    out[key] = await measure(
      `${label} · ${row}`,
      app,
      { port, path: paths[key], token: key === 'health' ? undefined : token },
      idle,
    );
  return out as AppMeasurements;
}

async function scratchDatabase(serverUrl: string) {
  const name = `escrow_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  admin.on('error', (error) => progress(`admin connection: ${error.message}`));
  await admin.connect();
  const { rows } = await admin.query<{ server_version: string }>('show server_version');
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    version: rows[0]!.server_version,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      client.on('error', (error) => progress(`cleanup connection: ${error.message}`));
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The reference rows (PostgreSQL only), on the bench's own routes in the app. */
async function referenceRows(
  label: string,
  app: ChildServer<AppInfo>,
  idle: readonly ChildServer<unknown>[],
): Promise<ReferenceMeasurements> {
  const out: Partial<ReferenceMeasurements> = {};
  const ids = app.info.transactionIds;
  let next = 0;
  for (const { key, label: row } of REFERENCE_ROWS)
    out[key] = await measure(
      `${label} · ${row}`,
      app,
      {
        port: app.info.port,
        path:
          key === 'authRecord'
            ? () => `${REFERENCE_PATHS.authRecord}/${ids[(next += 1) % ids.length]}`
            : REFERENCE_PATHS[key],
        token: app.info.token,
      },
      idle,
    );
  return out as ReferenceMeasurements;
}

/**
 * The PostgreSQL rows in ROUNDS rounds: bare Fastify, the SELECT 1 round trip, the app's rows, the
 * reference rows, in that order in every round. Both servers stay up throughout; one is loaded at a time.
 */
async function postgresRounds(bare: ChildServer<BareInfo>, app: ChildServer<AppInfo>) {
  const rounds: PostgresRound[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const loadAverage = os.loadavg()[0]!;
    const label = `PostgreSQL round ${round}/${ROUNDS}`;
    progress(`${label}: load average ${loadAverage.toFixed(2)}`);
    const onBare = { port: bare.info.port };
    rounds.push({
      loadAverage,
      bare: await measure(`${label} · bare Fastify`, bare, { ...onBare, path: '/hello' }, [app]),
      roundTrip: await measure(`${label} · SELECT 1 round trip`, bare, { ...onBare, path: '/select1' }, [
        app,
      ]),
      postgres: await appRows(label, app, [bare]),
      reference: await referenceRows(label, app, [bare]),
    });
  }
  return rounds;
}

async function main() {
  if (PROFILE) mkdirSync(PROFILE_DIR, { recursive: true });
  const loadAtStart = loadAverage();
  const results: Results = { connections: CONNECTIONS };
  const seeded: string[] = [];
  const profiles: string[] = [];
  /** Further Markdown sections of the report (the ledger rows round by round). */
  const sections: string[] = [];
  const profileOf = (label: string, dir: string, measured: AppMeasurements) => {
    const main = readdirSync(dir).find((name) => name.split('.')[4] === '0'); // thread 0: the main thread
    if (!main) throw new Error(`no main-thread CPU profile in ${dir}`);
    const file = path.join(dir, main);
    for (const { key, label: row } of APP_ROWS.filter((r) => PROFILED_ROWS.includes(r.key)))
      profiles.push(
        `### CPU profile: ${label} · ${row}\n\n` +
          `${path.relative(process.cwd(), file)}: ${topSelfTime(file, measured[key].window)}`,
      );
  };

  const started: ChildServer<unknown>[] = [];
  const track = <T extends ChildServer<unknown>>(child: T) => {
    started.push(child);
    return child;
  };
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | null = null;
  let poolMax: number | null = null;
  try {
    if (ONLY !== 'ledger') {
      const { app, profileDir } = await startApp('PGlite', null);
      track(app);
      seeded.push(`PGlite in ${app.info.seedSeconds.toFixed(1)} s`);
      results.embedded = await appRows('PGlite', app);
      await app.stop();
      if (PROFILE) profileOf('PGlite', profileDir, results.embedded);
    }
    if (PG_URL) scratch = await scratchDatabase(PG_URL);
    const config = benchAppConfig(scratch?.url ?? null, os.tmpdir());
    poolMax = config.database.kind === 'postgres' ? config.database.poolMax : null;
    if (ONLY !== 'ledger') {
      // The app is seeded before the rounds start, so that seeding overlaps no row.
      const pgApp = scratch ? await startApp('PostgreSQL', scratch.url) : null;
      if (pgApp) track(pgApp.app);
      const bare = track(
        await startChild<BareInfo>(path.join(here, 'bare-server.ts'), {
          env: scratch ? { BENCH_POOL_URL: scratch.url, BENCH_POOL_MAX: String(poolMax) } : {},
        }),
      );
      if (pgApp) {
        seeded.push(`PostgreSQL in ${pgApp.app.info.seedSeconds.toFixed(1)} s`);
        const sampler = await databaseCpuOf(scratch!.url);
        databaseCpu = sampler.sample;
        try {
          results.postgresRounds = await postgresRounds(bare, pgApp.app);
        } finally {
          databaseCpu = undefined;
          await sampler.end();
        }
        await pgApp.app.stop();
        if (PROFILE)
          profileOf(
            `PostgreSQL (round ${ROUNDS} of ${ROUNDS})`,
            pgApp.profileDir,
            results.postgresRounds.at(-1)!.postgres,
          );
      } else results.bare = await measure('bare Fastify', bare, { port: bare.info.port, path: '/hello' });
      await bare.stop();
    }
    if (ONLY !== 'api' && scratch && PG_URL) {
      // A database of their own, as when they run alone. On the HTTP rows' database, which autovacuum
      // has analyzed while it held a few hundred ledger accounts, the cached plans of the ledger's
      // lookups and foreign-key checks scan those tables in full, while each cycle adds an account and
      // two entries: ten times as many within seconds, which no real database grows by between two of
      // autovacuum's analyses. The cycles then halve for the bench's own growth, not the ledger's cost.
      if (ONLY !== 'ledger') {
        await scratch.drop();
        scratch = await scratchDatabase(PG_URL);
      }
      progress(`ledger: ${LEDGER_WORKERS} workers, single INSERTs then escrow cycles`);
      const database = await openDatabase(benchAppConfig(scratch.url, os.tmpdir()).database);
      try {
        const ledger = await ledgerRows(database, SECONDS, WARMUP_SECONDS, progress);
        results.ledger = { ...ledger, workers: LEDGER_WORKERS };
        sections.push(ledgerRoundsSection(ledger, LEDGER_WORKERS));
      } finally {
        await database.close();
      }
    }
  } finally {
    for (const child of started) await child.stop();
    await scratch?.drop();
  }
  if (ONLY === 'ledger' && !results.ledger)
    throw new Error('the ledger rows need BENCH_DATABASE_URL (PostgreSQL)');

  const report = renderReport(results, {
    postgresVersion: scratch?.version ?? null,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    ledgerWorkers: LEDGER_WORKERS,
    poolMax,
    logTo: os.devNull,
    seeded: `${SEEDED_TRANSACTIONS.toLocaleString('en')} transactions, all of them the bench user's, and ${SEEDED_VENDORS.toLocaleString('en')} vendors; seeded ${seeded.join(', ') || '(none)'}`,
    loadAverage: { start: loadAtStart, end: loadAverage() },
    profiling: PROFILE,
    profiles,
    sections,
  });
  console.log(report);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, 'latest.md'), `${report}\n`);
  progress(`written to ${path.relative(process.cwd(), path.join(RESULTS_DIR, 'latest.md'))}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
