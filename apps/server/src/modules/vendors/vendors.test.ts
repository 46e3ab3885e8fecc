import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { VENDOR_TEXT } from '@escrow/shared/schemas/vendors';
import type { App } from '../../app.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp } from '../../testing/test-app.ts';
import {
  createTransaction,
  createUser,
  get,
  join,
  post,
  put,
  type TestUser,
} from '../../testing/test-kit.ts';
import { completedTrade, profileBody, publish } from './vendors.test-support.ts';

let app: App;
let buyer: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  buyer = await createUser(app, 'Bisi');
});
afterAll(async () => {
  await app.close();
});

const list = async (query: string, who: TestUser = buyer) => {
  const res = await get(app, who, `/api/vendors?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    vendors: { id: string; name: string; [k: string]: unknown }[];
    total: number;
    totalPages: number;
  };
};

describe('vendor profile', () => {
  it('starts empty, validates every field with a clear 400, and publishes once the terms are accepted', async () => {
    const seller = await createUser(app, 'Sade');
    expect((await get(app, seller, '/api/vendors/me')).json().data).toEqual({ vendor: null });
    const bad: [Record<string, unknown>, string][] = [
      [{ businessName: '  ' }, VENDOR_TEXT.businessNameRequired],
      [{ specialties: [] }, VENDOR_TEXT.specialtiesRequired],
      [
        {
          specialties: [
            'Electronics',
            'Fashion & Accessories',
            'Home & Garden',
            'Sports & Outdoors',
            'Books & Media',
            'Other',
          ],
        },
        VENDOR_TEXT.specialtiesMax,
      ],
      [{ specialties: ['Weapons'] }, VENDOR_TEXT.specialtyUnknown],
      [{ state: 'Atlantis' }, VENDOR_TEXT.stateRequired],
      [{ phone: '12345' }, VENDOR_TEXT.phoneInvalid],
      [{ email: 'not-an-email' }, VENDOR_TEXT.emailInvalid],
      [{ description: 'x'.repeat(1001) }, VENDOR_TEXT.tooLong('Description', 1000)],
      [{ acceptSellerTerms: undefined }, VENDOR_TEXT.termsRequired],
    ];
    for (const [change, message] of bad) {
      const res = await put(app, seller, '/api/vendors/me', profileBody(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.body).toContain(message);
    }
    // A draft (not published) needs no terms; publishing later does, once.
    const draft = await put(
      app,
      seller,
      '/api/vendors/me',
      profileBody({ published: false, acceptSellerTerms: undefined }),
    );
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data.vendor.sellerTermsAcceptedAt).toBeNull();
    const vendor = await publish(app, seller, { phone: '+234 803 123 4567' });
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, seller.id));
    expect(row!.profileLabel).toBe('VENDOR');
    const me = (await get(app, seller, '/api/vendors/me')).json().data.vendor;
    expect(me).toMatchObject({ id: vendor.id, phone: '+2348031234567', published: true });
    expect(me.sellerTermsAcceptedAt).toEqual(expect.any(String));
    const again = await put(
      app,
      seller,
      '/api/vendors/me',
      profileBody({ acceptSellerTerms: undefined, businessName: 'Renamed' }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.vendor.sellerTermsAcceptedAt).toBe(me.sellerTermsAcceptedAt);
  });
});

describe('directory', () => {
  let tag: string;
  const ids: Record<string, string> = {};
  let sellers: Record<string, TestUser>;
  beforeAll(async () => {
    tag = `zq${Date.now().toString(36)}`;
    sellers = {
      a: await createUser(app, 'Amaka'),
      b: await createUser(app, 'Bayo'),
      c: await createUser(app, 'Chike'),
      hidden: await createUser(app, 'Hidden'),
    };
    // Figures come from real trades: a completes two sales and is rated 4 and 5; b completes one, rated 2.
    await completedTrade(app, buyer, sellers.a!);
    const second = await completedTrade(app, buyer, sellers.a!);
    ids.a = (
      await publish(app, sellers.a!, {
        businessName: `${tag} Alpha Phones`,
        specialties: ['Electronics', 'Books & Media'],
      })
    ).id;
    const third = await completedTrade(app, buyer, sellers.b!);
    ids.b = (
      await publish(app, sellers.b!, {
        businessName: `${tag} Beta Fashion`,
        specialties: ['Fashion & Accessories'],
        state: 'Kano',
      })
    ).id;
    ids.c = (
      await publish(app, sellers.c!, {
        businessName: `${tag} Gamma Goods`,
        specialties: ['Other'],
        state: 'FCT',
      })
    ).id;
    ids.hidden = (
      await publish(app, sellers.hidden!, { businessName: `${tag} Hidden`, published: false })
    ).id;
    const rated = await app.inject({ method: 'GET', url: '/api/vendors/me', headers: sellers.a!.headers });
    expect(rated.statusCode).toBe(200);
    const firstRating = await post(app, buyer, `/api/transactions/${second}/rating`, {
      rating: 5,
      review: 'Fast and honest',
    });
    expect(firstRating.statusCode, firstRating.body).toBe(201);
    expect((await post(app, buyer, `/api/transactions/${third}/rating`, { rating: 2 })).statusCode).toBe(201);
    await app.deps.db.update(users).set({ verificationLevel: 'PREMIUM' }).where(eq(users.id, sellers.b!.id));
    await app.deps.db.update(users).set({ verificationLevel: 'ENHANCED' }).where(eq(users.id, sellers.c!.id));
  });

  it('lists published vendors only, with figures from their trades', async () => {
    const page = await list(`q=${tag}`);
    expect(page.vendors.map((v) => v.id).sort()).toEqual([ids.a, ids.b, ids.c].sort());
    const alpha = page.vendors.find((v) => v.id === ids.a)!;
    expect(alpha).toMatchObject({
      completedOrders: 2,
      rating: 5,
      reviewCount: 1,
      location: 'Lagos, Nigeria',
      trustLevel: null,
      saved: false,
    });
    expect(page.vendors.find((v) => v.id === ids.b)).toMatchObject({
      completedOrders: 1,
      rating: 2,
      trustLevel: 'Premium',
    });
    expect(page.vendors.find((v) => v.id === ids.c)).toMatchObject({
      completedOrders: 0,
      rating: null,
      trustLevel: 'Verified',
    });
    expect((await get(app, buyer, `/api/vendors/${ids.hidden}`)).statusCode).toBe(404);
    // The owner still sees their own unpublished profile.
    expect((await get(app, sellers.hidden!, `/api/vendors/${ids.hidden}`)).statusCode).toBe(200);
  });

  it('searches name or specialty case-insensitively and filters by state, specialty and trust level', async () => {
    expect((await list(`q=${tag.toUpperCase()}%20alpha`)).vendors.map((v) => v.id)).toEqual([ids.a]);
    const bySpecialty = await list(`q=${tag}&specialty=Fashion%20%26%20Accessories`);
    expect(bySpecialty.vendors.map((v) => v.id)).toEqual([ids.b]);
    expect((await list(`q=${tag}&state=FCT`)).vendors.map((v) => v.id)).toEqual([ids.c]);
    expect((await list(`q=${tag}&trustLevel=Premium`)).vendors.map((v) => v.id)).toEqual([ids.b]);
    expect((await list(`q=${tag}&trustLevel=Verified`)).vendors.map((v) => v.id)).toEqual([ids.c]);
    // Specialty text matches too ('books' is one of Alpha's specialties), and wildcards match themselves.
    const books = await list('q=BOOKS%20%26%20media');
    expect(books.vendors.map((v) => v.id)).toContain(ids.a);
    expect((await list(`q=${tag}%25`)).total).toBe(0);
  });

  it('sorts by rating or completed orders and pages', async () => {
    expect((await list(`q=${tag}&sort=rating`)).vendors.map((v) => v.id)).toEqual([ids.a, ids.b, ids.c]);
    expect((await list(`q=${tag}&sort=orders`)).vendors.map((v) => v.id)).toEqual([ids.a, ids.b, ids.c]);
    const first = await list(`q=${tag}&sort=rating&limit=2&page=1`);
    const second = await list(`q=${tag}&sort=rating&limit=2&page=2`);
    expect(first).toMatchObject({ total: 3, totalPages: 2 });
    expect([...first.vendors, ...second.vendors].map((v) => v.id)).toEqual([ids.a, ids.b, ids.c]);
  });

  it('answers bad queries with a clear 400', async () => {
    for (const query of [
      'sort=price',
      'page=0',
      'limit=500',
      'state=Mars',
      'trustLevel=Gold',
      `q=${'x'.repeat(101)}`,
    ]) {
      const res = await get(app, buyer, `/api/vendors?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('shows the profile with recent reviews and the checklist from data', async () => {
    const res = await get(app, buyer, `/api/vendors/${ids.a}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.reviews).toHaveLength(1);
    expect(data.reviews[0]).toMatchObject({
      rating: 5,
      review: 'Fast and honest',
      refunded: false,
      reply: null,
    });
    expect(data.checklist).toEqual({
      businessLicense: false,
      backgroundCheck: false,
      reviewValidation: true,
      escrowAgreementSigned: true,
    });
    const gamma = (await get(app, buyer, `/api/vendors/${ids.c}`)).json().data;
    expect(gamma.checklist.reviewValidation).toBe(false);
    expect((await get(app, buyer, '/api/vendors/no-such-vendor')).statusCode).toBe(404);
  });

  it('saves and unsaves vendors for the caller only', async () => {
    const saver = await createUser(app, 'Saver');
    expect((await put(app, saver, `/api/vendors/${ids.a}/save`)).statusCode).toBe(200);
    expect((await put(app, saver, `/api/vendors/${ids.a}/save`)).statusCode).toBe(200);
    expect((await put(app, saver, `/api/vendors/${ids.hidden}/save`)).statusCode).toBe(404);
    expect((await put(app, sellers.a!, `/api/vendors/${ids.a}/save`)).statusCode).toBe(409);
    const saved = (await get(app, saver, '/api/vendors/saved')).json().data.vendors;
    expect(saved.map((v: { id: string }) => v.id)).toEqual([ids.a]);
    expect(saved[0].saved).toBe(true);
    expect((await list(`q=${tag}`, saver)).vendors.find((v) => v.id === ids.a)!.saved).toBe(true);
    expect((await get(app, buyer, '/api/vendors/saved')).json().data.vendors).toEqual([]);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/vendors/${ids.a}/save`, headers: saver.headers }))
        .statusCode,
    ).toBe(200);
    expect((await get(app, saver, '/api/vendors/saved')).json().data.vendors).toEqual([]);
  });

  it('measures the median time to the first reply in chat', async () => {
    const seller = await createUser(app, 'Responsive');
    const vendor = await publish(app, seller, { businessName: `${tag} Responsive` });
    const start = Date.now();
    const say = async (who: TestUser, transactionId: string, at: number) => {
      app.deps.clock.now = () => new Date(at);
      const res = await post(app, who, '/api/messages', { transactionId, content: 'Hello there' });
      expect(res.statusCode, res.body).toBe(201);
    };
    try {
      for (const minutes of [10, 30, 50]) {
        const { transaction, code } = await createTransaction(app, buyer);
        expect((await join(app, seller, code)).statusCode).toBe(200);
        const asked = start + minutes * 1000;
        await say(buyer, transaction.id, asked);
        await say(buyer, transaction.id, asked + 60_000);
        await say(seller, transaction.id, asked + minutes * 60_000);
      }
    } finally {
      app.deps.clock.now = () => new Date();
    }
    const card = (await list(`q=${tag}%20responsive`)).vendors[0]!;
    expect(card.id).toBe(vendor.id);
    expect(card.responseTimeMinutes).toBe(30);
  });
});

