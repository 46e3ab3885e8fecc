import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import { signUp } from './auth.test-support.ts';

/**
 * Finding: six wrong passwords for someone's e-mail used to refuse everyone, the owner included. Here
 * each client has its own loopback source address on real sockets (no injected addresses, no
 * X-Forwarded-For: no proxy is configured), with the default limits (10 per account and address, 20
 * per address) and a tiny slow-down so the test stays quick.
 */
let app: App;
let port: number;
beforeAll(async () => {
  app = await createTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: '10',
    LOGIN_MAX_FAILURES_PER_IP: '20',
    LOGIN_SLOWDOWN_AFTER_FAILURES: '10',
    LOGIN_SLOWDOWN_STEP_MS: '1',
    LOGIN_SLOWDOWN_MAX_MS: '5',
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
});

/** POST /api/auth/login from `from` (a 127.x.y.z address), answering the status. */
function login(from: string, email: string, password: string, headers: Record<string, string> = {}) {
  const body = JSON.stringify({ email, password });
  return new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: '/api/auth/login',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

// Per process, so reruns and parallel files never share an address's counts.
const base = `127.${(process.pid % 200) + 20}`;

describe('sign-in throttling by address', () => {
  it('an attack from one address never refuses the owner on another', async () => {
    const { email, password } = await signUp(app);
    const attacker = `${base}.0.5`;
    for (let i = 0; i < 10; i += 1) expect(await login(attacker, email, 'wrong-pass')).toBe(401);
    expect(await login(attacker, email, 'wrong-pass')).toBe(429);
    // Even the right password from the attacker's address is refused while its block lasts...
    expect(await login(attacker, email, password)).toBe(429);
    // ...while the owner, on their own address, signs in.
    expect(await login(`${base}.0.6`, email, password)).toBe(200);
  });

  it('an attack from many addresses slows the account down but never refuses the owner', async () => {
    const { email, password } = await signUp(app);
    for (let host = 1; host <= 6; host += 1) {
      for (let i = 0; i < 10; i += 1) expect(await login(`${base}.1.${host}`, email, 'guess')).toBe(401);
    }
    expect(await login(`${base}.1.200`, email, password)).toBe(200);
  });

  it('blocks one address across accounts, and only that address', async () => {
    const sprayer = `${base}.2.7`;
    for (let i = 0; i < 20; i += 1) expect(await login(sprayer, uniqueEmail('spray'), 'guess')).toBe(401);
    const { email, password } = await signUp(app);
    expect(await login(sprayer, email, password)).toBe(429);
    expect(await login(`${base}.2.8`, email, password)).toBe(200);
  });

  it('does not take the address from X-Forwarded-For without a configured proxy', async () => {
    const { email } = await signUp(app);
    const attacker = `${base}.3.9`;
    for (let i = 0; i < 10; i += 1) {
      const forged = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      expect(await login(attacker, email, 'wrong-pass', forged)).toBe(401);
    }
    expect(await login(attacker, email, 'wrong-pass', { 'x-forwarded-for': '203.0.113.99' })).toBe(429);
  });
});
