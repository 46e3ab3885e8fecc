/**
 * The server side of the API benchmark (run in a child process by bench/api.ts): the real app on a
 * seeded database, and a bare Fastify app with one "hello" route as the baseline.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { transactionTotals } from '@escrow/shared/domain/fees';
import { TRANSACTION_STATUSES } from '@escrow/shared/domain/transaction-machine';
import { loadConfig } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { transactions } from '../src/db/schema/transactions.ts';
import { users } from '../src/db/schema/users.ts';
import { buildApp, type App } from '../src/app.ts';

export type BenchTarget = {
  apiPort: number;
  helloPort: number;
  token: string;
  transactionIds: string[];
  seeded: number;
};

export const SEEDED_TRANSACTIONS = 10_000;
const OTHER_USERS = 200;
const WORDS = [
  'Camera lens',
  'iPhone 13',
  'Sofa set',
  'Laptop',
  'Generator',
  'Ankara fabric',
  'Bicycle',
  'Textbooks',
];

async function scratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `escrow_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Seeds 10,000 transactions in bulk. The benchmark user is a member of every one of them (creator
 * of half, counterparty of the other half): the heaviest account, the worst case for the list.
 */
export async function startBenchServers(
  serverUrl: string | null,
): Promise<{ target: BenchTarget; app: App }> {
  const scratch = serverUrl ? await scratchDatabase(serverUrl) : null;
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'escrow-bench-')),
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build'),
      SCHEDULER_ENABLED: 'false',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
    { memoryDatabase: true },
  );
  const database = await openDatabase(config.database);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();

  const people = await app.db
    .insert(users)
    .values(
      Array.from({ length: OTHER_USERS + 1 }, (_, i) => ({
        email: `bench-${i}-${uuidv7()}@example.com`,
        passwordHash: 'bench',
        firstName: i === 0 ? 'Bench' : `Trader${i}`,
        lastName: i === 0 ? 'User' : `Number${i}`,
      })),
    )
    .returning({ id: users.id });
  const me = people[0]!.id;
  const ids: string[] = [];
  const now = Date.now();
  for (let start = 0; start < SEEDED_TRANSACTIONS; start += 500) {
    const rows = Array.from({ length: Math.min(500, SEEDED_TRANSACTIONS - start) }, (_, k) => {
      const i = start + k;
      const other = people[1 + (i % OTHER_USERS)]!.id;
      const price = 100_000 + (i % 97) * 12_345;
      const { feeMinor, totalMinor } = transactionTotals(price);
      const id = uuidv7();
      ids.push(id);
      const createdAt = new Date(now - i * 60_000);
      return {
        id,
        description: `${WORDS[i % WORDS.length]} #${i}`,
        price,
        fee: feeMinor,
        total: totalMinor,
        useCourier: i % 2 === 0,
        status: TRANSACTION_STATUSES[i % TRANSACTION_STATUSES.length]!,
        creatorId: i % 2 === 0 ? me : other,
        creatorRole: i % 3 === 0 ? ('SELLER' as const) : ('BUYER' as const),
        counterpartyId: i % 2 === 0 ? other : me,
        createdAt,
        updatedAt: createdAt,
      };
    });
    await app.db.insert(transactions).values(rows);
  }
  // What the running app's scheduler does hourly on PGlite (PostgreSQL's autovacuum does it itself).
  await app.db.execute(sql`analyze`);
  const { token } = await app.tokens.issue(me);
  const apiAddress = await app.listen({ host: '127.0.0.1', port: 0 });

  const hello = Fastify({ logger: false });
  hello.get('/hello', async () => ({ hello: 'world' }));
  const helloAddress = await hello.listen({ host: '127.0.0.1', port: 0 });

  process.once('SIGTERM', () => {
    void (async () => {
      await hello.close();
      await app.close();
      await database.close();
      await scratch?.drop();
      process.exit(0);
    })();
  });
  const target = {
    apiPort: Number(new URL(apiAddress).port),
    helloPort: Number(new URL(helloAddress).port),
    token,
    transactionIds: ids,
    seeded: SEEDED_TRANSACTIONS,
  };
  return { target, app };
}
