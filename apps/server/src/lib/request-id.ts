import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What an incoming X-Request-ID may look like to be kept: a proxy's id (nginx's hex, a UUID, …). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Fastify's `genReqId`. Every request gets an id that its answer carries (`x-request-id`, and
 * `requestId` in error envelopes), that its log lines carry (`reqId`), its span (`app.request.id`) and
 * any audit-log row it writes: what a user quotes, support finds. Random, so unique across restarts and
 * instances (Fastify's default counts from 1 in each process).
 *
 * An incoming X-Request-ID is kept only behind a trusted proxy (TRUST_PROXY), which sets it for the
 * whole path, and only when it is 8-128 safe characters; a client talking to the app directly could
 * otherwise make its requests look like someone else's in the logs and the audit log.
 */
export function requestIdGenerator(trustProxy: unknown): (request: IncomingMessage) => string {
  if (trustProxy === false) return () => randomUUID();
  return (request) => {
    const incoming = request.headers['x-request-id'];
    return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  };
}
