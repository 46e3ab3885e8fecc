import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { TransactionUpdatedPayload } from '@escrow/shared/events';
import { createTestApp } from '../testing/test-app.ts';
import type { App } from '../app.ts';
import { createTransaction, createUser, join } from '../testing/test-kit.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two instances on one PostgreSQL with the Redis adapter: a change committed through instance B
 * reaches a client connected to instance A (the service suite provides PostgreSQL and Redis).
 */
describe.runIf(Boolean(inject('databaseUrl') && redisUrl))(
  'socket.io across instances (Redis adapter)',
  () => {
    let a: App;
    let b: App;
    let socket: Socket | null = null;

    beforeAll(async () => {
      a = await createTestApp({ REDIS_URL: redisUrl! });
      b = await createTestApp({ REDIS_URL: redisUrl! });
      await a.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      socket?.disconnect();
      await b.close();
      await a.close();
    });

    it('a client on instance A hears a join made through instance B', async () => {
      const creator = await createUser(a, 'Adaobi');
      const joiner = await createUser(b, 'Bayo');
      const address = a.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      socket = connect(`http://127.0.0.1:${port}`, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token: creator.token },
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket!.once('connect', () => resolve());
        socket!.once('connect_error', reject);
      });
      const { transaction, code } = await createTransaction(a, creator);
      const heard = new Promise<TransactionUpdatedPayload>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no transaction:updated via Redis')), 5000);
        socket!.on('transaction:updated', (payload: TransactionUpdatedPayload) => {
          if (payload.transactionId !== transaction.id) return;
          clearTimeout(timer);
          resolve(payload);
        });
      });
      expect((await join(b, joiner, code)).statusCode).toBe(200);
      expect(await heard).toMatchObject({
        status: 'ACTIVE',
        transaction: { viewerRole: 'BUYER', counterpartyId: joiner.id },
      });
    });
  },
);
