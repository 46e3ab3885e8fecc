/**
 * Turns one run's measurements into the Markdown table: every row with its baselines from the same run
 * (% of /api/health in the same server, % of bare Fastify, % of one SELECT 1 round trip) and the
 * speed issue's targets as pass/fail marks. Targets are informational: nothing fails on them.
 */
import os from 'node:os';
import type { Measurement } from './load.ts';

export const APP_ROWS = [
  { key: 'health', label: 'GET /api/health' },
  { key: 'id', label: 'GET /api/transactions/{id}' },
  { key: 'idOne', label: 'GET /api/transactions/{id}, one id (PGlite: read cache)' },
  { key: 'wallet', label: 'GET /api/wallet' },
  { key: 'list', label: 'GET /api/transactions/my-transactions' },
  { key: 'search', label: 'GET my-transactions?q=… (search)' },
  { key: 'vendors', label: 'GET /api/vendors?sort=rating&page=1…100 (10,000 vendors)' },
  { key: 'vendorsFiltered', label: 'GET /api/vendors?q=…&specialty=…&sort=orders' },
] as const;
export type AppRowKey = (typeof APP_ROWS)[number]['key'];
export type AppMeasurements = Record<AppRowKey, Measurement>;

/**
 * Reference rows, PostgreSQL only: routes the bench adds to the app (app-server.ts) that split a read's
 * cost into what every authenticated request pays and what its data costs.
 */
export const REFERENCE_ROWS = [
  { key: 'authOnly', label: 'authenticated, 200-byte JSON from memory' },
  { key: 'authSelect1', label: 'authenticated SELECT 1 (app pool)' },
] as const;
export type ReferenceRowKey = (typeof REFERENCE_ROWS)[number]['key'];
export type ReferenceMeasurements = Record<ReferenceRowKey, Measurement>;

export type Results = {
  connections: number;
  embedded?: AppMeasurements;
  bare?: Measurement;
  roundTrip?: Measurement;
  postgres?: AppMeasurements;
  reference?: ReferenceMeasurements;
  ledger?: { insert: Measurement; cycle: Measurement; workers: number };
};

type Target = { label: string; pass: boolean | null };
type Row = {
  name: string;
  m: Measurement;
  vsHealth?: number;
  vsBare?: number;
  vsRoundTrip?: number;
  targets: Target[];
};

/** Fraction of a baseline's requests per second. */
const ratio = (m: Measurement, base: Measurement | undefined) =>
  base ? m.perSecond / base.perSecond : undefined;
const atLeast = (label: string, value: number | undefined, min: number): Target => ({
  label: `${label} ≥ ${min * 100}%`,
  pass: value === undefined ? null : value >= min,
});

/** The targets per app row (docs/performance.md "Where it stands against the targets"). */
const EMBEDDED_TARGETS: Partial<Record<AppRowKey, number>> = { id: 0.25, wallet: 0.25, list: 0.15 };
const POSTGRES_TARGETS: Partial<Record<AppRowKey, { bare: number; roundTrip?: number }>> = {
  id: { bare: 0.25, roundTrip: 0.6 },
  wallet: { bare: 0.25, roundTrip: 0.6 },
  list: { bare: 0.15 },
  search: { bare: 0.05 },
};
const ID_P99_MS = 50;
const LEDGER_MAX_INSERTS_PER_CYCLE = 10;

function rows(r: Results): Row[] {
  const out: Row[] = [];
  if (r.embedded) {
    const health = r.embedded.health;
    for (const { key, label } of APP_ROWS) {
      const m = r.embedded[key];
      const vsHealth = ratio(m, health);
      const min = EMBEDDED_TARGETS[key];
      out.push({
        name: `PGlite · ${label}`,
        m,
        vsHealth,
        vsBare: ratio(m, r.bare),
        targets: min ? [atLeast('/api/health', vsHealth, min)] : [],
      });
    }
  }
  if (r.bare) out.push({ name: 'Baseline · bare Fastify, 200-byte JSON', m: r.bare, vsBare: 1, targets: [] });
  if (r.roundTrip)
    out.push({
      name: 'Baseline · SELECT 1 round trip (bare Fastify + pg pool)',
      m: r.roundTrip,
      vsBare: ratio(r.roundTrip, r.bare),
      vsRoundTrip: 1,
      targets: [],
    });
  if (r.postgres) {
    const health = r.postgres.health;
    for (const { key, label } of APP_ROWS) {
      const m = r.postgres[key];
      const vsBare = ratio(m, r.bare);
      const vsRoundTrip = ratio(m, r.roundTrip);
      const target = POSTGRES_TARGETS[key];
      const targets: Target[] = [];
      if (target) targets.push(atLeast('bare', vsBare, target.bare));
      if (target?.roundTrip) targets.push(atLeast('SELECT 1', vsRoundTrip, target.roundTrip));
      if (key === 'id')
        targets.push({
          label: `p99 ≤ ${ID_P99_MS} ms at 50 conn.`,
          pass: r.connections === 50 ? m.p99 <= ID_P99_MS : null,
        });
      out.push({
        name: `PostgreSQL · ${label}`,
        m,
        vsHealth: ratio(m, health),
        vsBare,
        vsRoundTrip,
        targets,
      });
    }
  }
  if (r.reference && r.postgres)
    for (const { key, label } of REFERENCE_ROWS) {
      const m = r.reference[key];
      out.push({
        name: `Reference · ${label}`,
        m,
        vsHealth: ratio(m, r.postgres.health),
        vsBare: ratio(m, r.bare),
        vsRoundTrip: ratio(m, r.roundTrip),
        targets: [],
      });
    }
  if (r.ledger) {
    const { insert, cycle, workers } = r.ledger;
    const cost = insert.perSecond / cycle.perSecond;
    out.push({ name: `Ledger · single INSERT, ${workers} workers`, m: insert, targets: [] });
    out.push({
      name: `Ledger · escrow cycle (hold + release), ${workers} workers`,
      m: cycle,
      targets: [
        {
          label: `cycle costs ${cost.toFixed(1)} single INSERTs (≤ ${LEDGER_MAX_INSERTS_PER_CYCLE})`,
          pass: cost <= LEDGER_MAX_INSERTS_PER_CYCLE,
        },
      ],
    });
  }
  return out;
}

