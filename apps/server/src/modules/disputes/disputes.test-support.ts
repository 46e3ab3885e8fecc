import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/users.ts';
import { createUser, driveTo, makeAdmin, post, type TestUser } from '../../testing/test-kit.ts';

/** Helpers shared by the dispute test files (imported only by tests). */
export type Cast = {
  buyer: TestUser;
  seller: TestUser;
  stranger: TestUser;
  support: TestUser;
  admin: TestUser;
};

export async function castOf(app: FastifyInstance): Promise<Cast> {
  const [buyer, seller, stranger, support, admin] = await Promise.all([
    createUser(app, 'Bimpe'),
    createUser(app, 'Segun'),
    createUser(app, 'Stella'),
    createUser(app, 'Sam'),
    createUser(app, 'Ada'),
  ]);
  await app.deps.db.update(users).set({ role: 'SUPPORT' }).where(eq(users.id, support.id));
  await makeAdmin(app, admin);
  return { buyer, seller, stranger, support, admin };
}

export const disputeBody = (transactionId: string) => ({
  transactionId,
  disputeType: 'QUALITY',
  reason: 'Item not as described',
  description: 'The phone arrived with a cracked screen and a different colour.',
  priority: 'HIGH',
});

/** A paid transaction (price ₦1,000, fee ₦25, unless given) disputed by `by`; returns both ids. */
export async function disputed(
  app: FastifyInstance,
  cast: Pick<Cast, 'buyer' | 'seller'>,
  options: {
    until?: 'WAITING_FOR_SHIPMENT' | 'WAITING_FOR_BUYER_CONFIRMATION';
    by?: 'buyer' | 'seller';
    price?: number;
    feePayer?: 'BUYER' | 'SELLER' | 'SPLIT';
  } = {},
) {
  const transactionId = await driveTo(app, cast, options.until ?? 'WAITING_FOR_BUYER_CONFIRMATION', {
    price: options.price ?? 1000,
    ...(options.feePayer ? { feePayer: options.feePayer } : {}),
  });
  const raiser = options.by === 'seller' ? cast.seller : cast.buyer;
  const res = await post(app, raiser, '/api/disputes', disputeBody(transactionId));
  expect(res.statusCode, res.body).toBe(201);
  return { transactionId, disputeId: res.json().data.id as string };
}

export function propose(
  app: FastifyInstance,
  user: TestUser,
  disputeId: string,
  resolution: string,
  extra: Record<string, unknown> = {},
) {
  return post(app, user, `/api/disputes/${disputeId}/resolutions`, {
    resolutionType: 'MEDIATION',
    resolution,
    reason: 'Fair to both of us',
    ...extra,
  });
}

/** The newest PENDING proposal's id in a dispute answer. */
export const pendingId = (body: { data: { dispute: { resolutions: { id: string; status: string }[] } } }) =>
  body.data.dispute.resolutions.filter((r) => r.status === 'PENDING').at(-1)!.id;
