import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { authPlugin } from '../../plugins/auth.ts';
import type { TokenService } from './auth.tokens.ts';

/** Helpers of the session cache tests (imported only by tests). */

/**
 * A bare Fastify with the real auth plugin over an app's token service and one route that answers
 * `request.user` as the plugin set it: what every route of the app receives.
 */
export async function whoamiProbe(tokens: TokenService): Promise<FastifyInstance> {
  const probe = Fastify({ logger: false });
  await probe.register(authPlugin, { tokens, staffTwoFactor: 'optional' });
  probe.get('/whoami', { preHandler: probe.authenticate }, async (request) => ({ user: request.user }));
  await probe.ready();
  return probe;
}

/**
 * Calls `read` every `everyMs` until `done` accepts its answer or `timeoutMs` has passed, and returns
 * the last answer (the caller asserts on it). For behaviour promised within a bound: never a fixed sleep.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 5_000, everyMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() >= deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A TCP proxy in front of the shared Redis that a test can cut (connections dropped, port closed)
 * and restore on the same port, so an outage is simulated without touching the machine's Redis.
 */
export async function redisProxy(redisUrl: string) {
  const target = new URL(redisUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(redisUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async restore() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
