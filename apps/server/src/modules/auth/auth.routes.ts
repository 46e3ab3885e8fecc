import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_TEXT,
  changePasswordSchema,
  loginSchema,
  publicUserSchema,
  resetPasswordSchema,
  setNewPasswordSchema,
  signInHistorySchema,
  signupSchema,
  updateProfileSchema,
} from '@escrow/shared/schemas/auth';
import { nameChangeImpactSchema } from '@escrow/shared/schemas/identity';
import { loginAnswerSchema } from '@escrow/shared/schemas/two-factor';
import { NAME_CHANGE_TEXT } from '@escrow/shared/texts/correction';
import { envelope, errorEnvelope, ok } from '../../lib/envelope.ts';
import { timingSafeDummyHash } from '../../lib/passwords.ts';
import { createBackgroundTasks } from '../../lib/background-tasks.ts';
import type { AuthDeps } from './auth.deps.ts';
import { createPasswordResetService } from './auth.password-reset.ts';
import { createAuthService } from './auth.service.ts';
import { sessionRoutes } from './auth.sessions.routes.ts';
import { createThrottle } from '../../lib/throttle.ts';
import { byAddress, limitRequests } from '../../lib/rate-limits.ts';
import { normalizeEmail } from './auth.public-user.ts';

const userData = envelope(z.object({ user: publicUserSchema }));
const noData = envelope(z.null());
const failures = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorEnvelope]));
const tags = ['auth'];
const bearer = [{ bearerAuth: [] }];
const HOUR = 3600;

/** Accounts: sign-up, sign-in with throttling, profile, password change and reset, sign-out. */
export const authRoutes =
  (deps: AuthDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const throttle = createThrottle(deps, deps.config.LOGIN_THROTTLE_WINDOW_SECONDS, {
      onBlocked: deps.metrics.rateLimitRefused,
    });
    const tasks = createBackgroundTasks(deps.log, 'accounts');
    const auth = createAuthService(deps, throttle, tasks);
    const reset = createPasswordResetService(deps, throttle, tasks);
    // Pending e-mails finish before the database closes; the dummy hash exists before the first sign-in.
    app.addHook('onClose', () => tasks.drain());
    app.addHook('onReady', async () => void (await timingSafeDummyHash()));
    await app.register(sessionRoutes(deps, auth));
    const { config } = deps;
    // Sign-up and reset requests cost an argon2 hash or an e-mail each: limited per address, and reset
    // also per e-mail so one inbox cannot be flooded from many addresses (unknown e-mails count alike).
    const signupLimit = limitRequests(app, {
      name: 'signup-ip',
      max: config.RATE_LIMIT_SIGNUP_PER_HOUR_PER_IP,
      windowSeconds: HOUR,
      key: byAddress,
    });
    const resetAddressLimit = limitRequests(app, {
      name: 'reset-ip',
      max: config.RATE_LIMIT_RESET_PER_HOUR_PER_IP,
      windowSeconds: HOUR,
      key: byAddress,
    });
    const resetEmailLimit = limitRequests(app, {
      name: 'reset-email',
      max: config.RATE_LIMIT_RESET_PER_HOUR_PER_EMAIL,
      windowSeconds: HOUR,
      key: (request) => normalizeEmail((request.body as { email: string }).email),
    });

    app.post(
      '/signup',
      {
        onRequest: signupLimit,
        schema: { tags, body: signupSchema, response: { 201: userData, ...failures(400, 409, 413, 429) } },
      },
      async (request, reply) => {
        const user = await auth.signup(request.body, request.headers['accept-language']);
        return reply.status(201).send(ok({ user }, AUTH_TEXT.signupDone));
      },
    );

    app.post(
      '/login',
      {
        schema: {
          tags,
          description:
            'With two-factor sign-in on, a right password answers twoFactorRequired, a challenge (valid 5 minutes) ' +
            'and no token: POST /auth/2fa/verify with a code completes the sign-in.',
          body: loginSchema,
          response: { 200: envelope(loginAnswerSchema), ...failures(400, 401, 403, 413, 429) },
        },
      },
      async (request) => ok(await auth.login(request.body, request.ip, request.headers['user-agent'])),
    );

    app.post(
      '/logout',
      {
        preHandler: app.authenticate,
        schema: { tags, security: bearer, response: { 200: noData, ...failures(401) } },
      },
      async (request) => {
        await auth.logout(request.user!);
        return ok(null, AUTH_TEXT.loggedOut);
      },
    );

    app.get(
      '/me',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security: bearer,
          response: {
            200: envelope(z.object({ user: publicUserSchema }).extend(signInHistorySchema.shape)),
            ...failures(401),
          },
        },
      },
      async (request) => ok(await auth.me(request.user!)),
    );

    app.put(
      '/me',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security: bearer,
          description:
            'A first or last name change that withdraws verified identity checks needs confirmVerificationLoss ' +
            '(409 NAME_CHANGE_NEEDS_CONFIRMATION with the impact in details); verificationWithdrawn says what it withdrew.',
          body: updateProfileSchema,
          response: {
            200: envelope(
              z.object({ user: publicUserSchema, verificationWithdrawn: nameChangeImpactSchema.optional() }),
            ),
            ...failures(400, 401, 409, 413, 429),
          },
        },
      },
      async (request) => {
        const { user, withdrawn } = await auth.updateProfile(request.user!, request.body, request.id);
        // The answer is written in the language just saved (docs/languages.md).
        request.user = { ...request.user!, language: user.language };
        if (!withdrawn) return ok({ user }, AUTH_TEXT.profileUpdated);
        return ok({ user, verificationWithdrawn: withdrawn }, NAME_CHANGE_TEXT.saved);
      },
    );

    app.get(
      '/me/name-change-impact',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security: bearer,
          description:
            'The verified identity checks a different first or last name would withdraw, and the level and trust score after.',
          response: { 200: envelope(nameChangeImpactSchema), ...failures(401) },
        },
      },
      async (request) => ok(await deps.nameChecks.impact(deps.db, request.user!.id)),
    );

    app.put(
      '/change-password',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security: bearer,
          body: changePasswordSchema,
          response: { 200: noData, ...failures(400, 401, 413, 429) },
        },
      },
      async (request) => {
        await auth.changePassword(request.user!, request.body);
        return ok(null, AUTH_TEXT.passwordChanged);
      },
    );

    app.post(
      '/reset-password',
      {
        onRequest: resetAddressLimit,
        // After validation: the e-mail is known to be one.
        preHandler: resetEmailLimit,
        schema: { tags, body: resetPasswordSchema, response: { 200: noData, ...failures(400, 413, 429) } },
      },
      async (request) => {
        await reset.requestReset(request.body.email);
        return ok(null, AUTH_TEXT.resetGeneric);
      },
    );

    app.post(
      '/set-new-password',
      { schema: { tags, body: setNewPasswordSchema, response: { 200: noData, ...failures(400, 413) } } },
      async (request) => {
        await reset.setNewPassword(request.body);
        return ok(null, AUTH_TEXT.passwordReset);
      },
    );
  };
