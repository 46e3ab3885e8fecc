/**
 * The ledger rows (PostgreSQL): escrow cycles per second through the app's ledger functions, beside
 * single-row INSERTs into a two-column table, both from 8 concurrent workers on the app's pool in the
 * same run, on the same database, with PostgreSQL's default synchronous_commit.
 * One escrow cycle is a payment into escrow (`holdFromWallet`) and its release to the seller and the
 * platform (`releaseHold`): 2 journal entries, 5 postings, the escrow account, 5 cached-balance moves
 * with their guards, the hold row and its resolution. Each money event is the ledger's one statement on
 * its own (autocommit: one round trip, one commit), given the database instead of a transaction; in the
 * app the same statement runs inside the step's transaction. A plain buyer-paid trade, no webhook
 * endpoint. Each worker pays from its own buyer to its own seller, as concurrent payments come from
 * different people; every release credits the one platform fee account, as in production (that row is
 * the shared one: releases queue on it, one commit at a time).
 *
 * Measured at steady state, not on a fresh database (issue 28):
 * - the tables are primed first (PRIME_CYCLES cycles through the same functions, and as many INSERTs);
 * - before each row: VACUUM ANALYZE of the tables the row touches, then a CHECKPOINT (a checkpoint
 *   running during one row and not the other writes whole pages to the WAL on each first change, which
 *   costs a cycle far more than an INSERT), then 1 s of warm-up;
 * - the two rows alternate over ROUNDS rounds (INSERT, cycle, INSERT, cycle, ...), the load average
 *   printed with each, and the table shows each row's median round (by PostgreSQL CPU per operation);
 * - PostgreSQL's CPU is read from /proc (utime + stime) of the backends serving the scratch database
 *   (its client backends, found in pg_stat_activity), before and after each row, divided by the
 *   operations. It needs PostgreSQL on this machine; otherwise it is left out. It is fairly robust to
 *   the machine's load, unlike operations per second.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, Db } from '../src/db/client.ts';
import { users } from '../src/db/schema/users.ts';
import {
  accountCodes,
  checkLedger,
  holdFromWallet,
  postEntry,
  releaseHold,
} from '../src/modules/ledger/index.ts';
import { loopLoad, type Measurement } from './load.ts';

export const LEDGER_WORKERS = 8;
/** Cycles (and INSERTs) written before the first measured row. */
const PRIME_CYCLES = Number(process.env.BENCH_LEDGER_PRIME || 10_000);
/** Rounds of the two rows, alternated. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_LEDGER_ROUNDS || 3));
/** The tables each row writes, vacuumed and analyzed before every row. */
const TABLES = ['ledger_accounts', 'journal_entries', 'postings', 'escrow_holds', 'bench_insert'];

/** A row's figures with PostgreSQL's CPU per operation (ms; NaN when /proc could not be read). */
export type LedgerMeasurement = Measurement & { pgCpuMsPerOp: number; loadAverage: string };
export type LedgerRound = { round: number; insert: LedgerMeasurement; cycle: LedgerMeasurement };
export type LedgerResults = {
  /** Each row's median round (by PostgreSQL CPU per operation, else by operations per second). */
  insert: LedgerMeasurement;
  cycle: LedgerMeasurement;
  rounds: LedgerRound[];
  primed: { cycles: number; seconds: number };
  /** Statements PostgreSQL ran for one event (null when auto_explain could not be loaded). */
  statements: StatementCounts | null;
};
export type StatementCounts = { hold: number; release: number; firstRelease: number };

/**
 * Counts the statements PostgreSQL executes for one hold, one release and one release to a seller paid
 * for the first time (their wallet is created), warm: auto_explain, loaded in one session of the pool
 * (superuser only), logs every statement including those inside the ledger functions and the
 * constraint and trigger queries, at NOTICE level, so that they reach this client.
 */
