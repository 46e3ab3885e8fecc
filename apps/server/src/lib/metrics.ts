import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { MONEY_EVENT_KINDS, type MoneyEvent } from '../modules/ledger/index.ts';
import type { Mailer } from './mailer.ts';
import { createLeanHistogram, type HistogramSeries } from './metrics-histogram.ts';

/**
 * The application's Prometheus metrics (docs/operations.md, "Metrics"): one registry per app, built by
 * the composition root and handed to what records into it (never prom-client's global registry: tests
 * build many apps in one process). This file holds what is counted as it happens; what is read at
 * scrape time (database backlogs, sockets, the pool, Redis) is in plugins/metrics.gauges.ts.
 *
 * Labels carry fixed, bounded values only (a route pattern, a job or limit name, a kind, a currency),
 * never an id, an e-mail, a token, an amount or a raw path.
 */
export type AppMetrics = ReturnType<typeof createMetrics>;

/** Seconds; a read answered from memory is well under the first bound, p99 alerts look around 1 s. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const httpDuration = createLeanHistogram(registry, {
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    buckets: HTTP_BUCKETS,
  });
  const moneyEvents = new Counter({
    name: 'money_events_total',
    help: 'Money events committed to the ledger, by kind',
    labelNames: ['kind'] as const,
    registers,
  });
  const moneyAmount = new Counter({
    name: 'money_amount_minor_total',
    help: 'Money moved by committed ledger events, in minor units (kobo), by kind and currency',
    labelNames: ['kind', 'currency'] as const,
    registers,
  });
  const schedulerRuns = new Counter({
    name: 'scheduler_runs_total',
    help: 'Runs of each scheduled job in this instance (failed ones included)',
    labelNames: ['job'] as const,
    registers,
  });
  const schedulerFailures = new Counter({
    name: 'scheduler_failures_total',
    help: 'Runs of each scheduled job in this instance that failed',
    labelNames: ['job'] as const,
    registers,
  });
  const rateLimitRefusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused (429) by a request limit or sign-in throttle, by limit name',
    labelNames: ['limit'] as const,
    registers,
  });
  const mailsSent = new Counter({
    name: 'emails_sent_total',
    help: 'E-mails handed to the transport (SMTP or the outbox directory), by result',
    labelNames: ['result'] as const,
    registers,
  });
  const mailsSending = new Gauge({
    name: 'emails_sending',
    help: 'E-mails being handed to the transport right now (sent after commit, in the background)',
    registers,
  });
  // Counters start at 0 for every known label, so the first event shows as an increase.
  for (const kind of MONEY_EVENT_KINDS) moneyEvents.inc({ kind }, 0);
  for (const result of ['sent', 'failed']) mailsSent.inc({ result }, 0);
  // Created by the first check, so no value is reported before there is one to report.
  let ledgerGauges: { ok: Gauge; lastRun: Gauge } | null = null;

  return {
    registry,
    /** Node's process metrics (CPU, memory, event loop, GC), only when /metrics is served. */
    collectProcessMetrics: () => collectDefaultMetrics({ register: registry }),
    /** A request-duration series, kept by the HTTP hook (one per route, method and status class). */
    httpSeries: (method: string, route: string, statusClass: string): HistogramSeries =>
      httpDuration.series({ method, route, status_class: statusClass }),
    moneyEvent: (event: MoneyEvent) => {
      moneyEvents.inc({ kind: event.kind });
      moneyAmount.inc({ kind: event.kind, currency: event.currency }, event.amountMinor);
    },
    /** Every job the scheduler runs, so each shows 0 before its first run or failure. */
    declareSchedulerJobs: (jobs: readonly string[]) => {
      for (const job of jobs) {
        schedulerRuns.inc({ job }, 0);
        schedulerFailures.inc({ job }, 0);
      }
    },
    schedulerJobRan: (job: string, ok: boolean) => {
      schedulerRuns.inc({ job });
      if (!ok) schedulerFailures.inc({ job });
    },
    rateLimitRefused: (limit: string) => rateLimitRefusals.inc({ limit }),
    ledgerChecked: (ok: boolean, at: Date) => {
      ledgerGauges ??= {
        ok: new Gauge({
          name: 'ledger_check_ok',
          help: 'Whether the last ledger check passed (1) or found problems (0)',
          registers,
        }),
        lastRun: new Gauge({
          name: 'ledger_check_last_run_timestamp_seconds',
          help: 'When the last ledger check completed (Unix time)',
          registers,
        }),
      };
      ledgerGauges.ok.set(ok ? 1 : 0);
      ledgerGauges.lastRun.set(at.getTime() / 1000);
    },
    /** The mailer with its sends counted (result only: never the address or the subject). */
    countMails: (mailer: Mailer): Mailer => ({
      outboxDir: mailer.outboxDir,
      async send(mail) {
        mailsSending.inc();
        try {
          const sent = await mailer.send(mail);
          mailsSent.inc({ result: 'sent' });
          return sent;
        } catch (error) {
          mailsSent.inc({ result: 'failed' });
          throw error;
        } finally {
          mailsSending.dec();
        }
      },
    }),
  };
}
