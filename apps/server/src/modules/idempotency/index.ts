/** `Idempotency-Key` handling for money-moving routes, and the purge of expired keys. */
export { idempotency, idempotencyHeaders, purgeExpiredIdempotencyKeys } from './idempotency.ts';
