/**
 * What the transaction screens share with the wallet screens, all from lib/ and components/ (features do
 * not import each other): the real balance (paying from the wallet) with the cache key a deposit
 * refreshes, the one idempotency-key helper of the app for money-moving calls, and the test-mode badge.
 */
export { walletQueryOptions } from '../../../lib/wallet-query';
export { walletKeys } from '../../../lib/query-keys/wallet-keys';
export { createIdempotencyKeys, failureText } from '../../../lib/money-mutation';
export { TestModeBadge } from '../../../components/test-mode-badge';
