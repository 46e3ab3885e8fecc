/**
 * The two things the transaction screens borrow from the wallet feature: the real balance (paying from
 * the wallet) with the cache key a deposit refreshes, and the one idempotency-key helper of the app for
 * money-moving calls. Kept in this one file so the dependency between the features stays visible.
 */
export { walletQueryOptions } from '../../wallet/api/get-wallet';
export { walletKeys } from '../../wallet/api/wallet-keys';
export { createIdempotencyKeys, failureText } from '../../../lib/money-mutation';
export { TestModeBadge } from '../../wallet/components/test-mode-badge';
