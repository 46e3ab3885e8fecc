import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { checklist, driveTo, put, type TestUser } from '../../testing/test-kit.ts';

/** Helpers shared by the vendor test files (imported only by tests). */
export const profileBody = (overrides: Record<string, unknown> = {}) => ({
  businessName: 'Lagos Gadgets Hub',
  description: 'Phones and laptops, sealed and tested.',
  specialties: ['Electronics'],
  state: 'Lagos',
  phone: '0803 123 4567',
  email: 'sales@gadgets.example',
  published: true,
  acceptSellerTerms: true,
  ...overrides,
});

export async function publish(app: FastifyInstance, user: TestUser, overrides: Record<string, unknown> = {}) {
  const res = await put(app, user, '/api/vendors/me', profileBody(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.vendor as { id: string };
}

/** A real trade from creation to COMPLETED (the buyer confirms receipt). */
export async function completedTrade(app: FastifyInstance, buyer: TestUser, seller: TestUser, price = 1000) {
  const id = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION', { price });
  const res = await put(app, buyer, `/api/transactions/${id}/confirm-receipt`, checklist);
  expect(res.statusCode, res.body).toBe(200);
  return id;
}
