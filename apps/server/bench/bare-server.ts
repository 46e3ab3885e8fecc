/**
 * The baselines' server process (started by run.ts): bare Fastify, logger off.
 *   GET /hello    a constant 200-byte JSON: the ceiling of HTTP on this machine in this run.
 *   GET /select1  `SELECT 1` through a pg pool of the app's size (when BENCH_POOL_URL is set): the floor
 *                 of any read that touches the database.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { isMain, serveParent } from './child.ts';

export type BareInfo = { port: number };

/** A constant object that serialises to exactly 200 bytes (the app's reference rows answer it too). */
export function hello200() {
  const body = { status: 'ok', message: '' };
  body.message = 'x'.repeat(200 - JSON.stringify(body).length);
  if (Buffer.byteLength(JSON.stringify(body)) !== 200) throw new Error('the baseline body must be 200 bytes');
  return body;
}

async function main() {
  const poolUrl = process.env.BENCH_POOL_URL;
  const pool = poolUrl
    ? new pg.Pool({ connectionString: poolUrl, max: Number(process.env.BENCH_POOL_MAX) })
    : null;
  pool?.on('error', (error) => console.error(`bare server pool: ${error.message}`));

  const app = Fastify({ logger: false });
  const body = hello200();
  app.get('/hello', async () => body);
  if (pool)
    app.get('/select1', async () => {
      const { rows } = await pool.query<{ one: number }>('SELECT 1 AS one');
      return { one: rows[0]!.one };
    });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  serveParent({ port: Number(new URL(address).port) } satisfies BareInfo, async () => {
    await app.close();
    await pool?.end();
  });
}

if (isMain(import.meta.url)) await main();
