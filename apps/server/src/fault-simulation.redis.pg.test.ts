import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from './db/client.ts';
import { FaultProxy } from './testing/simulation/db-proxy.ts';
import { GENEROUS_LIMITS } from './testing/generous-limits.ts';
import { freePort, SimRedis } from './testing/simulation/sim-redis.ts';
import { runActor } from './testing/simulation/actor.ts';
import { indeterminate, SimClient, succeeded } from './testing/simulation/client.ts';
import { healAll, runFaults, type FaultTargets } from './testing/simulation/faults.ts';
import { ServerInstance, type UnexpectedExit } from './testing/simulation/instances.ts';
import { structuralProblems } from './testing/simulation/invariants.ts';
import { Prng, simulationSeed } from './testing/simulation/prng.ts';
import { failureReport, summary } from './testing/simulation/report.ts';
import { createUsers, signIn } from './testing/simulation/setup.ts';
import { checkWallets, settleOpenKeys } from './testing/simulation/settle.ts';
import { observationProblems } from './testing/simulation/verify.ts';
import { World } from './testing/simulation/world.ts';

/**
 * A seeded fault simulation in the manner of TigerBeetle's VOPR and Jepsen: two app instances
 * (child processes) on PostgreSQL (through a proxy the test cuts) and a private Redis, a few dozen users
 * doing random money and trade operations over real HTTP, while a fault schedule ends database backends,
 * cuts the database, stops Redis and SIGKILLs an instance. The invariants are checked at checkpoints and
 * at the end. SIMULATION_SEED replays a run's choices; SIMULATION_SECONDS makes it longer.
 */
const SECONDS = Number(process.env.SIMULATION_SECONDS ?? 75);
const SEED = simulationSeed(process.env.SIMULATION_SEED);
const USERS = 24;
const ACTORS = 6;
/** After the database answers again, a key whose request did not commit is usable within this. */
const KEY_RELEASE_BOUND_MS = 15_000;

