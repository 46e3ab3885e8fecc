import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { WEBHOOK_RESPONSE_MAX_BYTES } from '@escrow/shared/schemas/webhooks';
import { BlockedAddressError, isPublicAddress, publicOnlyLookup } from './webhooks.url-safety.ts';

export type SendResult = {
  /** The endpoint's HTTP status, or null when no answer came. */
  statusCode: number | null;
  durationMs: number;
  /** The first 1 KB of the answer's body. */
  response: string;
  /** Why no answer came (timeout, connection refused, blocked address), or null. */
  error: string | null;
};

export type SendOptions = { timeoutMs: number; strict: boolean };

/**
 * POSTs one webhook attempt. node:http rather than fetch, so that in production the connection's own
 * DNS lookup is the one checked (`publicOnlyLookup`): the address the socket connects to is the address
 * that was judged public. Redirects are never followed (a 3xx is just a failed attempt), at most
 * 1 KB of the answer is read and the rest discarded, and the whole exchange is bounded by `timeoutMs`.
 * Never throws: every outcome is a result to log.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // An address written in the URL is connected to without a lookup: it is judged here instead.
  if (options.strict && isIP(host) && !isPublicAddress(host))
    return Promise.resolve({
      statusCode: null,
      durationMs: 0,
      response: '',
      error: `Address not allowed for webhooks: ${host}`,
    });
  if (options.strict && target.protocol !== 'https:')
    return Promise.resolve({ statusCode: null, durationMs: 0, response: '', error: 'https is required' });

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...result, durationMs: elapsed() });
    };
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        // A connection of its own, closed after the answer: no pooled socket outlives the attempt.
        agent: false,
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(options.strict ? { lookup: publicOnlyLookup } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          finish({
            statusCode: response.statusCode ?? null,
            // Text columns cannot hold NUL: an answer is kept as readable text.
            response: Buffer.concat(chunks).toString('utf8').replaceAll('\u0000', ''),
            error: null,
          });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          const room = WEBHOOK_RESPONSE_MAX_BYTES - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += chunk.length;
          if (size >= WEBHOOK_RESPONSE_MAX_BYTES) done();
        });
        response.on('end', done);
        // A body cut short (timeout while reading, reset): the status already came, keep what was read.
        response.on('error', done);
        response.on('close', done);
      },
    );
    request.on('error', (error: Error & { code?: string }) =>
      finish({ statusCode: null, response: '', error: describe(error, options.timeoutMs) }),
    );
    request.end(body);
  });
}

function describe(error: Error & { code?: string }, timeoutMs: number): string {
  if (error.name === 'AbortError' || error.name === 'TimeoutError')
    return `No answer within ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof BlockedAddressError) return cause.message;
  if (error instanceof BlockedAddressError) return error.message;
  return ((error.code ? `${error.code}: ` : '') + error.message.slice(0, 200)).replaceAll('\u0000', '');
}