async function countStatements(
  db: Db,
  buyerId: string,
  sellers: [string, string],
): Promise<StatementCounts | null> {
  const client = await (db as unknown as { $client: pg.Pool }).$client.connect();
  const notices: string[] = [];
  const onNotice = (notice: { message?: string }) => notices.push(notice.message ?? '');
  client.on('notice', onNotice);
  try {
    const session = drizzle(client, { casing: 'snake_case' }) as unknown as Db;
    const cycle = async (sellerId: string, count?: (kind: 'hold' | 'release') => void) => {
      const transactionId = randomUUID();
      await holdFromWallet(session, {
        transactionId,
        buyerId,
        currency: 'NGN',
        amountMinor: 102_500,
        idempotencyKey: `hold:${transactionId}`,
      });
      count?.('hold');
      await releaseHold(session, {
        transactionId,
        sellerId,
        priceMinor: 100_000,
        feeMinor: 2_500,
        idempotencyKey: `release:${transactionId}`,
      });
      count?.('release');
    };
    for (let i = 0; i < 3; i += 1) await cycle(sellers[0]); // warm: plans cached, accounts exist
    try {
      await client.query(`load 'auto_explain'`);
    } catch {
      return null;
    }
    await client.query(
      `set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on;
       set auto_explain.log_level = 'notice'; set auto_explain.log_analyze = off`,
    );
    const counted: Record<string, number> = {};
    const take = (label: string) => {
      counted[label] = notices.filter((n) => n.includes('Query Text:')).length;
      notices.length = 0;
    };
    notices.length = 0;
    await cycle(sellers[0], (kind) => take(kind));
    await cycle(sellers[1], (kind) => take(kind === 'hold' ? 'ignored' : 'firstRelease'));
    await client.query(`set auto_explain.log_min_duration = -1`);
    return { hold: counted.hold!, release: counted.release!, firstRelease: counted.firstRelease! };
  } finally {
    client.off('notice', onNotice);
    client.release(true); // auto_explain stays loaded in that backend: do not return it to the pool
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const TICKS_PER_SECOND = 100; // USER_HZ: /proc's clock ticks on Linux.

/** CPU time (ms) of each process, from /proc/<pid>/stat (utime + stime); absent when unreadable. */
export function processCpuMs(pids: number[]): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command (which may hold spaces) in parentheses: state is field 3, utime 14, stime 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
    } catch {
      // Not on this machine, or gone.
    }
  }
  return cpu;
}

/** The client backends serving this database now (the pool's connections). */
async function backendPids(db: Db): Promise<number[]> {
  const { rows } = (await db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  )) as unknown as { rows: { pid: number }[] };
  return rows.map((r) => Number(r.pid));
}

/** PostgreSQL's CPU (ms) from `before` to now over the backends seen then or now. */
async function pgCpuSince(db: Db, before: Map<number, number>): Promise<{ ms: number; lost: number }> {
  const now = processCpuMs(await backendPids(db));
  let ms = 0;
  // A backend that started during the row counts from 0; one that ended during it is lost (counted).
  for (const [pid, cpu] of now) ms += cpu - (before.get(pid) ?? 0);
  const lost = [...before.keys()].filter((pid) => !now.has(pid)).length;
  return { ms, lost };
}

const median = <T>(items: T[], by: (item: T) => number) =>
  [...items].sort((a, b) => by(a) - by(b))[Math.floor((items.length - 1) / 2)]!;

