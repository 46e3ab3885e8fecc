import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import type { Mail } from '../../lib/mailer.ts';
import type { App } from '../../app.ts';
import { uniqueEmail } from '../../testing/test-app.ts';

/** Helpers shared by the auth test files (imported only by tests). */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function signUp(app: App, overrides: Partial<Record<string, string>> = {}) {
  const body = {
    email: uniqueEmail('auth'),
    password: 'correct-horse-1',
    firstName: 'Chiamaka',
    lastName: 'Obi',
    ...overrides,
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { ...body, acceptPrivacyNotice: true },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { ...body, user: res.json().data.user as { id: string; email: string } };
}

export async function logIn(app: App, email: string, password: string, extra: Partial<InjectOptions> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...extra,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

/** The mails written to the outbox for one address, waiting for background sending to finish. */
export async function mailsTo(
  app: App,
  to: string,
  { subject = '', atLeast = 1, timeoutMs = 5000 } = {},
): Promise<Mail[]> {
  const dir = app.deps.mailer.outboxDir;
  if (!dir) throw new Error('the test app has no outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await readdir(dir).catch(() => [] as string[]);
    const mails: Mail[] = [];
    for (const file of files.filter((f) => f.endsWith('.json')).sort()) {
      const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Mail;
      if (mail.to === to && mail.subject.includes(subject)) mails.push(mail);
    }
    if (mails.length >= atLeast || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The reset token from the newest reset mail to this address. */
export async function resetTokenFromMail(app: App, to: string, atLeast = 1): Promise<string> {
  const mails = await mailsTo(app, to, { subject: 'Reset', atLeast });
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '');
  if (!match) throw new Error(`no reset mail for ${to}`);
  return match[1]!;
}
