import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { msg } from '@escrow/shared/i18n/msg';
import type { UserRole } from '@escrow/shared/schemas/auth';
import type { AppConfig } from '../config/env.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { assertStaffTwoFactor } from '../lib/staff-two-factor.ts';
import type { AuthUser, TokenService } from '../modules/auth/index.ts';

export type { AuthUser };

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /**
     * preHandler: requires a valid, unrevoked bearer token; sets request.user (the slim `AuthUser`
     * from the session cache: no password hash; routes that need more load the row themselves).
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * preHandler factory: authenticated and one of the roles, else 403. When every role is a staff role,
     * also the staff second factor (lib/staff-two-factor.ts): else 403 TWO_FACTOR_REQUIRED.
     */
    requireRole: (...roles: UserRole[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9._-]{10,2048})$/.exec(header ?? '');
  return match ? match[1]! : null;
}

/**
 * Decorates `authenticate` and `requireRole` over the token service it is given; `staffTwoFactor` is the
 * configured staff rule (STAFF_TWO_FACTOR).
 */
export const authPlugin = fp<{ tokens: TokenService; staffTwoFactor: AppConfig['staffTwoFactor'] }>(
  async (app, { tokens, staffTwoFactor }) => {
    app.decorate('tokens', tokens);
    app.decorateRequest('user', null);

    async function authenticate(request: FastifyRequest) {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized();
      const verified = await tokens.verify(token);
      if (!verified) throw unauthorized(msg('Invalid or expired token'));
      request.user = verified.user;
    }

    app.decorate('authenticate', authenticate);
    app.decorate('requireRole', (...roles: UserRole[]) => {
      const staffOnly = !roles.includes('USER');
      return async (request: FastifyRequest) => {
        await authenticate(request);
        if (!roles.includes(request.user!.role)) throw forbidden();
        if (staffOnly) assertStaffTwoFactor(request.user!, staffTwoFactor);
      };
    });
  },
);