describe('Contact Vendor', () => {
  it('addresses the invitation to the vendor alone, who is notified and joins from it', async () => {
    const seller = await createUser(app, 'Vendor');
    const other = await createUser(app, 'Other');
    const { transaction, code } = await createTransaction(app, buyer, { invitedUserId: seller.id });
    const notes = (await get(app, seller, '/api/notifications')).json().data.notifications;
    const invite = notes.find((n: { transactionId: string }) => n.transactionId === transaction.id);
    expect(invite).toMatchObject({ title: 'New transaction invitation' });
    expect(invite.metadata.link).toBe(`/app/join-transaction/${code}`);
    for (const res of [
      await get(app, other, `/api/transactions/invite/${code}`),
      await join(app, other, code),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(VENDOR_TEXT.invitationForAnother);
    }
    expect((await get(app, seller, `/api/transactions/invite/${code}`)).statusCode).toBe(200);
    expect((await join(app, seller, code)).statusCode).toBe(200);
  });

  it('refuses inviting oneself or an unknown user', async () => {
    const self = await post(app, buyer, '/api/transactions/create', {
      creatorRole: 'BUYER',
      useCourier: false,
      description: 'x',
      price: 100,
      invitedUserId: buyer.id,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe(VENDOR_TEXT.cannotInviteSelf);
    const unknown = await post(app, buyer, '/api/transactions/create', {
      creatorRole: 'BUYER',
      useCourier: false,
      description: 'x',
      price: 100,
      invitedUserId: 'nobody',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(VENDOR_TEXT.invitedUnknown);
  });
});
