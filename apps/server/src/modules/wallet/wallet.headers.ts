import { TWO_FACTOR_CODE_HEADER, twoFactorCodeHeaderSchema } from '@escrow/shared/schemas/two-factor';
import { z } from 'zod';
import { idempotencyHeaders } from '../idempotency/index.ts';

/** The second factor of a money or bank-account step (docs/security.md "Two-factor sign-in"). */
export const secondFactorHeader = z.looseObject({ [TWO_FACTOR_CODE_HEADER]: twoFactorCodeHeaderSchema });

/** Money out and bank-account changes: the Idempotency-Key and, with two-factor sign-in on, a code. */
export const secondFactorHeaders = idempotencyHeaders.extend(secondFactorHeader.shape);
