import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { todayInLagos } from '@escrow/shared/domain/nigeria';
import { hashPassword } from '../lib/passwords.ts';
import { users } from './schema/users.ts';
import { vendorProfiles } from './schema/vendors.ts';

/** A 1×1 PNG: the shipment photo of the demo trades. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const SELLERS = [
  {
    email: 'seller@demo.amana.ng',
    profile: {
      businessName: 'Bakare Gadgets',
      description: 'Phones, laptops and accessories, sealed and tested before dispatch.',
      specialties: ['Electronics'],
      state: 'Lagos',
      phone: '08031234567',
      email: 'seller@demo.amana.ng',
    },
    trades: [
      {
        description: 'iPhone 13, 128GB',
        price: 250000,
        category: 'Electronics',
        rating: 5,
        review: 'Exactly as described, fast replies.',
      },
      {
        description: 'HP EliteBook 840',
        price: 210000,
        category: 'Electronics',
        rating: 4,
        review: 'Good laptop, delivery took a day longer.',
      },
    ],
  },
  {
    email: 'amina.fashion@demo.amana.ng',
    firstName: 'Amina',
    lastName: 'Yusuf',
    profile: {
      businessName: 'Amina Fabrics Kano',
      description: 'Ankara, lace and aso-oke, cut to order.',
      specialties: ['Fashion & Accessories', 'Art & Collectibles'],
      state: 'Kano',
      phone: '08091234567',
      email: 'amina.fashion@demo.amana.ng',
    },
    trades: [
      {
        description: 'Aso-oke set, 3 pieces',
        price: 85000,
        category: 'Fashion & Accessories',
        rating: 5,
        review: 'Beautiful work.',
      },
    ],
  },
  {
    email: 'emeka.auto@demo.amana.ng',
    firstName: 'Emeka',
    lastName: 'Obi',
    profile: {
      businessName: 'Obi Auto Parts',
      description: 'Tokunbo and new parts for Toyota and Honda.',
      specialties: ['Automotive'],
      state: 'Anambra',
      phone: '07031234567',
      email: 'emeka.auto@demo.amana.ng',
    },
    trades: [
      {
        description: 'Toyota Corolla alternator',
        price: 65000,
        category: 'Automotive',
        rating: 3,
        review: null,
      },
    ],
  },
] as const;

type Caller = (
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) => Promise<unknown>;

/**
 * Demo sellers with real figures: each trade runs through the real API (create, join, pay from the wallet,
 * a chat question and answer, ship with a photo, confirm receipt, rate), then the seller publishes. Runs
 * once, after the demo accounts are created.
 */
export async function seedDemoVendors(app: FastifyInstance) {
  const db = app.deps.db;
  // Once: the demo seller's profile is the last thing this writes for them.
  const [existing] = await db
    .select({ id: vendorProfiles.id })
    .from(vendorProfiles)
    .innerJoin(users, eq(users.id, vendorProfiles.userId))
    .where(eq(users.email, SELLERS[0].email));
  if (existing) return;
  const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'buyer@demo.amana.ng'));
  if (!buyer) return;
  const call: Caller = async (token, method, url, body) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (res.statusCode >= 300)
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res.json().data;
  };
  const tokenOf = async (id: string) => (await app.tokens.issue(id)).token;
  const buyerToken = await tokenOf(buyer.id);
  for (const seller of SELLERS) {
    let [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, seller.email));
    if (!row && 'firstName' in seller)
      [row] = await db
        .insert(users)
        .values({
          email: seller.email,
          firstName: seller.firstName,
          lastName: seller.lastName,
          passwordHash: await hashPassword(randomBytes(16).toString('hex')),
        })
        .returning({ id: users.id });
    if (!row) continue;
    const sellerToken = await tokenOf(row.id);
    for (const trade of seller.trades) {
      const created = (await call(sellerToken, 'POST', '/api/transactions/create', {
        creatorRole: 'SELLER',
        useCourier: false,
        description: trade.description,
        price: trade.price,
        itemType: 'Physical Product',
        itemCategory: trade.category,
        itemCondition: 'Brand New',
      })) as { transaction: { id: string; total: number }; invitation: { code: string } };
      const id: string = created.transaction.id;
      await call(buyerToken, 'POST', '/api/transactions/join', { inviteCode: created.invitation.code });
      await call(buyerToken, 'POST', '/api/messages', {
        transactionId: id,
        content: 'Hello, is it still available?',
      });
      await call(sellerToken, 'POST', '/api/messages', {
        transactionId: id,
        content: 'Yes, it is. Pay into escrow and I ship today.',
      });
      await call(buyerToken, 'POST', '/api/wallet/deposit', { amount: created.transaction.total });
      await call(buyerToken, 'PUT', `/api/transactions/${id}/confirm-payment`, { paymentMethod: 'WALLET' });
      const boundary = `----seed${randomUUID()}`;
      const part = (name: string, value: string) =>
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const upload = await app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: {
          authorization: `Bearer ${sellerToken}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(part('purpose', 'shipment_photo') + part('transactionId', id)),
          Buffer.from(
            `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="item.png"\r\ncontent-type: image/png\r\n\r\n`,
          ),
          PNG,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      if (upload.statusCode !== 201)
        throw new Error(`upload: ${upload.statusCode} ${upload.body.slice(0, 200)}`);
      await call(sellerToken, 'PUT', `/api/transactions/${id}/shipping-details`, {
        shipmentData: {
          photos: [upload.json().data.upload.id],
          estimatedDelivery: todayInLagos(app.deps.clock.now()),
          itemCondition: 'GOOD',
          packagingDetails: 'Boxed and sealed',
        },
      });
      await call(buyerToken, 'PUT', `/api/transactions/${id}/confirm-receipt`, {
        itemReceived: true,
        itemMatchesDescription: true,
        itemConditionAcceptable: true,
        understandFundRelease: true,
        noDisputes: true,
      });
      await call(buyerToken, 'POST', `/api/transactions/${id}/rating`, {
        rating: trade.rating,
        ...(trade.review ? { review: trade.review } : {}),
      });
    }
    await call(sellerToken, 'PUT', '/api/vendors/me', {
      ...seller.profile,
      published: true,
      acceptSellerTerms: true,
    });
  }
  app.log.info('demo vendors created with their trades and ratings');
}
