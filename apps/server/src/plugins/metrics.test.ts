import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import type { Db } from '../db/client.ts';
import { accountCodes, holdFromWallet, postEntry } from '../modules/ledger/index.ts';
import { checklist, createUser, deposit, driveTo, get, put, type TestUser } from '../testing/test-kit.ts';
import { openSocket } from '../testing/socket-client.ts';
import { createTestApp, uniqueEmail } from '../testing/test-app.ts';
import { recordLedgerCheck } from './ledger-check.ts';
import { runDueJobs, SCHEDULER_JOBS } from './scheduler.ts';
import type { Socket } from 'socket.io-client';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const bearer = { authorization: `Bearer ${TOKEN}` };

let app: App;
let baseUrl: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  app = await createTestApp({
    METRICS_TOKEN: TOKEN,
    // One sign-up and one waitlist entry per address, so the second of each is refused.
    RATE_LIMIT_SIGNUP_PER_HOUR_PER_IP: '1',
    WAITLIST_RATE_LIMIT_PER_MINUTE: '1',
  });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
});

/** GET /metrics with the token, over real HTTP: the text. */
async function scrape(): Promise<string> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: bearer });
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of the sample with exactly these labels, or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = new Map(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (got.size === wanted.length && wanted.every(([key, value]) => got.get(key) === value))
      return Number(match[3]);
  }
  return undefined;
}
const count = (text: string, name: string, labels: Record<string, string> = {}) =>
  sample(text, name, labels) ?? 0;

describe('GET /metrics without METRICS_TOKEN', () => {
  let plain: App;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => {
    await plain.close();
  });

  it('is a 404 in the usual envelope, whatever the request carries', async () => {
    for (const headers of [{}, bearer]) {
      const res = await plain.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  it('answers 401 without the bearer token, with a wrong one and with another scheme', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${TOKEN}`,
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('# TYPE');
    }
  });

  it('answers Prometheus text, never cached, with the process and application metrics', async () => {
    const res = await fetch(`${baseUrl}/metrics`, { headers: bearer });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'http_request_duration_seconds',
      'money_events_total',
      'money_amount_minor_total',
      'scheduler_runs_total',
      'scheduler_failures_total',
      'scheduler_due_jobs',
      'scheduler_oldest_due_age_seconds',
      'webhook_deliveries',
      'text_messages',
      'emails_sent_total',
      'emails_sending',
      'socket_connections',
      'rate_limit_refusals_total',
    ])
      expect(text, name).toContain(`# TYPE ${name} `);
    // Every job and money kind shows from the start, at 0 until it happens.
    for (const job of SCHEDULER_JOBS) expect(sample(text, 'scheduler_failures_total', { job }), job).toBe(0);
    expect(sample(text, 'money_events_total', { kind: 'withdrawal_reversal' })).toBe(0);
    // PGlite has no pool to report; without REDIS_URL there is no Redis link.
    const pool = sample(text, 'db_pool_total');
    if (app.deps.databaseKind === 'pglite') expect(pool).toBeUndefined();
    else expect(pool).toBeGreaterThan(0);
    expect(text).not.toContain('redis_up');
  });

  it('is not under /api, not in the OpenAPI document and not limited', async () => {
    const spec = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys(spec.json().paths as object)).not.toContain('/metrics');
    for (let i = 0; i < 30; i += 1) await scrape();
  });
});

