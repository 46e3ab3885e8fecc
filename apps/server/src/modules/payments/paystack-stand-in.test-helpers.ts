import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TEST_SECRET = 'sk_test_0123456789abcdef0123456789abcdef';

/** What a reshaper returns to make the endpoint answer with bytes that are not JSON. */
export const NOT_JSON = Symbol('not JSON');

/** The endpoints the stand-in serves, named as the adapter names them in its errors. */
export type StandInRoute =
  | 'transaction/initialize'
  | 'transaction/verify'
  | 'bank/resolve'
  | 'transferrecipient'
  | 'transfer'
  | 'transfer/verify'
  | 'customer'
  | 'dedicated_account'
  | 'refund';

export type StandInRefund = {
  id: number;
  /** Paystack's id of the refunded transaction, and our reference of it. */
  transaction: number;
  reference: string;
  amount: number;
  currency: string;
  status: string;
  merchant_note: string | null;
  customer_note: string | null;
};

type Reshaper = (data: Record<string, unknown>) => unknown;

type Call = {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
};

/**
 * A tiny local stand-in for the parts of Paystack's API the adapter uses, so the adapter is tested
 * over real HTTP. Tests steer it: mark references paid, choose how transfers answer.
 */
export class PaystackStandIn {
  readonly calls: Call[] = [];
  readonly paid = new Map<string, { amount: number; currency: string }>();
  /**
   * How POST /transfer answers: 'error' is a 502 before anything is recorded (the transfer never
   * reached Paystack); 'lost' records the transfer as pending but answers 502 (the reply was lost).
   */
  transferAnswer: 'pending' | 'success' | 'refused' | 'error' | 'lost' = 'pending';
  /** Transfers Paystack knows, by reference; tests move them on (e.g. to 'failed'). */
  readonly transfers = new Map<string, string>();
  /**
   * How POST /refund answers: 'pending' queues it (as Paystack does); 'error' is a 502 before anything
   * is recorded; 'lost' records the refund but answers 502 (the reply was lost); 'refused' is a 400.
   */
  refundAnswer: 'pending' | 'error' | 'lost' | 'refused' = 'pending';
  /** How GET /refund (the list) answers: 'error' is a 502. */
  refundListAnswer: 'ok' | 'error' = 'ok';
  /** Refunds Paystack has, oldest first; tests move them on (status 'processed', 'failed'). */
  readonly refunds: StandInRefund[] = [];
  private readonly reshapers = new Map<StandInRoute, Reshaper>();
  private readonly transactionIds = new Map<string, number>();
  private server: Server | null = null;
  private customers = 0;
  private initialized = new Map<string, { amount: number; currency: string }>();

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Paystack's own (numeric) id of a transaction, by our reference. */
  transactionIdOf(reference: string): number {
    let id = this.transactionIds.get(reference);
    if (id === undefined) this.transactionIds.set(reference, (id = 5_000_000 + this.transactionIds.size));
    return id;
  }

  callsTo(path: string) {
    return this.calls.filter((c) => c.path.startsWith(path));
  }

