import { Gauge, type Registry } from 'prom-client';
import type { Db, PoolStats } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { DueBacklog } from '../lib/due-backlog.ts';
import type { RealtimeHub } from '../lib/realtime.ts';
import { createScrapeRead } from '../lib/scrape-read.ts';
import { dueTimeReleaseBacklog } from '../modules/payment-conditions/index.ts';
import { dueProviderRefunds } from '../modules/payments/index.ts';
import { textMessageOutboxState, type TextMessageOutboxState } from '../modules/phone/index.ts';
import { dueAutoReleases } from '../modules/transactions/index.ts';
import { webhookOutboxState, type WebhookOutboxState } from '../modules/webhooks/index.ts';

export type ScrapeGaugeDeps = {
  db: Db;
  clock: Clock;
  realtime: Pick<RealtimeHub, 'io' | 'redisState'>;
  payments: { name: string };
  /** PostgreSQL's pool (null on PGlite, which has none: db/client.ts). */
  poolStats: (() => PoolStats) | null;
  redisConfigured: boolean;
};

type DatabaseReading = {
  backlogs: [job: string, backlog: DueBacklog][];
  webhooks: WebhookOutboxState;
  texts: TextMessageOutboxState;
};

/** A scrape reads the database at most every 5 s and waits for it at most 2 s (lib/scrape-read.ts). */
const DATABASE_READ = { maxAgeMs: 5_000, timeoutMs: 2_000 };

/**
 * The gauges read when Prometheus scrapes: the scheduler's due work and the webhook and text-message
 * outboxes from the database (each read from the module that owns the table), and this instance's sockets, database pool
 * and Redis link from memory. Job labels are the scheduler's job names (plugins/scheduler.ts).
 */
export function registerScrapeGauges(registry: Registry, deps: ScrapeGaugeDeps) {
  const registers = [registry];
  const nowMs = () => deps.clock.now().getTime();
  // One query after another: a scrape holds at most one pooled connection.
  const readDatabase = createScrapeRead(
    async (): Promise<DatabaseReading> => {
      const now = deps.clock.now();
      const autoReleases = await dueAutoReleases(deps.db, now);
      const timeReleases = await dueTimeReleaseBacklog(deps.db, now);
      const refunds = await dueProviderRefunds(deps.db, deps.payments.name, now);
      const webhooks = await webhookOutboxState(deps.db, now);
      const texts = await textMessageOutboxState(deps.db, now);
      return {
        backlogs: [
          ['auto_releases', autoReleases],
          ['time_based_releases', timeReleases],
          ['provider_refunds', refunds],
          ['webhook_deliveries', webhooks.backlog],
          ['text_messages', texts.backlog],
        ],
        webhooks,
        texts,
      };
    },
    { ...DATABASE_READ, nowMs },
  );

  new Gauge({
    name: 'scheduler_due_jobs',
    help: 'Work a scheduled job finds due and has not done yet (read from the database), by job',
    labelNames: ['job'] as const,
    registers,
    async collect() {
      this.reset();
      const reading = await readDatabase();
      for (const [job, backlog] of reading?.backlogs ?? []) this.set({ job }, backlog.due);
    },
  });
  new Gauge({
    name: 'scheduler_oldest_due_age_seconds',
    help: 'How long the oldest due work of a scheduled job has been waiting (0 when none), by job',
    labelNames: ['job'] as const,
    registers,
    async collect() {
      this.reset();
      const reading = await readDatabase();
      const now = nowMs();
      for (const [job, { oldestDueAt }] of reading?.backlogs ?? [])
        this.set({ job }, oldestDueAt ? Math.max(0, (now - oldestDueAt.getTime()) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'webhook_deliveries',
    help: 'Webhook deliveries by state: pending (waiting), retrying (pending after a failed attempt), failed (gave up; kept 30 days)',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      this.reset();
      const webhooks = (await readDatabase())?.webhooks;
      if (!webhooks) return;
      this.set({ state: 'pending' }, webhooks.pending);
      this.set({ state: 'retrying' }, webhooks.retrying);
      this.set({ state: 'failed' }, webhooks.failed);
    },
  });
  new Gauge({
    name: 'text_messages',
    help: 'SMS and WhatsApp messages by state: pending (waiting), retrying (pending after a failed attempt), failed (gave up; kept 30 days)',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      this.reset();
      const texts = (await readDatabase())?.texts;
      if (!texts) return;
      this.set({ state: 'pending' }, texts.pending);
      this.set({ state: 'retrying' }, texts.retrying);
      this.set({ state: 'failed' }, texts.failed);
    },
  });
  new Gauge({
    name: 'socket_connections',
    help: 'Authenticated socket.io connections open on this instance',
    registers,
    collect() {
      this.set(deps.realtime.io()?.of('/').sockets.size ?? 0);
    },
  });
  const poolStats = deps.poolStats;
  if (poolStats) {
    const pool = (name: string, help: string, pick: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(pick(poolStats()));
        },
      });
    pool('db_pool_total', "PostgreSQL connections open in this instance's pool", (s) => s.total);
    pool('db_pool_idle', 'Open PostgreSQL connections not in use', (s) => s.idle);
    pool('db_pool_waiting', 'Queries waiting for a PostgreSQL connection', (s) => s.waiting);
  }
  if (deps.redisConfigured)
    new Gauge({
      name: 'redis_up',
      help: "Whether this instance's live channel reaches Redis (1) or not (0), as readiness reports it",
      registers,
      collect() {
        this.set(deps.realtime.redisState() === 'up' ? 1 : 0);
      },
    });
}
