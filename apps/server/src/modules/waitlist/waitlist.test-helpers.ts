import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../app.ts';
import { users } from '../../db/schema/users.ts';
import { uniqueEmail } from '../../testing/test-app.ts';

export type OutboxMail = { to: string; subject: string; text: string; html?: string };

/** Every e-mail the test app wrote to its outbox, optionally only those to one address. */
export async function readOutbox(app: App, to?: string): Promise<OutboxMail[]> {
  const dir = app.deps.mailer.outboxDir;
  if (!dir) throw new Error('the test app should write e-mails to an outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    files
      .filter((f) => f.endsWith('.json'))
      .map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as OutboxMail),
  );
  return to ? mails.filter((m) => m.to === to) : mails;
}

/** A user with the given role and a live bearer token (no password sign-in needed). */
export async function userWithToken(app: App, role: 'USER' | 'SUPPORT' | 'ADMIN') {
  const [user] = await app.deps.db
    .insert(users)
    .values({
      email: uniqueEmail(role.toLowerCase()),
      passwordHash: 'not-used-in-these-tests',
      firstName: 'Test',
      lastName: role,
      role,
    })
    .returning();
  const { token } = await app.tokens.issue(user!.id);
  return { user: user!, authorization: `Bearer ${token}` };
}

type Mode = 'ok' | 'fail' | 'reset' | 'slow';

/** A local stand-in for the waitlist webhook: records what it receives and answers as told. */
export async function startWebhookStandIn() {
  const received: unknown[] = [];
  let mode: Mode = 'ok';
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        contentType: req.headers['content-type'],
        method: req.method,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      if (mode === 'reset') return req.socket.destroy();
      if (mode === 'slow') return void setTimeout(() => res.end('late'), 1500).unref();
      res.statusCode = mode === 'fail' ? 500 : 200;
      res.end(mode === 'fail' ? 'boom' : '{"result":"success"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    setMode: (next: Mode) => void (mode = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A valid waitlist sign-up (a new e-mail each time) from the given client IP. */
export const joinFrom = (app: App, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/waitlist',
    remoteAddress: ip,
    payload: { email: uniqueEmail('rl'), firstName: 'Rate', lastName: 'Limit', interest: 'individual' },
  });
