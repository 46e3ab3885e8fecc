import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, vi } from 'vitest';
import { inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { App } from '../../app.ts';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';
import type { TestUser } from '../../testing/test-kit.ts';

/** Helpers shared by the webhook test files (imported only by tests). */
export type Arrival = { headers: http.IncomingHttpHeaders; body: string; path: string };
export type Answer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };

/**
 * A local receiver on an ephemeral port: it records every request and answers what `answer` says for
 * the n-th arrival (1-based).
 */
export async function startReceiver(
  answer: (n: number, arrival: Arrival) => Answer = () => ({ status: 200 }),
) {
  const arrivals: Arrival[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const arrival = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: req.url ?? '',
      };
      arrivals.push(arrival);
      const reply = answer(arrivals.length, arrival);
      const send = () => {
        res.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers });
        res.end(reply.body ?? '');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function createEndpoint(
  app: App,
  user: TestUser,
  url: string,
  events: string[] = ['transaction.paid'],
): Promise<{ id: string; secret: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/developer/webhooks',
    headers: user.headers,
    payload: { url, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data;
  return { id: data.webhook.id, secret: data.secret };
}

/**
 * Checks an arrival with the independent `standardwebhooks` package (never the app's signer), as a
 * receiver would at `at` (its clock decides the 5-minute timestamp window). Returns the parsed body.
 */
export function verifyArrival(secret: string, arrival: Arrival, at: Date = new Date()): unknown {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    return new Webhook(secret).verify(arrival.body, {
      'webhook-id': String(arrival.headers['webhook-id']),
      'webhook-timestamp': String(arrival.headers['webhook-timestamp']),
      'webhook-signature': String(arrival.headers['webhook-signature']),
    });
  } finally {
    vi.useRealTimers();
  }
}

/** The endpoint's delivery log, newest first. */
export async function attemptsOf(app: App, user: TestUser, endpointId: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/developer/webhooks/${endpointId}/deliveries?limit=100`,
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.attempts as {
    deliveryId: string;
    eventId: string;
    eventType: string;
    attempt: number;
    statusCode: number | null;
    response: string;
    error: string | null;
    succeeded: boolean;
    deliveryStatus: string;
    nextAttemptAt: string | null;
    durationMs: number;
  }[];
}

/**
 * Removes these users' endpoints (and so their pending deliveries): on the shared PostgreSQL of the
 * service suite, a later file's scheduler pass must not find them due.
 */
export async function removeEndpointsOf(app: App, users: TestUser[]) {
  if (users.length === 0) return;
  await app.deps.db.delete(webhookEndpoints).where(
    inArray(
      webhookEndpoints.ownerId,
      users.map((u) => u.id),
    ),
  );
}
