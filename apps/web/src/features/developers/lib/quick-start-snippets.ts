/**
 * The quick start's code (docs/partner-api.md, docs/webhooks.md). Tests run both: the body against the
 * shared create schema, the verifier against a signature made as the server makes it.
 */

/** A partner transaction as the curl call creates it (role SELLER: the key's owner sells). */
export const EXAMPLE_TRANSACTION = {
  role: 'SELLER',
  reference: 'order-1042',
  title: 'Red sneakers, size 42',
  description: 'Nike Air, new in box',
  price: 25000,
  currency: 'NGN',
  buyer: { email: 'bola@example.com', firstName: 'Bola' },
  metadata: { cartId: 'c-981' },
} as const;

/** POSIX-shell single quotes around `text`. */
const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** Creates a transaction on this deployment (`origin`), the key taken from $AMANA_API_KEY. */
export function curlSnippet(origin: string): string {
  return [
    `curl -X POST ${shellQuoted(`${origin}/api/partner/v1/transactions`)} \\`,
    `  -H "Authorization: Bearer $AMANA_API_KEY" \\`,
    `  -H 'Idempotency-Key: ${EXAMPLE_TRANSACTION.reference}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuoted(JSON.stringify(EXAMPLE_TRANSACTION))}`,
  ].join('\n');
}

/**
 * Standard Webhooks verification with node:crypto only: HMAC-SHA256 over `{id}.{timestamp}.{body}`
 * keyed with the base64-decoded secret after `whsec_`, compared in constant time, the timestamp within
 * 5 minutes. Several signatures (during a rotation) are space-separated; any one may match.
 */
export const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

const TOLERANCE_SECONDS = 5 * 60;

/** The event if the request is genuine, else throws. rawBody: the body exactly as received. */
export function verifyWebhook(secret, headers, rawBody) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) throw new Error('Missing webhook headers');
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds) || Math.abs(Date.now() / 1000 - seconds) > TOLERANCE_SECONDS)
    throw new Error('Timestamp too old or too new');
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest();
  const valid = signatures.split(' ').some((entry) => {
    const [version, signature = ''] = entry.split(',');
    const given = Buffer.from(signature, 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!valid) throw new Error('Invalid signature');
  return JSON.parse(rawBody.toString());
}`;

/** A receiver using it: reads the raw body, answers 2xx only for a genuine event. */
export const RECEIVER_SNIPPET = `import { createServer } from 'node:http';

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let event;
    try {
      event = verifyWebhook(process.env.AMANA_WEBHOOK_SECRET, request.headers, Buffer.concat(chunks));
    } catch {
      return response.writeHead(400).end();
    }
    // The same event may come twice: skip a webhook-id you have already handled.
    console.log(event.type, request.headers['webhook-id']);
    response.writeHead(204).end();
  });
}).listen(8080);`;
