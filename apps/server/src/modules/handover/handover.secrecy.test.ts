import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVER_EVENTS } from '@escrow/shared/events';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { openDatabase } from '../../db/client.ts';
import { migratedSnapshot } from '../../testing/test-app.ts';
import { GENEROUS_LIMITS } from '../../testing/generous-limits.ts';
import { nextEvent, openSocket } from '../../testing/socket-client.ts';
import { mailsTo } from '../auth/auth.test-support.ts';
import { createUser, type TestUser } from '../../testing/test-kit.ts';
import {
  handoverUrl,
  mentions,
  paidInPersonTrade,
  releaseCodeOf,
  wrongCodeFor,
  type Parties,
} from './handover.test-support.ts';

/**
 * The seller must never receive the release code: every HTTP answer the seller gets in a whole
 * handover (reads, a replaced code, wrong codes up to the lock, the release), every socket event on the
 * seller's connection, every log line (at trace level) and every e-mail are searched for every code the
 * buyer held. The app is the production one with its logger writing here.
 */
const logLines: string[] = [];
let app: App;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  const databaseUrl = inject('databaseUrl');
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'trace',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'escrow-handover-')),
      JWT_SECRET: 'handover-secret-that-is-long-enough-0123456789',
      IDENTITY_ENCRYPTION_KEY: '6d2a9f1c4b8e7d3a5f0c2e9b1a4d7c8e3f6a0b5c9d2e4f7a1b3c5d8e0f2a4b6c',
      ...GENEROUS_LIMITS,
      WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build'),
      DATABASE_POOL_MAX: '5',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    { memoryDatabase: true },
  );
  const database = await openDatabase(config.database, { startFrom: migratedSnapshot() });
  app = await buildApp({ config, database, logStream: { write: (line) => void logLines.push(line) } });
  app.addHook('onClose', async () => {
    await database.close();
  });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
});

type Answer = { status: number; headers: unknown; body: string };

/** Every request of one user, answers kept. */
function recorder(user: TestUser) {
  const answers: Answer[] = [];
  const call = async (method: 'GET' | 'POST', path: string, payload?: object) => {
    const res = await app.inject({
      method,
      url: path,
      headers: user.headers,
      ...(payload ? { payload } : {}),
    });
    answers.push({ status: res.statusCode, headers: res.headers, body: res.body });
    return res;
  };
  return { answers, call };
}

/** Every event on a real socket.io connection of `user`, with its payload. */
async function everyEvent(user: TestUser) {
  const socket = await openSocket(url, user.token, sockets);
  const events: { event: string; args: unknown[] }[] = [];
  socket.onAny((event: string, ...args: unknown[]) => events.push({ event, args }));
  return { socket, events };
}

async function everyMail(): Promise<string[]> {
  const dir = app.deps.mailer.outboxDir!;
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
  return Promise.all(files.map((file) => readFile(path.join(dir, file), 'utf8')));
}

describe('the seller never receives the release code', () => {
  it('in no answer, socket event, log line or e-mail of a whole handover', async () => {
    const [buyer, seller] = await Promise.all([createUser(app, 'Funke'), createUser(app, 'Kunle')]);
    const parties: Parties = { buyer, seller };
    const sellerLive = await everyEvent(seller);
    const buyerLive = await everyEvent(buyer);
    const id = await paidInPersonTrade(app, parties);
    const sellerHttp = recorder(seller);
    const buyerHttp = recorder(buyer);

    const first = (await buyerHttp.call('GET', handoverUrl(id))).json().data.code as string;
    await sellerHttp.call('GET', handoverUrl(id));
    await sellerHttp.call('POST', `${handoverUrl(id)}/regenerate`);
    const second = (await buyerHttp.call('POST', `${handoverUrl(id)}/regenerate`)).json().data.code as string;
    expect(second).not.toBe(first);
    expect(await releaseCodeOf(app, buyer, id)).toBe(second);
    const codes = [first, second];
    let wrong = wrongCodeFor(second);
    if (wrong === first) wrong = wrongCodeFor(wrong);

    // The old code, then wrong ones up to the lock (the buyer is told), then the right one after the hour.
    const locked = nextEvent(buyerLive.socket, SERVER_EVENTS.notification);
    expect((await sellerHttp.call('POST', handoverUrl(id), { code: first })).statusCode).toBe(422);
    for (let i = 0; i < 4; i += 1) await sellerHttp.call('POST', handoverUrl(id), { code: wrong });
    expect(sellerHttp.answers.at(-1)!.status).toBe(429);
    await locked;
    expect((await sellerHttp.call('POST', handoverUrl(id), { code: second })).statusCode).toBe(429);
    const later = app.deps.clock.now().getTime() + 3600_000 + 1000;
    app.deps.clock.now = () => new Date(later);
    const completed = nextEvent(
      sellerLive.socket,
      SERVER_EVENTS.transactionUpdated,
      (payload: { status: string }) => payload.status === 'COMPLETED',
    );
    const released = await sellerHttp.call('POST', handoverUrl(id), { code: second });
    expect(released.statusCode, released.body).toBe(200);
    await completed;

    // Everything the seller can read about the trade afterwards.
    for (const path of [
      `/api/transactions/${id}`,
      `/api/transactions/${id}/activities`,
      `/api/transactions/${id}/participants`,
      '/api/transactions/my-transactions',
      `/api/messages/transactions/${id}`,
      '/api/messages/conversations',
      '/api/notifications?limit=100',
    ])
      expect((await sellerHttp.call('GET', path)).statusCode, path).toBe(200);
    // The release is e-mailed to the seller ('Funds released'): wait for it before reading the outbox.
    expect(await mailsTo(app, seller.email, { subject: 'Funds released' })).toHaveLength(1);

    const sellerEvents = JSON.stringify(sellerLive.events);
    const sellerAnswers = JSON.stringify(sellerHttp.answers);
    const logs = logLines.join('\n');
    const mails = (await everyMail()).join('\n');
    // The search can find a code: the buyer's answers hold both, and the seller did get events and mail.
    for (const code of codes) expect(mentions(JSON.stringify(buyerHttp.answers), code)).toBe(true);
    expect(sellerLive.events.map((e) => e.event)).toEqual(
      expect.arrayContaining([SERVER_EVENTS.transactionUpdated, SERVER_EVENTS.notification]),
    );
    expect(logs).toContain(handoverUrl(id));
    expect(mails).toContain(seller.email);
    for (const code of codes) {
      expect(mentions(sellerAnswers, code), 'an answer to the seller').toBe(false);
      expect(mentions(sellerEvents, code), 'a socket event to the seller').toBe(false);
      expect(mentions(logs, code), 'a log line').toBe(false);
      expect(mentions(mails, code), 'an e-mail').toBe(false);
    }
  });
});
