import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TransactionUpdatedPayload } from '@escrow/shared/events';
import type { App } from './app.ts';
import { transactions } from './db/schema/transactions.ts';
import { logIn, signUp } from './modules/auth/auth.test-support.ts';
import {
  createUser,
  driveTo,
  get,
  PNG_BYTES,
  put,
  shipment,
  upload,
  walletBalance,
  type TestUser,
} from './testing/test-kit.ts';
import { startS3StandIn, type S3StandIn } from './testing/s3-stand-in.ts';
import { nextEvent, openSocket } from './testing/socket-client.ts';
import { createTestApp } from './testing/test-app.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two machines as an operator runs them (docs/operations.md, "Several machines"): one PostgreSQL, one
 * Redis, one S3-compatible bucket, the same JWT_SECRET, and each instance its own DATA_DIR that nothing
 * else shares. Both run their schedulers.
 */
describe.runIf(Boolean(inject('databaseUrl') && redisUrl))('two machines', () => {
  let s3: S3StandIn;
  let a: App;
  let b: App;
  let urlA: string;
  let urlB: string;
  const sockets: Socket[] = [];
  let seller: TestUser;
  let buyer: TestUser;
  let photoId: string;
  let transactionId: string;

  const machine = () =>
    createTestApp({
      ...s3.env,
      REDIS_URL: redisUrl!,
      SCHEDULER_ENABLED: 'true',
      SCHEDULER_INTERVAL_MS: '200',
    });
  const listen = async (app: App) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };

  beforeAll(async () => {
    s3 = await startS3StandIn();
    a = await machine();
    b = await machine();
    urlA = await listen(a);
    urlB = await listen(b);
    expect(a.deps.config.dataDir).not.toBe(b.deps.config.dataDir);
    seller = await createUser(a, 'Sola');
    buyer = await createUser(a, 'Bisi');
  }, 180_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await b.close();
    await a.close().catch(() => {});
    await s3.close();
  });

  it('signs in on A and uses the token on B', async () => {
    const account = await signUp(a);
    const token = await logIn(a, account.email, account.password);
    const me = await b.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.user.email).toBe(account.email);
  });

  it('serves on B a shipment photo uploaded on A, from the bucket, not from either DATA_DIR', async () => {
    transactionId = await driveTo(a, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    const res = await upload(
      a,
      seller,
      { purpose: 'shipment_photo', transactionId },
      { name: 'item.png', data: PNG_BYTES },
    );
    expect(res.statusCode, res.body).toBe(201);
    photoId = res.json().data.upload.id;
    const served = await get(b, buyer, `/api/uploads/${photoId}`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    for (const app of [a, b]) expect(existsSync(path.join(app.deps.config.dataDir, 'uploads'))).toBe(false);
  });

  it('a socket connected to B hears the step taken on A', async () => {
    const socket = await openSocket(urlB, buyer.token, sockets);
    const heard = nextEvent<TransactionUpdatedPayload>(
      socket,
      'transaction:updated',
      (p) => p.transactionId === transactionId && p.status === 'WAITING_FOR_BUYER_CONFIRMATION',
    );
    const shipped = await put(a, seller, `/api/transactions/${transactionId}/shipping-details`, {
      shipmentData: shipment([photoId], false),
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(await heard).toMatchObject({ status: 'WAITING_FOR_BUYER_CONFIRMATION' });
  });

  /** Makes the transaction's automatic release due now; both schedulers see it on their next pass. */
  const dueNow = (id: string) =>
    b.deps.db
      .update(transactions)
      .set({ autoReleaseAt: new Date(Date.now() - 1000) })
      .where(eq(transactions.id, id));
  const completed = async (app: App, id: string) => {
    for (let i = 0; i < 100; i += 1) {
      const [row] = await app.deps.db.select().from(transactions).where(eq(transactions.id, id));
      if (row?.status === 'COMPLETED') return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  };

  it('a due timer fires once, though both machines run the scheduler', async () => {
    const before = await walletBalance(b, seller);
    await dueNow(transactionId);
    expect(await completed(b, transactionId)).toBe(true);
    // Several more passes of both schedulers: the seller was paid the price once.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await walletBalance(b, seller)) - before).toBe(1000);
  });

  it('B carries on when A stops in the middle of the work', async () => {
    const next = await driveTo(b, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION');
    const socket = await openSocket(urlB, seller.token, sockets);
    // Requests in flight on A when it is told to stop are answered (it drains), then A is gone.
    let received = 0;
    a.server.on('request', () => {
      received += 1;
    });
    const inFlight = Array.from({ length: 5 }, () =>
      fetch(`${urlA}/api/uploads/${photoId}`, { headers: buyer.headers }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    );
    while (received < inFlight.length) await new Promise((resolve) => setTimeout(resolve, 5));
    await a.close();
    expect(await Promise.all(inFlight)).toEqual([200, 200, 200, 200, 200]);
    await expect(fetch(`${urlA}/api/health`)).rejects.toThrow();

    expect((await get(b, buyer, `/api/uploads/${photoId}`)).statusCode).toBe(200);
    const me = await b.inject({ method: 'GET', url: '/api/auth/me', headers: buyer.headers });
    expect(me.statusCode).toBe(200);
    const before = await walletBalance(b, seller);
    const heard = nextEvent<TransactionUpdatedPayload>(
      socket,
      'transaction:updated',
      (p) => p.transactionId === next && p.status === 'COMPLETED',
      10_000,
    );
    await dueNow(next);
    expect(await completed(b, next)).toBe(true);
    await heard;
    expect((await walletBalance(b, seller)) - before).toBe(1000);
  });
});