  /**
   * Until the returned function is called, a successful answer from `route` carries what `reshape`
   * makes of its `data` (a field dropped, a type changed), or bytes that are not JSON (`NOT_JSON`).
   * Everything else the stand-in does (recording a transfer, say) happens as usual.
   */
  reshape(route: StandInRoute, reshape: Reshaper): () => void {
    this.reshapers.set(route, reshape);
    return () => this.reshapers.delete(route);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const url = new URL(req.url ?? '/', 'http://stand-in');
    this.calls.push({
      method: req.method ?? '',
      path: url.pathname + url.search,
      authorization: req.headers.authorization,
      body,
    });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const answer = (status: number, route: StandInRoute, data: Record<string, unknown>) => {
      const reshape = this.reshapers.get(route);
      const shaped = reshape ? reshape(data) : data;
      if (shaped !== NOT_JSON) return send(status, { status: true, data: shaped });
      res.writeHead(status, { 'content-type': 'text/html' });
      res.end('<html><body>Service temporarily unavailable</body></html>');
    };
    if (req.headers.authorization !== `Bearer ${TEST_SECRET}`)
      return send(401, { status: false, message: 'Invalid key' });

    if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
      this.initialized.set(String(body.reference), {
        amount: Number(body.amount),
        currency: String(body.currency),
      });
      return answer(200, 'transaction/initialize', {
        authorization_url: `https://checkout.paystack.test/${body.reference}`,
        reference: body.reference,
      });
    }
    const verify = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && verify) {
      const reference = decodeURIComponent(verify[1]!);
      const paid = this.paid.get(reference);
      const started = this.initialized.get(reference);
      if (!paid && !started) return send(400, { status: false, message: 'Transaction reference not found' });
      const data = {
        id: this.transactionIdOf(reference),
        ...(paid ? { status: 'success', ...paid } : { status: 'abandoned', ...started! }),
      };
      return answer(200, 'transaction/verify', data);
    }
    if (req.method === 'GET' && url.pathname === '/bank/resolve') {
      if (url.searchParams.get('account_number')?.startsWith('000000000'))
        return send(422, {
          status: false,
          message: 'Could not resolve account name. Check parameters or try again.',
        });
      return answer(200, 'bank/resolve', {
        account_name: 'ADAEZE OBI',
        account_number: url.searchParams.get('account_number'),
      });
    }
    if (req.method === 'POST' && url.pathname === '/transferrecipient')
      return answer(201, 'transferrecipient', { recipient_code: 'RCP_standin' });
    if (req.method === 'POST' && url.pathname === '/transfer') {
      const reference = String(body.reference);
      if (this.transfers.has(reference))
        return send(400, { status: false, message: 'Duplicate Transfer Reference' });
      if (this.transferAnswer === 'refused')
        return send(400, { status: false, message: 'Insufficient balance' });
      if (this.transferAnswer === 'error') return send(502, { status: false, message: 'Bad gateway' });
      this.transfers.set(reference, this.transferAnswer === 'lost' ? 'pending' : this.transferAnswer);
      if (this.transferAnswer === 'lost') return send(502, { status: false, message: 'Bad gateway' });
      return answer(200, 'transfer', { status: this.transferAnswer, transfer_code: 'TRF_standin' });
    }
    const verifyTransfer = /^\/transfer\/verify\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && verifyTransfer) {
      const status = this.transfers.get(decodeURIComponent(verifyTransfer[1]!));
      if (!status) return send(404, { status: false, message: 'Transfer not found' });
      return answer(200, 'transfer/verify', { status, transfer_code: 'TRF_standin' });
    }
    if (req.method === 'POST' && url.pathname === '/refund') {
      const reference = String(body.transaction);
      const paid = this.paid.get(reference);
      if (!paid) return send(400, { status: false, message: 'Transaction not found' });
      if (this.refundAnswer === 'refused')
        return send(400, { status: false, message: 'Refund cannot be processed at this time' });
      if (this.refundAnswer === 'error') return send(502, { status: false, message: 'Bad gateway' });
      const refund: StandInRefund = {
        id: 3_000_000 + this.refunds.length,
        transaction: this.transactionIdOf(reference),
        reference,
        amount: body.amount === undefined ? paid.amount : Number(body.amount),
        currency: String(body.currency ?? paid.currency),
        status: 'pending',
        merchant_note: typeof body.merchant_note === 'string' ? body.merchant_note : null,
        customer_note: typeof body.customer_note === 'string' ? body.customer_note : null,
      };
      this.refunds.push(refund);
      if (this.refundAnswer === 'lost') return send(502, { status: false, message: 'Bad gateway' });
      return answer(200, 'refund', { ...refund, transaction: { id: refund.transaction, reference } });
    }
    const fetchRefund = /^\/refund\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && fetchRefund) {
      const refund = this.refunds.find((r) => r.id === Number(fetchRefund[1]));
      if (!refund) return send(404, { status: false, message: 'Refund not found' });
      return answer(200, 'refund', { ...refund });
    }
    if (req.method === 'GET' && url.pathname === '/refund') {
      if (this.refundListAnswer === 'error') return send(502, { status: false, message: 'Bad gateway' });
      // Paystack's list: filtered by its transaction id and currency when given.
      const transaction = url.searchParams.get('transaction');
      const currency = url.searchParams.get('currency');
      const listed = this.refunds.filter(
        (r) =>
          (!transaction || String(r.transaction) === transaction) && (!currency || r.currency === currency),
      );
      return send(200, { status: true, message: 'Refunds retrieved', data: listed });
    }
    if (req.method === 'POST' && url.pathname === '/customer')
      return answer(200, 'customer', { customer_code: `CUS_${(this.customers += 1)}` });
    if (req.method === 'POST' && url.pathname === '/dedicated_account')
      return answer(200, 'dedicated_account', {
        account_number: '9930000001',
        account_name: 'AMANA/ADAEZE OBI',
        bank: { name: 'Wema Bank' },
      });
    return send(404, { status: false, message: 'Not found' });
  }
}

export function sign(body: string, secret = TEST_SECRET): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}
