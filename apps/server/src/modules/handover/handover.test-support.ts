import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTransaction, deposit, get, join, post, put, type TestUser } from '../../testing/test-kit.ts';

/** Helpers shared by the handover test files (imported only by tests). */
export type Parties = { buyer: TestUser; seller: TestUser };

/** An in-person trade created by the buyer, joined by the seller and paid from the buyer's wallet. */
export async function paidInPersonTrade(
  app: FastifyInstance,
  { buyer, seller }: Parties,
  price = 1000,
): Promise<string> {
  const { transaction, code } = await createTransaction(app, buyer, {
    useCourier: false,
    shippingType: 'IN_PERSON',
    price,
  });
  expect(transaction.shippingType).toBe('IN_PERSON');
  const joined = await join(app, seller, code);
  expect(joined.statusCode, joined.body).toBe(200);
  await deposit(app, buyer, transaction.total);
  const paid = await put(app, buyer, `/api/transactions/${transaction.id}/confirm-payment`, {
    paymentMethod: 'WALLET',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paid.json().data.transaction.status).toBe('WAITING_FOR_HANDOVER');
  return transaction.id;
}

export const handoverUrl = (id: string) => `/api/transactions/${id}/handover`;

/** The buyer's release code (200 expected). */
export async function releaseCodeOf(app: FastifyInstance, buyer: TestUser, id: string): Promise<string> {
  const res = await get(app, buyer, handoverUrl(id));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.code as string;
}

export const enterCode = (app: FastifyInstance, seller: TestUser, id: string, code: unknown) =>
  post(app, seller, handoverUrl(id), { code });

/** A well-formed code that is not `code`. */
export const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * Whether `text` carries `code` as a number of its own: a timestamp in milliseconds or an id may hold any
 * six digits inside a longer run, which says nothing about the code.
 */
export const mentions = (text: string, code: string) => new RegExp(`(?<![0-9])${code}(?![0-9])`).test(text);
