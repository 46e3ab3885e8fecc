import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TestUser } from '../../testing/test-kit.ts';

/** Helpers shared by the partner test files (imported only by tests). */
export async function createKey(
  app: FastifyInstance,
  user: TestUser,
  scopes: string[] = ['transactions:read', 'transactions:write'],
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/developer/keys',
    headers: user.headers,
    payload: { name: 'Shop checkout', scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data as { key: string; apiKey: { id: string; prefix: string } };
  return { ...data, headers: { authorization: `Bearer ${data.key}` } };
}

export type PartnerKey = Awaited<ReturnType<typeof createKey>>;

let references = 0;
export const partnerOrder = (buyerEmail: string, extra: Record<string, unknown> = {}) => {
  references += 1;
  return {
    role: 'SELLER',
    reference: `order-${process.pid}-${references}`,
    title: 'Red sneakers, size 42',
    description: 'Nike Air, new in box',
    price: 25_000,
    currency: 'NGN',
    buyer: { email: buyerEmail, firstName: 'Bola' },
    metadata: { cartId: 'c-981', channel: 'web' },
    ...extra,
  };
};

export const partnerCall = (
  app: FastifyInstance,
  key: { headers: { authorization: string } },
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url: `/api/partner/v1${url}`,
    headers: key.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
