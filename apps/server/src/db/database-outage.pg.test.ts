import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../app.ts';
import { runDueJobs } from '../plugins/scheduler.ts';
import { FaultProxy } from '../testing/simulation/db-proxy.ts';
import { createTestApp } from '../testing/test-app.ts';
import { createUser, type TestUser } from '../testing/test-kit.ts';

/**
 * PostgreSQL going away under a serving instance (service suite only). The test never stops the
 * machine's shared server: the app reaches it through a TCP proxy that the test cuts (every connection
 * reset, new ones refused) and restores.
 */
describe.runIf(Boolean(inject('databaseUrl')))('a PostgreSQL outage', () => {
  const real = new URL(inject('databaseUrl') || 'postgres://unused/none');
  const proxy = new FaultProxy({ host: real.hostname, port: Number(real.port || 5432) });
  let app: App;
  let user: TestUser;

  beforeAll(async () => {
    await proxy.open();
    const viaProxy = new URL(real);
    viaProxy.port = String(proxy.port);
    app = await createTestApp({ DATABASE_URL: viaProxy.toString() });
    user = await createUser(app, 'Olu');
  });
  afterAll(async () => {
    await app?.close();
    await proxy.cut().catch(() => {});
  });

  const wallet = () => app.inject({ method: 'GET', url: '/api/wallet', headers: user.headers });

  it('answers fast 503s in the envelope, keeps the scheduler alive, and recovers by itself', async () => {
    expect((await wallet()).statusCode).toBe(200);
    await proxy.cut();

    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const res = await wallet();
      expect(performance.now() - started).toBeLessThan(5000);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      expect(res.headers['retry-after']).toBe('5');
    }
    // A pass of the scheduler fails (and is retried on the next tick); it does not crash anything.
    await expect(runDueJobs(app.deps)).rejects.toBeDefined();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);

    // PostgreSQL is back on the same address: service resumes within 5 s, without a restart.
    await proxy.restore();
    const deadline = Date.now() + 5000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await wallet()).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    await expect(runDueJobs(app.deps)).resolves.toBeDefined();
  }, 60_000);

  const depositOf = (amount: number, key?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/wallet/deposit',
      headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { amount },
    });
  const balance = async () => (await wallet()).json().data.wallet.balance as number;
  /** Runs SQL on the test database directly (not through the proxy), from its own connection. */
  const direct = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: real.toString() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const expectUnavailable = (res: {
    statusCode: number;
    headers: Record<string, unknown>;
    json: () => unknown;
  }) => {
    expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect(res.headers['retry-after']).toBe('5');
  };

  it('answers 503 to requests whose connections PostgreSQL terminates mid-transaction, and stays up', async () => {
    const before = await balance();
    const answers = await direct(async (admin) => {
      // Every deposit blocks inside its transaction on this lock, holding a pooled connection.
      await admin.query('begin');
      await admin.query('lock table journal_entries in exclusive mode');
      const inFlight = Array.from({ length: 20 }, () => depositOf(10));
      await new Promise((resolve) => setTimeout(resolve, 500));
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await admin.query('rollback');
      return Promise.all(inFlight);
    });
    const refused = answers.filter((res) => res.statusCode !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(503);
      expectUnavailable(res);
    }
    expect(await balance()).toBe(before + 10 * (answers.length - refused.length));
    expect((await depositOf(10)).statusCode).toBe(200);
  }, 60_000);

  it('frees the keys of keyed requests cut off by an outage, and runs each exactly once', async () => {
    const before = await balance();
    const keys = Array.from({ length: 30 }, (_, i) => `outage-${i}`);
    await direct(async (admin) => {
      // The deposits claim their keys, then wait inside their transactions on this lock while the
      // database goes away under them: their answers (503) cannot be written back.
      await admin.query('begin');
      await admin.query('lock table journal_entries in exclusive mode');
      const first = Promise.all(keys.map((key) => depositOf(1, key)));
      await new Promise((resolve) => setTimeout(resolve, 500));
      await proxy.cut();
      for (const res of await first) expectUnavailable(res);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await admin.query('rollback');
    });
    await proxy.restore();

    // Within 10 s of the database answering, every key either replays its answer or runs once more.
    const deadline = Date.now() + 10_000;
    let pending = keys;
    while (pending.length > 0 && Date.now() < deadline) {
      const answers = await Promise.all(pending.map((key) => depositOf(1, key)));
      pending = pending.filter((_, i) => answers[i]!.statusCode !== 200);
      if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(pending).toEqual([]);
    expect(await balance()).toBe(before + keys.length);
  }, 60_000);
});
