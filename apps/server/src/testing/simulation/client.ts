import { writeFileSync } from 'node:fs';
import type { ServerInstance } from './instances.ts';

/** What the client saw: an HTTP status (0 when the connection failed or timed out) and the body. */
export type Outcome = {
  status: number;
  code: string | null;
  body: Record<string, unknown> | null;
  replayed: boolean;
  error: string | null;
};

export type OpRecord = {
  seq: number;
  t: number;
  actor: string;
  instance: string;
  op: string;
  path: string;
  status: number;
  code: string | null;
  key: string | null;
  ms: number;
};

export type RequestInput = {
  actor: string;
  op: string;
  instance: ServerInstance;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  token?: string;
  body?: unknown;
  form?: FormData;
  key?: string;
};

/** Indeterminate: the client cannot tell whether the request committed (retry with the same key). */
export const indeterminate = (o: Outcome) =>
  o.status === 0 || o.status === 503 || o.code === 'IDEMPOTENCY_IN_PROGRESS';
export const succeeded = (o: Outcome) => o.status >= 200 && o.status < 300;

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Real HTTP against the instances, with an operation log (for replay and the failure report) and the
 * rules every answer must keep: no 5xx but 503, and a 503 carries the envelope and Retry-After.
 */
export class SimClient {
  readonly log: OpRecord[] = [];
  readonly violations: string[] = [];
  readonly timeouts: OpRecord[] = [];
  private seq = 0;
  constructor(private readonly startedAt: number) {}

  async request(input: RequestInput): Promise<Outcome> {
    const headers: Record<string, string> = {};
    if (input.token) headers.authorization = `Bearer ${input.token}`;
    if (input.key) headers['idempotency-key'] = input.key;
    let payload: string | FormData | undefined;
    if (input.form) payload = input.form;
    else if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(input.body);
    }
    const started = Date.now();
    const record: OpRecord = {
      seq: (this.seq += 1),
      t: started - this.startedAt,
      actor: input.actor,
      instance: input.instance.name,
      op: input.op,
      path: `${input.method} ${input.path}`,
      status: 0,
      code: null,
      key: input.key ?? null,
      ms: 0,
    };
    this.log.push(record);
    let outcome: Outcome;
    try {
      const res = await fetch(`${input.instance.url}/api${input.path}`, {
        method: input.method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      let body: Record<string, unknown> | null = null;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = null;
      }
      const code = typeof body?.code === 'string' ? body.code : null;
      outcome = {
        status: res.status,
        code,
        body,
        replayed: res.headers.get('idempotent-replayed') === 'true',
        error: null,
      };
      this.checkAnswer(record, res.status, body, res.headers.get('retry-after'), text);
    } catch (error) {
      const name = (error as Error).name;
      const message = name === 'TimeoutError' ? 'timeout' : String((error as Error).cause ?? error);
      outcome = { status: 0, code: null, body: null, replayed: false, error: message };
      if (name === 'TimeoutError') this.timeouts.push(record);
    }
    record.status = outcome.status;
    record.code = outcome.code ?? (outcome.error ? `net:${outcome.error.slice(0, 60)}` : null);
    record.ms = Date.now() - started;
    return outcome;
  }

  private checkAnswer(
    record: OpRecord,
    status: number,
    body: Record<string, unknown> | null,
    retryAfter: string | null,
    text: string,
  ) {
    if (status < 500) return;
    const where = `#${record.seq} ${record.instance} ${record.op} ${record.path}`;
    if (status !== 503) {
      this.violations.push(`${where}: answered ${status} (only 503 is allowed): ${text.slice(0, 300)}`);
      return;
    }
    if (body?.success !== false || body.code !== 'SERVICE_UNAVAILABLE')
      this.violations.push(`${where}: 503 without the SERVICE_UNAVAILABLE envelope: ${text.slice(0, 300)}`);
    if (!retryAfter) this.violations.push(`${where}: 503 without a Retry-After header`);
  }

  /** The last `n` operations, one line each, for the failure report. */
  tail(n = 150): string {
    return this.lines(this.log.slice(-n));
  }

  /** Every operation, one line each, into `file` (beside the servers' logs). */
  dump(file: string): void {
    writeFileSync(file, `${this.lines(this.log)}\n`);
  }

  private lines(records: OpRecord[]): string {
    return records
      .map(
        (r) =>
          `#${r.seq} +${(r.t / 1000).toFixed(2)}s ${r.instance} ${r.actor} ${r.op} ${r.path} -> ${r.status}` +
          `${r.code ? ` ${r.code}` : ''}${r.key ? ` key=${r.key}` : ''} (${r.ms} ms)`,
      )
      .join('\n');
  }
}
