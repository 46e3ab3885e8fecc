import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../app.ts';
import { runDueJobs } from '../plugins/scheduler.ts';
import { createTestApp } from '../testing/test-app.ts';
import { createUser, type TestUser } from '../modules/transactions/transactions.test-support.ts';

/**
 * PostgreSQL going away under a serving instance (service suite only). The test never stops the
 * machine's shared server: the app reaches it through a TCP proxy that the test cuts (every connection
 * reset, new ones refused) and restores.
 */
class CuttableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(port = 0): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  /** PostgreSQL "stops": open connections are reset, new ones refused. */
  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.resetAndDestroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
    this.server = null;
  }
}

describe.runIf(Boolean(inject('databaseUrl')))('a PostgreSQL outage', () => {
  const real = new URL(inject('databaseUrl') || 'postgres://unused/none');
  const proxy = new CuttableProxy({ host: real.hostname, port: Number(real.port || 5432) });
  let app: App;
  let user: TestUser;

  beforeAll(async () => {
    await proxy.open();
    const viaProxy = new URL(real);
    viaProxy.port = String(proxy.port);
    app = await createTestApp({ DATABASE_URL: viaProxy.toString() });
    user = await createUser(app, 'Olu');
  });
  afterAll(async () => {
    await app?.close();
    await proxy.cut().catch(() => {});
  });

  const wallet = () => app.inject({ method: 'GET', url: '/api/wallet', headers: user.headers });

  it('answers fast 503s in the envelope, keeps the scheduler alive, and recovers by itself', async () => {
    expect((await wallet()).statusCode).toBe(200);
    await proxy.cut();

    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const res = await wallet();
      expect(performance.now() - started).toBeLessThan(5000);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      expect(res.headers['retry-after']).toBe('5');
    }
    // A pass of the scheduler fails (and is retried on the next tick); it does not crash anything.
    await expect(runDueJobs(app.deps)).rejects.toBeDefined();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);

    // PostgreSQL is back on the same address: service resumes within 5 s, without a restart.
    await proxy.open(proxy.port);
    const deadline = Date.now() + 5000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await wallet()).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    await expect(runDueJobs(app.deps)).resolves.toBeDefined();
  }, 60_000);
});
