import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXAMPLE_TRANSACTION } from '../apps/web/src/features/developers/lib/quick-start-snippets.ts';
import { axeFindings } from './support/axe.ts';
import { startServer, type TestServer } from './support/harness.ts';
import { createAccount, personBrowser, signIn, skipTour } from './support/journey-helpers.ts';

type Received = { headers: IncomingHttpHeaders; body: string };

let server: TestServer;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  // Deliveries are the scheduler's work, off by default under NODE_ENV=test: on here, every half second.
  // The receiver is on 127.0.0.1, which only WEBHOOK_ALLOW_PRIVATE_URLS (or a non-production NODE_ENV) allows.
  server = await startServer({
    SCHEDULER_ENABLED: 'true',
    SCHEDULER_INTERVAL_MS: '500',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/amana`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await server?.close();
});

/** Checks a Standard Webhooks signature as a receiver must: HMAC-SHA256 of id.timestamp.body. */
function signatureValid(secret: string, { headers, body }: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)
    .digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature = ''] = entry.split(',');
      const given = Buffer.from(signature, 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** Waits (bounded) until the receiver has had `count` requests. */
const receivedCount = (count: number) =>
  vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(count), { timeout: 20_000, interval: 100 });

describe('/app/developers in the browser', () => {
  it('creates a key and an endpoint, sends a test event and sees it in the delivery log', async () => {
    const account = await createAccount(server, 'Ifeoma', 'Developer');
    const browser = await personBrowser(server);
    try {
      const page = await browser.newPage();
      await signIn(page, server, account);
      await skipTour(page);

      // Reached from the account menu.
      await page.getByRole('button', { name: /Account menu for Ifeoma/ }).click();
      await page.getByRole('menuitem', { name: 'Developers' }).click();
      await page.waitForURL('**/app/developers');
      await page.getByRole('heading', { level: 1, name: 'Developers' }).waitFor();
      expect(await page.title()).toBe('Developers — Amana Escrow');
      await page.getByText(/No API keys yet/).waitFor();

      // A key: shown once, copied, then only its prefix in the list.
      await page.getByRole('button', { name: 'Create API key' }).click();
      const createKey = page.getByRole('dialog', { name: 'Create API key' });
      await createKey.getByLabel('Key name').fill('Shop checkout');
      await createKey.getByRole('button', { name: 'Create key' }).click();
      const keyDialog = page.getByRole('dialog', { name: 'Your new API key' });
      await keyDialog.getByText(/you will not see it again/).waitFor();
      const key = await keyDialog.getByRole('textbox', { name: 'API key' }).inputValue();
      expect(key).toMatch(/^amk_test_[A-Za-z0-9_-]{43}$/);
      await keyDialog.getByRole('button', { name: 'Copy API key' }).click();
      await page.getByText('Copied to clipboard').first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await keyDialog.getByRole('button', { name: 'Done' }).click();
      await keyDialog.waitFor({ state: 'hidden' });
      const keys = page.getByRole('list', { name: 'API keys' });
      await keys.getByText('Shop checkout').waitFor();
      await keys.getByText(`${key.slice(0, 14)}…`).waitFor();
      expect(await page.locator('body').innerText()).not.toContain(key);

      // The quick start's call works with that key, against this very server.
      const curl = await page.getByRole('region', { name: 'curl command' }).innerText();
      expect(curl).toContain(`${server.url}/api/partner/v1/transactions`);
      const created = await fetch(`${server.url}/api/partner/v1/transactions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'idempotency-key': EXAMPLE_TRANSACTION.reference,
          'content-type': 'application/json',
        },
        body: JSON.stringify(EXAMPLE_TRANSACTION),
      });
      expect(created.status).toBe(201);

      // An endpoint for the local receiver: its secret shown once.
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const addEndpoint = page.getByRole('dialog', { name: 'Add endpoint' });
      await addEndpoint.getByLabel('Endpoint URL').fill(receiverUrl);
      await addEndpoint.getByLabel(/transaction\.paid/).check();
      await addEndpoint.getByRole('button', { name: 'Add endpoint' }).click();
      const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
      await secretDialog.getByText(/you will not see it again/).waitFor();
      const secret = await secretDialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      await secretDialog.getByRole('button', { name: 'Done' }).click();
      await secretDialog.waitFor({ state: 'hidden' });

      const endpoint = page.getByRole('article', { name: receiverUrl });
      await endpoint.getByText(/No deliveries yet/).waitFor();

      // Send test: the receiver gets a signed ping, and the log shows its 200.
      await endpoint.getByRole('button', { name: 'Send test' }).click();
      await receivedCount(1);
      const ping = received[0]!;
      expect(ping.headers['webhook-id']).toBeTruthy();
      expect(Math.abs(Date.now() / 1000 - Number(ping.headers['webhook-timestamp']))).toBeLessThan(300);
      expect(signatureValid(secret, ping)).toBe(true);
      expect(signatureValid(`whsec_${Buffer.alloc(32).toString('base64')}`, ping)).toBe(false);
      expect(JSON.parse(ping.body)).toMatchObject({ type: 'ping', data: { webhook: {} } });

      const attempts = endpoint.getByTestId('delivery-attempt');
      await attempts.first().waitFor({ timeout: 20_000 });
      const first = await attempts.first().innerText();
      expect(first).toContain('ping');
      expect(first).toContain('200');
      expect(first).toContain('Attempt 1');

      // Retry sends the same event again (same webhook-id), and the log shows the second attempt.
      await attempts.first().getByRole('button', { name: 'Retry ping delivery' }).click();
      await receivedCount(2);
      expect(received[1]!.headers['webhook-id']).toBe(ping.headers['webhook-id']);
      expect(signatureValid(secret, received[1]!)).toBe(true);
      await endpoint.getByText('Attempt 2', { exact: true }).waitFor({ timeout: 20_000 });
      expect(await attempts.count()).toBe(2);
      expect(await attempts.first().innerText()).toContain('200');

      expect(await axeFindings(page)).toEqual([]);
    } finally {
      await browser.dispose();
    }
  });
});
