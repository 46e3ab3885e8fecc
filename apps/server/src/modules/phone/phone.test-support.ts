import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { App } from '../../app.ts';
import type { TestUser } from '../../testing/test-kit.ts';
import type { MessagingProvider } from './phone.provider.ts';
import { MessagingUnavailable } from './phone.provider.ts';

/** Helpers shared by the phone test files (imported only by tests). */
export type OutboxText = {
  to: string;
  channel: 'SMS' | 'WHATSAPP';
  body: string;
  sentAt: string;
  messageId: string;
};

let numbers = 0;
/**
 * A Nigerian mobile number no other test uses (the service suite shares one database between files
 * and processes): the local form, and the E.164 form the server stores.
 */
export function uniquePhone(): { local: string; e164: string } {
  numbers += 1;
  const digits = `${String(process.pid % 1000).padStart(3, '0')}${String(numbers).padStart(4, '0')}`;
  return { local: `0803${digits}`, e164: `+234803${digits}` };
}

/** The sandbox's messages to one number (E.164), oldest first. */
export async function textsTo(app: App, e164: string): Promise<OutboxText[]> {
  const dir = app.deps.messaging.outboxDir;
  if (!dir) throw new Error('the test app has no text-message outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  const texts: OutboxText[] = [];
  for (const file of files.filter((f) => f.endsWith('.json')).sort()) {
    const text = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as OutboxText;
    if (text.to === e164) texts.push(text);
  }
  return texts;
}

/** The code of the newest verification text to a number. */
export async function codeSentTo(app: App, e164: string): Promise<string> {
  const texts = (await textsTo(app, e164)).filter((t) => /verification code/.test(t.body));
  const match = /\b(\d{6})\b/.exec(texts.at(-1)?.body ?? '');
  if (!match) throw new Error(`no code sent to ${e164}`);
  return match[1]!;
}

export const sendCode = (app: App, user: TestUser, phone: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/phone', headers: user.headers, payload: { phone } as object });

export const checkCode = (app: App, user: TestUser, code: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/phone/verify',
    headers: user.headers,
    payload: { code } as object,
  });

/** Verifies a fresh number on the user's account through the real routes; answers its E.164 form. */
export async function verifyPhone(app: App, user: TestUser): Promise<string> {
  const phone = uniquePhone();
  const sent = await sendCode(app, user, phone.local);
  expect(sent.statusCode, sent.body).toBe(200);
  const verified = await checkCode(app, user, await codeSentTo(app, phone.e164));
  expect(verified.statusCode, verified.body).toBe(200);
  return phone.e164;
}

/** A provider that is down (each call fails as a network failure would), counting its calls. */
export function downProvider(): MessagingProvider & { calls: number } {
  return {
    name: 'termii',
    outboxDir: null,
    calls: 0,
    async send() {
      this.calls += 1;
      throw new MessagingUnavailable('Termii could not be reached', 'network');
    },
  };
}
