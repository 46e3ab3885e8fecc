import { TWO_FACTOR_CODE_HEADER } from '@escrow/shared/schemas/two-factor';

/**
 * The header a withdrawal, a bank-account change or closing the account carries a code from the
 * authenticator app in, outside the body and so outside the Idempotency-Key's request hash:
 * a retry with a code keeps the same key. None without a code (two-factor sign-in off, or not known to
 * be on yet).
 */
export const twoFactorHeaders = (code: string | null): Record<string, string> =>
  code ? { [TWO_FACTOR_CODE_HEADER]: code } : {};
