import { createHmac } from 'node:crypto';
import { secretKeyBytes } from './webhooks.secrets.ts';

/**
 * The Standard Webhooks signature: `v1,` + base64 of HMAC-SHA256 over `{id}.{timestamp}.{body}` keyed
 * with the secret's decoded bytes; one per secret, space-separated (two while a rotation overlaps).
 */
export function signatureHeader(secrets: string[], id: string, timestampSeconds: number, body: string) {
  const signed = `${id}.${timestampSeconds}.${body}`;
  return secrets
    .map((secret) => `v1,${createHmac('sha256', secretKeyBytes(secret)).update(signed).digest('base64')}`)
    .join(' ');
}

/**
 * The headers of one attempt. The id is the event's, the same on every retry; the timestamp and the
 * signature are made afresh for each attempt, so a retry hours later still passes a receiver's
 * 5-minute timestamp check.
 */
export function webhookHeaders(input: {
  id: string;
  now: Date;
  body: string;
  secrets: string[];
}): Record<string, string> {
  const timestamp = Math.floor(input.now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'AmanaEscrow-Webhooks/1.0',
    'webhook-id': input.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(input.secrets, input.id, timestamp, input.body),
  };
}
