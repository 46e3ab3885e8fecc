import { createRequire } from 'node:module';
import pg from 'pg';

/** pg's own conversion of a parameter to its wire text (what its Query's bind uses). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

/**
 * node-postgres sends `Describe` with every execution of a named prepared statement and, from the
 * answer, rebuilds the result's field list and one type parser per column: for a transaction's record
 * (about 55 columns) that was about a sixth of the request's CPU, and PostgreSQL describes the portal
 * each time too. A named statement's columns cannot change on its connection without the statement
 * failing (PostgreSQL refuses a cached plan whose result type changed), so they are remembered here, per
 * connection and statement, from its first execution; later executions send Bind and Execute only and
 * reuse the fields and parsers (docs/performance.md, "The PostgreSQL reads").
 *
 * This subclasses pg's `Query` and reads its result's field and parser lists, which are internal to pg;
 * described-statements.pg.test.ts compares every answer with pg's own path (types, NULLs, errors,
 * no-row statements, a dropped connection), so a pg release that changes them fails there.
 */
type Connection = {
  parsedStatements: Record<string, string | undefined>;
  bind: (options: object) => void;
  close: (options: object) => void;
  sync: () => void;
};
type ResultInternals = {
  fields: pg.FieldDef[];
  _parsers: ((value: string) => unknown)[] | undefined;
  addFields: (fields: pg.FieldDef[]) => void;
};
type QueryInternals = {
  name?: string;
  text?: string;
  values?: unknown[];
  portal: string;
  binary?: boolean;
  rows?: number;
  _result: ResultInternals;
  _getRows: (connection: Connection, rows: number | undefined) => void;
  handleError: (error: unknown, connection: Connection) => void;
};
type Described = { fields: pg.FieldDef[]; parsers: ((value: string) => unknown)[] | undefined };

const describedByConnection = new WeakMap<object, Map<string, Described>>();

class DescribedQuery extends (pg.Query as unknown as new (...args: unknown[]) => object) {
  private connection: Connection | null = null;

  prepare(this: QueryInternals & DescribedQuery, connection: Connection) {
    this.connection = connection;
    const known = this.name ? describedByConnection.get(connection)?.get(this.name) : undefined;
    // The first execution on this connection, or a name reused for other text (pg refuses that itself).
    if (!known || connection.parsedStatements[this.name!] !== this.text) {
      (pg.Query.prototype as unknown as { prepare: (c: Connection) => void }).prepare.call(this, connection);
      return;
    }
    try {
      connection.bind({
        portal: this.portal,
        statement: this.name,
        values: this.values,
        binary: this.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      // As pg does: nothing was executed; the statement is closed so the connection stays usable.
      connection.close({ type: 'S', name: this.name });
      connection.sync();
      this.handleError(error, connection);
      return;
    }
    this._result.fields = known.fields;
    this._result._parsers = known.parsers;
    (this as unknown as { _accumulateRows: boolean })._accumulateRows = true;
    this._getRows(connection, this.rows);
  }

  handleRowDescription(this: QueryInternals & DescribedQuery, message: { fields: pg.FieldDef[] }) {
    (
      pg.Query.prototype as unknown as { handleRowDescription: (m: object) => void }
    ).handleRowDescription.call(this, message);
    if (!this.connection || !this.name) return;
    let described = describedByConnection.get(this.connection);
    if (!described) describedByConnection.set(this.connection, (described = new Map()));
    described.set(this.name, { fields: this._result.fields, parsers: this._result._parsers });
  }

  handleError(this: QueryInternals & DescribedQuery, error: unknown, connection: Connection) {
    // Described again next time: after an error nothing is assumed about the statement.
    if (this.connection && this.name) describedByConnection.get(this.connection)?.delete(this.name);
    (pg.Query.prototype as unknown as QueryInternals).handleError.call(this, error, connection);
  }
}

type QueryConfig = { name?: unknown; text?: unknown; submit?: unknown; rows?: unknown };

/** Named statements, promise or callback, as drizzle and pg-pool send them; nothing else is touched. */
function isNamedStatement(config: unknown): config is QueryConfig {
  if (typeof config !== 'object' || config === null) return false;
  const query = config as QueryConfig;
  return (
    typeof query.name === 'string' &&
    query.name !== '' &&
    typeof query.text === 'string' &&
    query.submit === undefined &&
    query.rows === undefined
  );
}

/**
 * Makes one pooled connection run its named statements through DescribedQuery (db/client.ts calls
 * this for every connection the pool opens, so `pool.query` and transactions alike are covered).
 */
export function keepRowDescriptions(client: pg.Client): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [config, second, third] = args;
    if (!isNamedStatement(config)) return query(...args);
    const values = typeof second === 'function' ? undefined : second;
    const callback = typeof second === 'function' ? second : third;
    if (typeof callback === 'function') {
      query(new DescribedQuery(config, values, callback));
      return undefined;
    }
    return new Promise((resolve, reject) => {
      query(
        new DescribedQuery(config, values, (error: unknown, result: unknown) =>
          error ? reject(error as Error) : resolve(result),
        ),
      );
    });
  }) as typeof client.query;
}