const num = (n: number) =>
  !Number.isFinite(n) ? '–' : n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
/** autocannon's latencies have 1 ms resolution; the ledger's are finer. */
const ms = (n: number) => (!Number.isFinite(n) ? '–' : n >= 10 ? n.toFixed(0) : n.toFixed(1));
const percent = (f: number | undefined) =>
  f === undefined ? '' : f * 100 >= 10 ? `${(f * 100).toFixed(0)}%` : `${(f * 100).toFixed(1)}%`;
const mark = (t: Target) => `${t.pass === null ? 'n/a' : t.pass ? '✓' : '✗'} ${t.label}`;

function cells(row: Row): string[] {
  const notes = row.targets.map(mark);
  const { non2xx, errors, timeouts } = row.m.failures;
  if (non2xx) notes.push(`⚠ ${non2xx} non-2xx`);
  if (errors) notes.push(`⚠ ${errors} failed${timeouts ? ` (${timeouts} timed out at 10 s)` : ''}`);
  if (!row.m.ops) notes.push('⚠ no request completed in time');
  return [
    row.name,
    row.m.perSecond.toFixed(0),
    row.m.ops ? ms(row.m.p50) : '–',
    row.m.ops ? ms(row.m.p99) : '–',
    num(row.m.cpuMsPerOp),
    percent(row.vsHealth),
    percent(row.vsBare),
    percent(row.vsRoundTrip),
    notes.join(' · '),
  ];
}

const HEAD = [
  'Row',
  'Req/s',
  'p50 ms',
  'p99 ms',
  'CPU ms/req',
  '% /api/health',
  '% bare',
  '% SELECT 1',
  'Targets',
];
const RIGHT = [false, true, true, true, true, true, true, true, false];

/** The table as Markdown, padded so that it also reads in a terminal. */
function table(results: Results): string {
  const body = rows(results).map(cells);
  const widths = HEAD.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (c: string[]) =>
    `| ${c.map((v, i) => (RIGHT[i] ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (RIGHT[i] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(HEAD), rule, ...body.map(line)].join('\n');
}

/** How many targets passed, out of those that could be judged. */
function targetSummary(results: Results): string {
  const judged = rows(results)
    .flatMap((r) => r.targets)
    .filter((t) => t.pass !== null);
  return `${judged.filter((t) => t.pass).length} of ${judged.length} targets met`;
}

export type RunContext = {
  postgresVersion: string | null;
  seconds: number;
  warmupSeconds: number;
  ledgerWorkers: number;
  poolMax: number | null;
  logTo: string;
  seeded: string;
  loadAverage: { start: string; end: string };
  profiling: boolean;
  /** Markdown sections with the CPU profiles' top functions. */
  profiles: string[];
  /** Further Markdown sections, after the table's notes (the ledger rows round by round). */
  sections?: string[];
};

/** The whole report: conditions, the table, how to read it, and the profiles when asked for. */
export function renderReport(results: Results, c: RunContext): string {
  const cpus = os.cpus();
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    `## Server benchmark (${when} UTC)`,
    '',
    `- Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, ` +
      (c.postgresVersion
        ? `PostgreSQL ${c.postgresVersion} on the same machine.`
        : 'no PostgreSQL (BENCH_DATABASE_URL unset).'),
    `- HTTP rows: autocannon, ${results.connections} keep-alive connections, ${c.seconds} s per row after ` +
      `${c.warmupSeconds} s of warm-up. Ledger rows: ${c.ledgerWorkers} workers, ${c.seconds} s each.`,
    `- App: its own process, NODE_ENV=production, request log at info to ${c.logTo}, helmet on, scheduler off` +
      (c.poolMax ? `, pool of ${c.poolMax} (the baselines' and the ledger rows' pool too).` : '.'),
    `- Data: ${c.seeded}.`,
    `- Load average (1, 5, 15 min): ${c.loadAverage.start} at the start, ${c.loadAverage.end} at the end.`,
    ...(c.profiling
      ? ['- **CPU profiler on** in the app processes: figures are lower than without it.']
      : []),
    '',
    table(results),
    '',
    `${targetSummary(results)}. CPU ms/req: CPU time (user + system) the server process used during the ` +
      'load, read with process.cpuUsage() inside it, ÷ 2xx responses; for ledger rows, the bench process ' +
      "running the ledger functions ÷ operations. PostgreSQL's own CPU is not included. p50/p99 include " +
      `queueing at ${results.connections} connections.`,
    ...(c.sections ?? []).flatMap((section) => ['', section]),
    ...c.profiles.flatMap((p) => ['', p]),
  ].join('\n');
}
