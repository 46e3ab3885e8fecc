/**
 * The trust score (docs/product.md "Identity and trust"): recomputed inside the database transaction of
 * each event that moves it (an identity check, a document, a completed trade, a staff decision), so the
 * trade and dispute modules depend on this small function, not on the identity module.
 */
export { readTrustFacts, refreshTrustScore } from './trust.score.ts';