describe.runIf(Boolean(inject('databaseUrl')))('fault simulation', () => {
  const serverUrl = new URL(process.env.TEST_DATABASE_URL || inject('databaseUrl') || 'postgres://none/x');
  serverUrl.pathname = '/postgres';
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const dbName = `escrow_sim_${runId}`;
  const logDir = mkdtempSync(path.join(tmpdir(), `escrow-sim-${SEED}-`));
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  const proxy = new FaultProxy({ host: serverUrl.hostname, port: Number(serverUrl.port || 5432) });
  const redis = new SimRedis();
  const exits: UnexpectedExit[] = [];
  const instances: ServerInstance[] = [];
  const world = new World();
  const startedAt = Date.now();
  const client = new SimClient(startedAt);
  let checker: Database | null = null;
  let passed = false;

  beforeAll(async () => {
    console.log(`fault simulation: seed ${SEED}, ${SECONDS} s, logs in ${logDir}`);
    await admin.connect();
    admin.on('error', () => undefined);
    await admin.query(`create database ${dbName}`);
    const direct = new URL(serverUrl);
    direct.pathname = `/${dbName}`;
    // Migrated here first, so the instances start on a ready schema; ledger checks read it directly.
    checker = await openDatabase(
      { kind: 'postgres', url: direct.toString(), poolMax: 2 },
      { onConnectionLost: () => undefined },
    );
    await proxy.open();
    await redis.start();
    const viaProxy = new URL(direct);
    viaProxy.port = String(proxy.port);
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: viaProxy.toString(),
      DATABASE_POOL_MAX: '5',
      REDIS_URL: redis.url,
      RATE_LIMIT_REDIS_PREFIX: `sim-rate-limit:${runId}:`,
      JWT_SECRET: 'simulation-secret-that-is-long-enough-0123456789',
      IDENTITY_ENCRYPTION_KEY: '6d2a9f1c4b8e7d3a5f0c2e9b1a4d7c8e3f6a0b5c9d2e4f7a1b3c5d8e0f2a4b6c',
      SCHEDULER_ENABLED: 'true',
      SCHEDULER_INTERVAL_MS: '1000',
      ADMIN_EMAIL: `sim.staff.${runId}@example.com`,
      ADMIN_PASSWORD: 'simulation-staff-password',
      WEB_DIST_DIR: path.join(logDir, 'no-web-build'),
      ...GENEROUS_LIMITS,
    };
    for (const name of ['A', 'B']) {
      const dataDir = path.join(logDir, `data-${name}`);
      mkdirSync(dataDir);
      const port = await freePort();
      const instance = new ServerInstance(
        name,
        port,
        { ...env, PORT: String(port), DATA_DIR: dataDir },
        path.join(logDir, `${name}.log`),
        exits,
      );
      instances.push(instance);
      await instance.start();
    }
    world.staff = await signIn(client, instances[0]!, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    await createUsers(client, instances, world, USERS, runId);
  }, 240_000);

  afterAll(async () => {
    for (const instance of instances) await instance.stop();
    await redis.stop();
    await proxy.close();
    await checker?.close().catch(() => undefined);
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    // Kept after a failure: the servers' logs and every operation, for the replay.
    if (passed) rmSync(logDir, { recursive: true, force: true });
  }, 60_000);

  /** The ledger as staff see it (GET /api/admin/ledger/check), through any instance that answers. */
  async function httpLedgerProblems(): Promise<string[]> {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const instance = instances[attempt % instances.length]!;
      const res = await client.request({
        actor: 'checker',
        op: 'ledger-check',
        instance,
        method: 'GET',
        path: '/admin/ledger/check',
        token: world.staff!.token,
      });
      if (succeeded(res)) {
        const report = (res.body?.data as { report: { ok: boolean; problems: unknown[] } }).report;
        return report.ok ? [] : [`GET /admin/ledger/check: ${JSON.stringify(report.problems)}`];
      }
      if (!indeterminate(res)) return [`GET /admin/ledger/check answered ${res.status}`];
      await sleep(500);
    }
    return ['GET /admin/ledger/check never answered'];
  }

  it(
    'keeps every invariant through database, Redis and instance faults',
    async () => {
      const problems: string[] = [];
      // Each phase is announced, so a run cut off by its timeout shows where it stood.
      const phase = (name: string) =>
        console.log(`fault simulation: ${name} at +${((Date.now() - startedAt) / 1000).toFixed(1)}s`);
      const checkpoint = async () => {
        const at = `checkpoint +${((Date.now() - startedAt) / 1000).toFixed(1)}s`;
        const found = await structuralProblems(checker!.db).catch((e: Error) => [`unreadable: ${e.message}`]);
        problems.push(...found.filter((p) => !p.startsWith('unreadable')).map((p) => `${at}: ${p}`));
        problems.push(...(await httpLedgerProblems()).map((p) => `${at}: ${p}`));
      };
      const targets: FaultTargets = {
        proxy,
        redis,
        instances,
        startedAt,
        checkpoint,
        terminateBackends: async () => {
          const result = await admin.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [dbName],
          );
          return result.rowCount ?? 0;
        },
      };
      const root = new Prng(SEED);
      const until = Date.now() + SECONDS * 1000;
      const actors = Array.from({ length: ACTORS }, (_, i) =>
        runActor({ world, client, prng: root.fork(i), actor: `u${i}`, instances }, until, () => false),
      );
      phase('faults and actors');
      const faults = await runFaults(targets, root.fork(1000), until, problems);
      phase('waiting for the actors');
      await Promise.all(actors);

      phase('healing');
      await healAll(targets);
      const healedAt = Date.now();
      phase('settling open keys');
      problems.push(...(await settleOpenKeys(client, world, instances, healedAt + KEY_RELEASE_BOUND_MS)));
      phase('checking the data');
      problems.push(...(await structuralProblems(checker!.db)));
      problems.push(...(await httpLedgerProblems()));
      problems.push(...(await observationProblems(checker!.db, world)));
      // Negative control: a deposit a client was told committed but that is not in the data is noticed.
      const control = new World();
      control.users.push(...world.users);
      control.keyed.set('control', {
        key: 'control',
        kind: 'deposit',
        user: 0,
        method: 'POST',
        path: '/wallet/deposit',
        body: {},
        amountMinor: 1,
        transactionId: null,
        answers: [{ status: 200, code: null, replayed: false, reference: 'dep_control' }],
      });
      const flagged = await observationProblems(checker!.db, control);
      if (!flagged.some((p) => p.startsWith('key control: deposit answered 200')))
        problems.push(
          `the checks missed a committed deposit that is not in the data: ${flagged.length} found`,
        );
      phase('checking wallets');
      problems.push(...(await checkWallets(client, world, instances, checker!.db)));
      problems.push(...client.violations);
      for (const exit of exits)
        problems.push(
          `instance ${exit.instance} exited on its own (code ${exit.code}, signal ${exit.signal})`,
        );

      const facts = {
        seed: SEED,
        seconds: SECONDS,
        elapsedMs: Date.now() - startedAt,
        world,
        client,
        faults,
        exits,
        instances,
        logDir,
      };
      client.dump(path.join(logDir, 'operations.log'));
      console.log(summary(facts));
      if (problems.length > 0) console.error(failureReport(facts, problems));
      expect(problems, `seed ${SEED}: see the report above`).toEqual([]);
      passed = true;
    },
    (SECONDS + 240) * 1000,
  );
});