describe('money counters', () => {
  let buyer: TestUser;
  let seller: TestUser;
  beforeAll(async () => {
    buyer = await createUser(app, 'Bola');
    seller = await createUser(app, 'Chidi', 'USER');
  });

  it('count a deposit and a full trade (pay, release) once each, by kind and amount', async () => {
    const before = await scrape();
    // ₦1,000 with the 2.5% fee paid by the buyer: ₦1,025 deposited and held, ₦1,000 to the seller.
    const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION', { price: 1000 });
    const done = await put(app, buyer, `/api/transactions/${id}/confirm-receipt`, checklist);
    expect(done.statusCode, done.body).toBe(200);
    const after = await scrape();
    const moved = (kind: string) => ({
      events: count(after, 'money_events_total', { kind }) - count(before, 'money_events_total', { kind }),
      amount:
        count(after, 'money_amount_minor_total', { kind, currency: 'NGN' }) -
        count(before, 'money_amount_minor_total', { kind, currency: 'NGN' }),
    });
    expect(moved('deposit')).toEqual({ events: 1, amount: 102_500 });
    expect(moved('hold')).toEqual({ events: 1, amount: 102_500 });
    expect(moved('release')).toEqual({ events: 1, amount: 100_000 });
    expect(moved('fee')).toEqual({ events: 1, amount: 2_500 });
    expect(moved('refund')).toEqual({ events: 0, amount: 0 });
    expect(moved('withdrawal')).toEqual({ events: 0, amount: 0 });
  });

  it('do not count a money step whose database transaction rolls back', async () => {
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE');
    await deposit(app, buyer, 500);
    const before = await scrape();
    const db: Db = app.deps.db;
    await expect(
      db.transaction(async (tx) => {
        await holdFromWallet(tx, {
          transactionId: id,
          buyerId: buyer.id,
          currency: 'NGN',
          amountMinor: 10_000,
          idempotencyKey: `metrics-rollback-hold:${id}`,
        });
        throw new Error('a later write of the step failed');
      }),
    ).rejects.toThrow('a later write of the step failed');
    await expect(
      db.transaction(async (tx) => {
        await postEntry(tx, depositEntry(buyer, `metrics-rollback-deposit:${id}`));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await scrape();
    for (const kind of ['hold', 'deposit'])
      expect(count(after, 'money_events_total', { kind }), kind).toBe(
        count(before, 'money_events_total', { kind }),
      );
  });

  it('count an entry once: a repeated idempotency key posts and counts nothing', async () => {
    const before = await scrape();
    const entry = depositEntry(buyer, `metrics-repeat:${buyer.id}`);
    expect((await postEntry(app.deps.db, entry)).created).toBe(true);
    expect((await postEntry(app.deps.db, entry)).created).toBe(false);
    const after = await scrape();
    expect(count(after, 'money_events_total', { kind: 'deposit' })).toBe(
      count(before, 'money_events_total', { kind: 'deposit' }) + 1,
    );
  });
});

/** A ₦7 deposit entry into the user's wallet from the provider (the sandbox deposit's shape). */
const depositEntry = (user: TestUser, idempotencyKey: string) => ({
  idempotencyKey,
  kind: 'DEPOSIT' as const,
  description: 'Wallet deposit',
  currency: 'NGN',
  userId: user.id,
  postings: [
    { accountCode: accountCodes.externalFunding('NGN'), amountMinor: -700 },
    { accountCode: accountCodes.userWallet(user.id, 'NGN'), amountMinor: 700 },
  ],
});

describe('labels', () => {
  it('name the route pattern, never an id, e-mail or token of the users the test made', async () => {
    const buyer = await createUser(app, 'Dayo');
    const seller = await createUser(app, 'Emeka');
    const id = await driveTo(app, { buyer, seller }, 'ACTIVE');
    expect((await get(app, buyer, `/api/transactions/${id}`)).statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `/no-such-page/${buyer.id}?email=${buyer.email}` });
    const text = await scrape();
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/transactions/:id',
        status_class: '2xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unmatched',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    for (const secret of [id, buyer.id, seller.id, buyer.email, seller.email, buyer.token, seller.token])
      expect(text).not.toContain(secret);
  });
});

describe('scheduler', () => {
  it('counts each job run, and a failed job under its name', async () => {
    const before = await scrape();
    await runDueJobs(app.deps);
    // The database refusing every transaction (an outage): the first job fails and ends the pass.
    const refusing = Object.create(app.deps.db) as Db;
    refusing.transaction = () => Promise.reject(new Error('database away'));
    await expect(runDueJobs({ ...app.deps, db: refusing })).rejects.toThrow('database away');
    const after = await scrape();
    const delta = (name: string, job: string) => count(after, name, { job }) - count(before, name, { job });
    expect(delta('scheduler_runs_total', 'time_based_releases')).toBe(2);
    expect(delta('scheduler_failures_total', 'time_based_releases')).toBe(1);
    expect(delta('scheduler_runs_total', 'webhook_deliveries')).toBe(1);
    expect(delta('scheduler_failures_total', 'webhook_deliveries')).toBe(0);
  });

  it('shows due work waiting and how old it is, read from the database', async () => {
    const buyer = await createUser(app, 'Funke');
    const seller = await createUser(app, 'Gbenga');
    await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const realNow = app.deps.clock.now;
    // A month on, its inspection window has run out: the automatic release is due (not yet run).
    const later = realNow().getTime() + 30 * 24 * 3600_000;
    app.deps.clock.now = () => new Date(later);
    try {
      const text = await scrape();
      expect(sample(text, 'scheduler_due_jobs', { job: 'auto_releases' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'scheduler_oldest_due_age_seconds', { job: 'auto_releases' })).toBeGreaterThan(0);
      for (const job of ['time_based_releases', 'provider_refunds', 'webhook_deliveries', 'text_messages'])
        expect(sample(text, 'scheduler_due_jobs', { job }), job).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'webhook_deliveries', { state: 'pending' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'text_messages', { state: 'failed' })).toBeGreaterThanOrEqual(0);
    } finally {
      app.deps.clock.now = realNow;
    }
  });
});

describe('the rest', () => {
  it('counts refusals by limit name: a request limit and a database throttle', async () => {
    const before = await scrape();
    const statuses: number[] = [];
    // An address of this test's own: the waitlist throttle counts in the database, which other test
    // files share.
    const remoteAddress = `10.${randomInt(1, 255)}.${randomInt(1, 255)}.7`;
    for (let i = 0; i < 2; i += 1) {
      const signup = {
        firstName: 'Hauwa',
        lastName: 'Ibrahim',
        email: uniqueEmail('hauwa'),
        password: 'secret-12',
        acceptPrivacyNotice: true,
      };
      statuses.push(
        (await app.inject({ method: 'POST', url: '/api/auth/signup', payload: signup, remoteAddress }))
          .statusCode,
      );
    }
    for (let i = 0; i < 2; i += 1) {
      const entry = { firstName: 'Wale', lastName: 'Adeyemi', email: uniqueEmail('wait') };
      const res = await app.inject({ method: 'POST', url: '/api/waitlist', payload: entry, remoteAddress });
      statuses.push(res.statusCode);
    }
    expect(statuses.map((status) => status === 429)).toEqual([false, true, false, true]);
    const after = await scrape();
    for (const limit of ['signup-ip', 'waitlist-ip'])
      expect(count(after, 'rate_limit_refusals_total', { limit }), limit).toBe(
        count(before, 'rate_limit_refusals_total', { limit }) + 1,
      );
  });

  it('counts the connected sockets', async () => {
    const user = await createUser(app, 'Ifeoma');
    await openSocket(baseUrl, user.token, sockets);
    expect(sample(await scrape(), 'socket_connections')).toBe(1);
  });

  it('reports the ledger check once it has run, and that it passed', async () => {
    expect(await scrape()).not.toContain('ledger_check_ok');
    const report = await recordLedgerCheck(app.deps);
    expect(report.ok, JSON.stringify(report.problems)).toBe(true);
    const text = await scrape();
    expect(sample(text, 'ledger_check_ok')).toBe(1);
    const at = sample(text, 'ledger_check_last_run_timestamp_seconds')!;
    expect(Math.abs(at - app.deps.clock.now().getTime() / 1000)).toBeLessThan(60);
  });
});