export async function ledgerRows(
  { db }: Database,
  seconds: number,
  warmupSeconds: number,
  progress: (line: string) => void = (line) => console.error(`bench: ${line}`),
): Promise<LedgerResults> {
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: 2 * LEDGER_WORKERS }, (_, i) => ({
        email: `bench-${i}-${randomUUID()}@example.com`,
        passwordHash: 'bench',
        firstName: 'Bench',
        lastName: String(i),
      })),
    )
    .returning({ id: users.id });
  // A pair is taken by one cycle at a time: LEDGER_WORKERS workers, as many pairs.
  const pairs = Array.from({ length: LEDGER_WORKERS }, (_, i) => ({
    buyer: people[2 * i]!,
    seller: people[2 * i + 1]!,
  }));
  // Enough money for every cycle the run can make.
  for (const { buyer } of pairs)
    await postEntry(db, {
      idempotencyKey: `bench-fund:${randomUUID()}`,
      kind: 'DEPOSIT',
      description: 'Bench funding',
      currency: 'NGN',
      userId: buyer.id,
      postings: [
        { accountCode: accountCodes.externalFunding('NGN'), amountMinor: -1_000_000_000_000 },
        { accountCode: accountCodes.userWallet(buyer.id, 'NGN'), amountMinor: 1_000_000_000_000 },
      ],
    });
  await db.execute(sql`create table bench_insert (id text primary key, amount bigint not null)`);

  const insert = () => db.execute(sql`insert into bench_insert (id, amount) values (${randomUUID()}, 1)`);
  const cycle = async () => {
    const pair = pairs.pop()!;
    try {
      const transactionId = randomUUID();
      await holdFromWallet(db, {
        transactionId,
        buyerId: pair.buyer.id,
        currency: 'NGN',
        amountMinor: 102_500,
        idempotencyKey: `hold:${transactionId}`,
      });
      await releaseHold(db, {
        transactionId,
        sellerId: pair.seller.id,
        priceMinor: 100_000,
        feeMinor: 2_500,
        idempotencyKey: `release:${transactionId}`,
      });
    } finally {
      pairs.push(pair);
    }
  };

  const statements = await countStatements(db, pairs[0]!.buyer.id, [
    pairs[0]!.seller.id,
    pairs[1]!.seller.id,
  ]);
  progress(
    statements
      ? `ledger: statements inside PostgreSQL: hold ${statements.hold}, release ${statements.release}, ` +
          `release to a first-time seller ${statements.firstRelease}`
      : 'ledger: statements not counted (auto_explain needs a superuser)',
  );

  // Steady state: the tables hold PRIME_CYCLES cycles (and as many INSERTs) before the first row.
  const primeStarted = performance.now();
  let primed = 0;
  await Promise.all(
    Array.from({ length: LEDGER_WORKERS }, async () => {
      while (primed < PRIME_CYCLES) {
        primed += 1;
        await cycle();
        await insert();
      }
    }),
  );
  const primeSeconds = (performance.now() - primeStarted) / 1000;
  progress(`ledger: primed ${primed} cycles and INSERTs in ${primeSeconds.toFixed(1)} s`);

  const measure = async (op: () => Promise<unknown>): Promise<LedgerMeasurement> => {
    for (const table of TABLES) await db.execute(sql.raw(`vacuum analyze ${table}`));
    // After the vacuum, so that its writes are not flushed during the row.
    await db.execute(sql`checkpoint`);
    if (warmupSeconds > 0) await loopLoad(LEDGER_WORKERS, warmupSeconds, op);
    const load = loadAverage();
    const before = processCpuMs(await backendPids(db));
    const m = await loopLoad(LEDGER_WORKERS, seconds, op);
    const pg = await pgCpuSince(db, before);
    if (pg.lost) progress(`ledger: ${pg.lost} backend(s) ended during the row: their CPU is missing`);
    return {
      ...m,
      pgCpuMsPerOp: before.size && m.ops ? pg.ms / m.ops : NaN,
      loadAverage: `${load} → ${loadAverage()}`,
    };
  };
  const show = (m: LedgerMeasurement) =>
    `${m.perSecond.toFixed(0)}/s, PostgreSQL ${m.pgCpuMsPerOp.toFixed(3)} ms CPU/op, ` +
    `bench ${m.cpuMsPerOp.toFixed(3)} ms CPU/op, load ${m.loadAverage}`;

  const rounds: LedgerRound[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const insertRow = await measure(insert);
    progress(`ledger round ${round}: single INSERT ${show(insertRow)}`);
    const cycleRow = await measure(cycle);
    progress(`ledger round ${round}: escrow cycle ${show(cycleRow)}`);
    rounds.push({ round, insert: insertRow, cycle: cycleRow });
  }
  const check = await checkLedger(db);
  if (!check.ok) throw new Error(`ledger check failed after the bench: ${JSON.stringify(check.problems)}`);
  await db.execute(sql`drop table bench_insert`);
  const key = (m: LedgerMeasurement) => (Number.isFinite(m.pgCpuMsPerOp) ? m.pgCpuMsPerOp : -m.perSecond);
  return {
    insert: median(
      rounds.map((r) => r.insert),
      key,
    ),
    cycle: median(
      rounds.map((r) => r.cycle),
      key,
    ),
    rounds,
    primed: { cycles: primed, seconds: primeSeconds },
    statements,
  };
}

/** The rounds as a Markdown section for the report (each row, each round, with the load average). */
export function ledgerRoundsSection(results: LedgerResults, workers: number): string {
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(3) : 'n/a');
  const lines = results.rounds.flatMap(({ round, insert, cycle }) =>
    [
      ['single INSERT', insert],
      ['escrow cycle (hold + release)', cycle],
    ].map(([name, m]) => {
      const row = m as LedgerMeasurement;
      return `| ${round} | ${name as string} | ${row.perSecond.toFixed(0)} | ${ms(row.pgCpuMsPerOp)} | ${ms(row.cpuMsPerOp)} | ${row.loadAverage} |`;
    }),
  );
  const ratio = (r: LedgerRound) => r.cycle.pgCpuMsPerOp / r.insert.pgCpuMsPerOp;
  return [
    `### Ledger rows, round by round (${workers} workers, steady state)`,
    '',
    `Primed with ${results.primed.cycles.toLocaleString('en')} cycles and as many INSERTs ` +
      `(${results.primed.seconds.toFixed(1)} s); VACUUM ANALYZE and a CHECKPOINT before each row. ` +
      'PostgreSQL CPU: utime + stime of the database’s client backends from /proc, ÷ operations. ' +
      'Bench CPU: the bench process running the ledger functions, ÷ operations.',
    '',
    '| Round | Row | Ops/s | PostgreSQL CPU ms/op | Bench CPU ms/op | Load average (1, 5, 15 min), start → end |',
    '| ----: | --- | ----: | -------------------: | --------------: | --- |',
    ...lines,
    '',
    `Cycle ÷ INSERT in PostgreSQL CPU, per round: ${results.rounds.map((r) => ratio(r).toFixed(1)).join(', ')}.`,
    '',
    results.statements
      ? `Statements PostgreSQL runs per event (auto_explain with nested statements, warm): hold ` +
        `${results.statements.hold}, release ${results.statements.release}, release to a seller paid for the ` +
        `first time ${results.statements.firstRelease}; each counts the call itself.`
      : 'Statements per event: not counted (auto_explain needs a superuser).',
  ].join('\n');
}
