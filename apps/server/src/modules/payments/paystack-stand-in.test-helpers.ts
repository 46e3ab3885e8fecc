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
  | 'dedicated_account';

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
  private readonly reshapers = new Map<StandInRoute, Reshaper>();
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
      const data = paid ? { status: 'success', ...paid } : { status: 'abandoned', ...started! };
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
