import { z } from 'zod';
import { withProviderSpan } from '../../lib/tracing.ts';
import {
  IdentityProviderUnavailable,
  type IdentityAnswer,
  type IdentityProvider,
  type IdentityQuery,
} from './identity.provider.ts';

/**
 * Dojah KYC (https://docs.dojah.io). Headers `AppId` and `Authorization: <secret key>` (no "Bearer",
 * as the docs say: https://docs.dojah.io/docs/nigeria/verify-nin-with-selfie-image); base URL from env
 * (https://sandbox.dojah.io for their sandbox, https://api.dojah.io live:
 * https://docs.dojah.io/docs/technical-reference/authentication).
 * - NIN lookup `GET /api/v1/kyc/nin?nin=` answers `{entity: {first_name, last_name, ...}}`.
 * - BVN `GET /api/v1/kyc/bvn/full?bvn=&first_name=&last_name=` validates the names and answers
 *   `{entity: {bvn: {value, status}, first_name: {confidence_value, status}, ...}}`
 *   (https://docs.dojah.io/api-reference/endpoint/kyc_service/validate_bvn).
 * Errors are `{"error": "..."}` with the status codes of https://docs.dojah.io/overview/response-codes:
 * 404 (and 400 for a number we already checked is 11 digits) means not found; 401/403 wrong keys,
 * 402 no balance, 424/429/5xx their side: all "unavailable" (503 to our user, nothing recorded).
 * Lookups are reads, so one retry is safe after a connection failure or a 502/503/504; never after a
 * timeout (the answer may still be on its way and each call is billed).
 * What this sends is told to the user before they send it (packages/shared/src/texts/identity-checks.ts,
 * held to it by identity.check-notice.test.ts): change both together.
 */
export type DojahConfig = { baseUrl: string; appId: string; secretKey: string; timeoutMs: number };

const ninAnswer = z.object({
  entity: z.object({
    first_name: z.string().min(1),
    last_name: z.string().min(1),
    middle_name: z.string().nullish(),
  }),
});
const check = z.object({ status: z.boolean() }).passthrough();
const bvnAnswer = z.object({
  entity: z.object({
    bvn: check,
    first_name: check.optional(),
    last_name: check.optional(),
  }),
});

export function createDojahProvider(config: DojahConfig, retryDelayMs = 250): IdentityProvider {
  const base = config.baseUrl.replace(/\/+$/, '');

  /** `request` (with its one retry), in a span 'dojah GET <path>' when tracing is on: never the number. */
  const get = (path: string, params: Record<string, string>) =>
    withProviderSpan('dojah', `GET ${path}`, () => request(path, params));

  async function request(
    path: string,
    params: Record<string, string>,
  ): Promise<{ status: number; body: unknown }> {
    const url = `${base}${path}?${new URLSearchParams(params).toString()}`;
    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { AppId: config.appId, Authorization: config.secretKey, accept: 'application/json' },
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (error) {
        if (isTimeout(error))
          throw new IdentityProviderUnavailable('Dojah did not answer in time', 'timeout');
        if (attempt === 1) {
          await sleep(retryDelayMs);
          continue;
        }
        throw new IdentityProviderUnavailable('Dojah could not be reached', 'network');
      }
      if ([502, 503, 504].includes(response.status) && attempt === 1) {
        await response.body?.cancel();
        await sleep(retryDelayMs);
        continue;
      }
      const text = await response.text().catch(() => '');
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = undefined;
      }
      return { status: response.status, body };
    }
  }

  function failure(status: number): IdentityProviderUnavailable {
    if (status === 401 || status === 403)
      return new IdentityProviderUnavailable(`Dojah refused our credentials (${status})`, 'credentials');
    if (status === 429) return new IdentityProviderUnavailable('Dojah rate limit reached', 'rate_limited');
    return new IdentityProviderUnavailable(`Dojah answered ${status}`, 'server');
  }

  return {
    name: 'dojah',
    async lookup(query: IdentityQuery): Promise<IdentityAnswer> {
      const isNin = query.kind === 'NIN';
      const { status, body } = isNin
        ? await get('/api/v1/kyc/nin', { nin: query.number })
        : await get('/api/v1/kyc/bvn/full', {
            bvn: query.number,
            first_name: query.firstName,
            last_name: query.lastName,
            ...(query.dateOfBirth ? { dob: query.dateOfBirth } : {}),
          });
      if (status === 404 || status === 400) return { status: 'NOT_FOUND' };
      if (status !== 200) throw failure(status);
      if (isNin) {
        const parsed = ninAnswer.safeParse(body);
        if (!parsed.success)
          throw new IdentityProviderUnavailable('Dojah NIN answer unreadable', 'malformed');
        return {
          status: 'FOUND',
          firstName: parsed.data.entity.first_name,
          lastName: parsed.data.entity.last_name,
        };
      }
      const parsed = bvnAnswer.safeParse(body);
      if (!parsed.success) throw new IdentityProviderUnavailable('Dojah BVN answer unreadable', 'malformed');
      const { entity } = parsed.data;
      if (!entity.bvn.status) return { status: 'NOT_FOUND' };
      // Dojah compares the names it was given; no name check in the answer is no match.
      if (!entity.first_name?.status || entity.last_name?.status === false)
        return { status: 'NAME_MISMATCH' };
      return { status: 'FOUND', firstName: query.firstName, lastName: query.lastName };
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
