import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { keepRowDescriptions } from './described-statements.ts';

/**
 * Named statements through keepRowDescriptions answer exactly as pg's own path does, describe their
 * rows once per connection, and leave the connection usable after every kind of failure. These run
 * against pg's internals (db/described-statements.ts): a pg release that changes them fails here.
 */
describe.runIf(Boolean(inject('databaseUrl')))('named statements that keep their row description', () => {
  const url = inject('databaseUrl') || 'postgres://unused/none';
  const table = `described_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const clients: pg.Client[] = [];
  /** A connection, with its own path (plain) or with keepRowDescriptions; counts the descriptions it receives. */
  async function connect(described: boolean) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    clients.push(client);
    if (described) keepRowDescriptions(client);
    const descriptions = { count: 0 };
    (client as unknown as { connection: NodeJS.EventEmitter }).connection.on('rowDescription', () => {
      descriptions.count += 1;
    });
    return { client, descriptions };
  }
  // drizzle's node-postgres statements: rows as arrays, timestamps as text (drizzle-orm/node-postgres).
  const types = {
    getTypeParser: (id: number, format?: string) =>
      id === pg.types.builtins.TIMESTAMPTZ
        ? (value: string) => value
        : pg.types.getTypeParser(id, (format ?? 'text') as 'text'),
  };
  const byId = (rowMode?: 'array') => ({
    name: `${table}_by_id`,
    text: `select * from ${table} where id = $1`,
    types,
    ...(rowMode ? { rowMode } : {}),
  });

  beforeAll(async () => {
    const { client } = await connect(false);
    await client.query(`create table ${table} (
      id integer primary key, label text, amount numeric(20, 2), minor bigint, paid boolean,
      at timestamptz, ref uuid, tags text[], meta jsonb)`);
    await client.query(`insert into ${table} values
      (1, 'Samsung A54', 285000.50, 28500050, true, '2026-11-29 10:00:00+01', 'f47ac10b-58cc-4372-a567-0e02b2c3d479', '{a,b}', '{"k": [1, "ɓ"]}'),
      (2, null, null, null, null, null, null, null, null)`);
  });
  afterAll(async () => {
    await clients[0]?.query(`drop table if exists ${table}`);
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
  });

  it('answers as pg does, in both row modes, with NULLs and every type, describing once', async () => {
    const plain = await connect(false);
    const described = await connect(true);
    for (const rowMode of ['array', undefined] as const)
      for (let round = 0; round < 3; round += 1)
        for (const id of [1, 2, 3]) {
          const expected = await plain.client.query(byId(rowMode) as never, [id]);
          const actual = await described.client.query(byId(rowMode) as never, [id]);
          expect(actual.rows).toEqual(expected.rows);
          expect(actual.rowCount).toBe(expected.rowCount);
          expect(actual.fields.map((field) => field.name)).toEqual(
            expected.fields.map((field) => field.name),
          );
        }
    // pg describes each of its 18 executions; the kept description is asked for once per statement name
    // (the array and object modes share the name, as in pg, and so the description).
    expect(plain.descriptions.count).toBe(18);
    expect(described.descriptions.count).toBe(1);
  });

  it('keeps answering after a statement fails at execution, and after a parameter that cannot be sent', async () => {
    const { client } = await connect(true);
    const divide = { name: `${table}_divide`, text: 'select 10 / $1::int as quotient', rowMode: 'array' };
    expect((await client.query(divide as never, [2])).rows).toEqual([[5]]);
    await expect(client.query(divide as never, [0])).rejects.toThrow('division by zero');
    expect((await client.query(divide as never, [5])).rows).toEqual([[2]]);
    const unsendable = {
      toPostgres: () => {
        throw new Error('cannot be sent');
      },
    };
    await expect(client.query(divide as never, [unsendable])).rejects.toThrow('cannot be sent');
    // As on pg's own path, a parameter that cannot be sent closes that statement on the server; the
    // connection and its other statements go on.
    expect((await client.query(byId('array') as never, [1])).rows[0]?.[1]).toBe('Samsung A54');
  });

  it('runs statements without rows (counts), rows after none, and through a callback as pg-pool calls it', async () => {
    const { client } = await connect(true);
    const touch = { name: `${table}_touch`, text: `update ${table} set paid = paid where id = $1` };
    for (const id of [1, 3, 2])
      expect((await client.query(touch as never, [id])).rowCount).toBe(id === 3 ? 0 : 1);
    const ids = [3, 1, 3, 2];
    const seen: unknown[] = [];
    for (const id of ids) seen.push((await client.query(byId('array') as never, [id])).rows.length);
    expect(seen).toEqual([0, 1, 0, 1]);
    const viaCallback = await new Promise<pg.QueryResult>((resolve, reject) =>
      client.query(byId() as never, [1], (error: Error | null, result: pg.QueryResult) =>
        error ? reject(error) : resolve(result),
      ),
    );
    expect(viaCallback.rows[0]).toMatchObject({ id: 1, label: 'Samsung A54', amount: '285000.50' });
  });

  it('describes again on a new connection after the old one was dropped', async () => {
    const { client } = await connect(true);
    client.on('error', () => undefined);
    expect((await client.query(byId('array') as never, [1])).rows).toHaveLength(1);
    const { client: admin } = await connect(false);
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    await expect(client.query(byId('array') as never, [1])).rejects.toThrow();
    const fresh = await connect(true);
    expect((await fresh.client.query(byId('array') as never, [1])).rows[0]?.[1]).toBe('Samsung A54');
    expect(fresh.descriptions.count).toBe(1);
  });
});
