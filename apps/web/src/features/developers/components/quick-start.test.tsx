import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { partnerCreateTransactionSchemaFor } from '@escrow/shared/schemas/partner';
import { renderAt } from '../testing/fixtures';
import { curlSnippet, EXAMPLE_TRANSACTION, VERIFY_SNIPPET } from '../lib/quick-start-snippets';
import { deviceClock } from '../../../lib/dates';
import { QuickStart } from './quick-start';

type Verify = (secret: string, headers: Record<string, string>, rawBody: string | Buffer) => unknown;

/** The snippet as a user pastes it, run as it would run in Node (its import is node:crypto's). */
function loadVerifier(): Verify {
  const body = VERIFY_SNIPPET.replace(/^import .*$/m, '').replace('export function', 'function');
  return new Function('createHmac', 'timingSafeEqual', 'Buffer', `${body}\nreturn verifyWebhook;`)(
    createHmac,
    timingSafeEqual,
    Buffer,
  ) as Verify;
}

/** Signs as the server does (webhooks.signing.ts): v1,base64(HMAC-SHA256(key, id.timestamp.body)). */
function signed(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const id = 'msg_01937c4e8a4b';
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` };
}

describe('quick start', () => {
  it('calls the partner API of this deployment with the key and an Idempotency-Key', async () => {
    renderAt(<QuickStart origin="https://escrow.example.ng" />, { path: '/app/developers' });
    const curl = screen.getByRole('region', { name: 'curl command' });
    expect(curl).toHaveTextContent("curl -X POST 'https://escrow.example.ng/api/partner/v1/transactions'");
    expect(curl).toHaveTextContent('Authorization: Bearer $AMANA_API_KEY');
    expect(curl).toHaveTextContent('Idempotency-Key: order-1042');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Copy curl command' }));
    expect(await navigator.clipboard.readText()).toBe(curlSnippet('https://escrow.example.ng'));
    await user.click(screen.getByRole('button', { name: 'Copy Node verification code' }));
    expect(await navigator.clipboard.readText()).toBe(VERIFY_SNIPPET);
    expect(within(screen.getByRole('region', { name: 'Quick start' })).getByRole('link')).toHaveAttribute(
      'href',
      '/api/docs',
    );
  });

  it('sends a body the partner API accepts, shell-quoted as it is', () => {
    expect(partnerCreateTransactionSchemaFor(deviceClock).safeParse(EXAMPLE_TRANSACTION).success).toBe(true);
    const quoted = /-d '(.*)'$/m.exec(curlSnippet('http://localhost:3000'))?.[1];
    expect(JSON.parse(quoted!)).toEqual(EXAMPLE_TRANSACTION);
  });

  it('accepts a genuine event, also among several signatures, and refuses forged or stale ones', () => {
    const verify = loadVerifier();
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const other = `whsec_${randomBytes(32).toString('base64')}`;
    const body = JSON.stringify({
      type: 'ping',
      timestamp: '2026-11-30T10:15:02.114Z',
      data: { webhook: { id: 'w1' } },
    });

    expect(verify(secret, signed(secret, body), body)).toEqual(JSON.parse(body));
    expect(verify(secret, signed(secret, body), Buffer.from(body))).toEqual(JSON.parse(body));
    // During a rotation both secrets sign, space-separated.
    const rotated = signed(other, body);
    rotated['webhook-signature'] += ` ${signed(secret, body)['webhook-signature']}`;
    expect(verify(secret, rotated, body)).toEqual(JSON.parse(body));

    expect(() => verify(secret, signed(other, body), body)).toThrow('Invalid signature');
    expect(() => verify(secret, signed(secret, body), body.replace('ping', 'pong'))).toThrow(
      'Invalid signature',
    );
    const stale = signed(secret, body, Math.floor(Date.now() / 1000) - 6 * 60);
    expect(() => verify(secret, stale, body)).toThrow('Timestamp too old or too new');
    expect(() => verify(secret, { ...signed(secret, body), 'webhook-timestamp': 'soon' }, body)).toThrow(
      'Timestamp too old or too new',
    );
    const { 'webhook-id': _id, ...withoutId } = signed(secret, body);
    expect(() => verify(secret, withoutId, body)).toThrow('Missing webhook headers');
  });
});
