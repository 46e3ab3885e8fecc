import type { Outcome } from './client.ts';

/** The simulation's picture of the system: who exists, what each client was told. */
export type SimUser = {
  index: number;
  id: string;
  email: string;
  token: string;
  bankAccountId: string;
  /** Each deposit/withdrawal key gets its own amount, so the database shows which key moved money. */
  depositSeq: number;
  withdrawSeq: number;
};

export type Resolution = 'REFUND_FULL' | 'REFUND_PARTIAL' | 'RELEASE_PAYMENT' | 'NO_ACTION';

export type SimTx = {
  id: string;
  code: string;
  creator: number;
  buyer: number | null;
  seller: number | null;
  creatorRole: 'BUYER' | 'SELLER';
  price: number;
  total: number;
  /** The last status an answer reported (a hint: the server decides). */
  status: string;
  disputeId: string | null;
  proposal: { id: string; by: number; resolution: Resolution } | null;
};

export type KeyedKind = 'deposit' | 'withdraw' | 'pay' | 'receipt';

/** A request sent with an Idempotency-Key, and every answer it got. */
export type KeyedRequest = {
  key: string;
  kind: KeyedKind;
  user: number;
  method: 'POST' | 'PUT';
  path: string;
  body: Record<string, unknown>;
  amountMinor: number | null;
  transactionId: string | null;
  answers: { status: number; code: string | null; replayed: boolean; reference: string | null }[];
};

export const referenceOf = (o: Outcome): string | null => {
  const data = o.body?.data as
    { deposit?: { reference?: string }; withdrawal?: { reference?: string } } | undefined;
  return data?.deposit?.reference ?? data?.withdrawal?.reference ?? null;
};

export class World {
  readonly users: SimUser[] = [];
  readonly txs: SimTx[] = [];
  readonly keyed = new Map<string, KeyedRequest>();
  /** Actions the clients were told committed (2xx), by transaction id or dispute id. */
  readonly committed = {
    created: new Set<string>(),
    joined: new Set<string>(),
    shipped: new Set<string>(),
    receipts: new Set<string>(),
    cancelled: new Set<string>(),
    disputes: new Map<string, string>(),
    decided: new Map<string, { transactionId: string; resolution: Resolution }>(),
  };
  readonly opCounts = new Map<string, number>();
  staff: { id: string; token: string } | null = null;
  private keySeq = 0;

  count(op: string, status: number) {
    const bucket = `${op} ${status === 0 ? 'net' : status}`;
    this.opCounts.set(bucket, (this.opCounts.get(bucket) ?? 0) + 1);
  }

  newKey(kind: KeyedKind): string {
    this.keySeq += 1;
    return `sim-${kind}-${this.keySeq}-${Math.random().toString(36).slice(2, 8)}`;
  }

  record(request: KeyedRequest, outcome: Outcome) {
    request.answers.push({
      status: outcome.status,
      code: outcome.code,
      replayed: outcome.replayed,
      reference: referenceOf(outcome),
    });
  }

  txsIn(...statuses: string[]): SimTx[] {
    return this.txs.filter((t) => statuses.includes(t.status));
  }

  /** Updates the known status from an answer carrying `data.transaction`. */
  learn(tx: SimTx, outcome: Outcome) {
    const data = outcome.body?.data as
      { transaction?: { status?: string; disputeId?: string | null } } | undefined;
    if (data?.transaction?.status) tx.status = data.transaction.status;
  }
}

/** The definitive answers of a key (not a lost connection, a 503 or "still in progress"). */
export const definitiveAnswers = (r: KeyedRequest) =>
  r.answers.filter((a) => a.status !== 0 && a.status !== 503 && a.code !== 'IDEMPOTENCY_IN_PROGRESS');

/** 'Already applied': the key's request committed but its answer was lost; a later replay may find it. */
export const ALREADY_APPLIED = 'IDEMPOTENCY_ALREADY_APPLIED';

/** The key's request committed: a 2xx, or the server saying it was applied (answer lost). */
export const keyCommitted = (r: KeyedRequest) =>
  r.answers.some((a) => (a.status >= 200 && a.status < 300) || a.code === ALREADY_APPLIED);
