import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { todayInLagos } from '@escrow/shared/domain/nigeria';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { ledgerAccounts } from '../db/schema/ledger.ts';
import { users } from '../db/schema/users.ts';
import { uniqueEmail } from './test-app.ts';
import { accountCodes } from '../modules/ledger/index.ts';

/** Helpers shared by the transaction test files (imported only by tests). */
export type TestUser = {
  id: string;
  email: string;
  token: string;
  headers: { authorization: string };
  name: string;
};

let people = 0;
/** A user inserted directly (no password hashing, which is slow and tested elsewhere) with a real token. */
export async function createUser(
  app: FastifyInstance,
  firstName = 'Ada',
  role: 'USER' | 'ADMIN' = 'USER',
): Promise<TestUser> {
  people += 1;
  const lastName = `Tester${people}`;
  const email = uniqueEmail(firstName.toLowerCase());
  const [row] = await app.deps.db
    .insert(users)
    .values({ email, passwordHash: 'not-a-real-hash', firstName, lastName, role })
    .returning({ id: users.id });
  const { token } = await app.tokens.issue(row!.id);
  return {
    id: row!.id,
    email,
    token,
    headers: { authorization: `Bearer ${token}` },
    name: `${firstName} ${lastName}`,
  };
}

export async function makeAdmin(app: FastifyInstance, user: TestUser) {
  await app.deps.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, user.id));
}

/** Funds a wallet through the real sandbox deposit route (settles at once). */
export async function deposit(app: FastifyInstance, user: TestUser, amount: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/wallet/deposit',
    headers: user.headers,
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(200);
}

export async function walletBalance(app: FastifyInstance, user: TestUser): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/api/wallet', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.wallet.balance as number;
}

/** The platform's fee revenue in kobo (NGN). */
export async function platformFeesMinor(app: FastifyInstance): Promise<number> {
  const [row] = await app.deps.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, accountCodes.platformFees('NGN')));
  return row?.balance ?? 0;
}

export async function ledgerCheck(app: FastifyInstance, admin: TestUser) {
  const res = await app.inject({ method: 'GET', url: '/api/admin/ledger/check', headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.report as { ok: boolean; problems: unknown[] };
}

export async function createTransaction(
  app: FastifyInstance,
  creator: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<{ transaction: Transaction; code: string }> {
  const payload = {
    creatorRole: 'BUYER',
    useCourier: false,
    description: 'Used iPhone 13, 128GB',
    currency: 'NGN',
    price: 150000,
    ...(overrides.creatorRole === 'SELLER'
      ? { itemType: 'Physical Product', itemCategory: 'Electronics', itemCondition: 'Like New' }
      : {}),
    ...overrides,
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/transactions/create',
    headers: creator.headers,
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data;
  return { transaction: data.transaction, code: data.invitation.code };
}

export async function join(app: FastifyInstance, user: TestUser, code: string) {
  return app.inject({
    method: 'POST',
    url: '/api/transactions/join',
    headers: user.headers,
    payload: { inviteCode: code },
  });
}

export const deliveryDetails = {
  fullName: 'Ada Obi',
  phoneNumber: '0803 123 4567',
  address: '12 Allen Avenue',
  city: 'Ikeja',
  state: 'Lagos',
  zipCode: '100271',
};

export const checklist = {
  itemReceived: true,
  itemMatchesDescription: true,
  itemConditionAcceptable: true,
  understandFundRelease: true,
  noDisputes: true,
};

/** A real 1×1 PNG and a minimal JPEG header + body: enough for magic-byte checks. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);

/** A multipart/form-data body for app.inject (text fields first, then the file). */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string },
) {
  const boundary = `----test${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `content-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(
  app: FastifyInstance,
  user: TestUser,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string },
) {
  const body = multipart(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...user.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

export async function uploadPhoto(
  app: FastifyInstance,
  seller: TestUser,
  transactionId: string,
  jpeg = false,
) {
  const res = await upload(
    app,
    seller,
    { purpose: 'shipment_photo', transactionId },
    jpeg ? { name: 'item.jpg', data: JPEG_BYTES } : { name: 'item.png', data: PNG_BYTES },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.upload.id as string;
}

export function shipment(photos: string[], courier: boolean) {
  return {
    photos,
    estimatedDelivery: todayInLagos(new Date()),
    itemCondition: 'GOOD',
    packagingDetails: 'Bubble wrap in a box',
    ...(courier ? { trackingNumber: 'GIG-123456', courierService: 'GIG Logistics' } : {}),
  };
}

type Parties = { buyer: TestUser; seller: TestUser };

/**
 * Drives a transaction through the real API up to `until`: created (by the buyer or seller), joined,
 * delivery details (courier), paid from a funded wallet, shipped with a photo.
 */
export async function driveTo(
  app: FastifyInstance,
  { buyer, seller }: Parties,
  until: 'ACTIVE' | 'WAITING_FOR_SHIPMENT' | 'WAITING_FOR_BUYER_CONFIRMATION',
  options: {
    creatorRole?: 'BUYER' | 'SELLER';
    useCourier?: boolean;
    price?: number;
    feePayer?: 'BUYER' | 'SELLER' | 'SPLIT';
  } = {},
): Promise<string> {
  const creatorRole = options.creatorRole ?? 'BUYER';
  const useCourier = options.useCourier ?? false;
  const [creator, joiner] = creatorRole === 'BUYER' ? [buyer, seller] : [seller, buyer];
  const { transaction, code } = await createTransaction(app, creator, {
    creatorRole,
    useCourier,
    price: options.price ?? 1000,
    ...(options.feePayer ? { feePayer: options.feePayer } : {}),
  });
  const id = transaction.id;
  expect((await join(app, joiner, code)).statusCode).toBe(200);
  if (until === 'ACTIVE') return id;
  if (useCourier) {
    const res = await put(app, buyer, `/api/transactions/${id}/delivery-details`, { deliveryDetails });
    expect(res.statusCode, res.body).toBe(200);
  }
  await deposit(app, buyer, transaction.total);
  const paid = await put(app, buyer, `/api/transactions/${id}/confirm-payment`, { paymentMethod: 'WALLET' });
  expect(paid.statusCode, paid.body).toBe(200);
  if (until === 'WAITING_FOR_SHIPMENT') return id;
  const photo = await uploadPhoto(app, seller, id);
  const shipped = await put(app, seller, `/api/transactions/${id}/shipping-details`, {
    shipmentData: shipment([photo], useCourier),
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  return id;
}

export function put(
  app: FastifyInstance,
  user: TestUser,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'PUT',
    url,
    headers: { ...user.headers, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
export function post(app: FastifyInstance, user: TestUser, url: string, payload?: unknown) {
  return app.inject({
    method: 'POST',
    url,
    headers: user.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
export function get(app: FastifyInstance, user: TestUser, url: string) {
  return app.inject({ method: 'GET', url, headers: user.headers });
}
