import type { FastifyRequest } from 'fastify';
import { TWO_FACTOR_CODE_HEADER } from '@escrow/shared/schemas/two-factor';
import { unauthorized } from '../../lib/errors.ts';
import { confirmCode, createCodeThrottle } from './two-factor.codes.ts';
import type { TwoFactorDeps } from './two-factor.deps.ts';
import { codeRequired } from './two-factor.errors.ts';
import * as repo from './two-factor.repository.ts';

/** A preHandler (after authentication) that asks a user with two-factor sign-in on for a current code. */
export type SecondFactorCheck = (request: FastifyRequest) => Promise<void>;

/**
 * The code that confirms a money or account step of a user with two-factor sign-in on (withdrawals,
 * bank-account changes, closing the account), sent in the X-Two-Factor-Code header: outside the body,
 * so outside the Idempotency-Key's request hash (a retry with a newer code is the same request). Missing:
 * 403 TWO_FACTOR_CODE_REQUIRED; wrong: 400 INVALID_TWO_FACTOR_CODE, counted by the code throttle. Users
 * without two-factor sign-in pass untouched. The wallet and privacy modules get it through app wiring.
 */
export function createSecondFactorCheck(deps: TwoFactorDeps): SecondFactorCheck {
  const throttle = createCodeThrottle(deps);
  return async function confirmSecondFactor(request) {
    const user = request.user;
    if (!user) throw unauthorized();
    if (!(await repo.isEnabled(deps.db, user.id))) return;
    const header = request.headers[TWO_FACTOR_CODE_HEADER];
    const code = Array.isArray(header) ? header[0] : header;
    if (!code) throw codeRequired();
    await confirmCode(deps, throttle, user, code, {
      ip: request.ip,
      requestId: request.id,
      purpose: `${request.method} ${request.routeOptions.url ?? ''}`,
    });
  };
}
