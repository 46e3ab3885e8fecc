import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_LOCKED_TEXT } from '@escrow/shared/domain/transaction-machine';
import { NAME_CHANGE_TEXT, DELIVERY_CORRECTION_TEXT } from '@escrow/shared/texts/correction';
import type { App } from '../../app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { identityDocuments, identityNumbers } from '../../db/schema/identity.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { logIn, signUp } from '../auth/auth.test-support.ts';
import { disputeBody } from '../disputes/disputes.test-support.ts';
import { bvnBody, ninBody, submitDocument } from '../identity/identity.test-support.ts';
import { nuban } from '../wallet/wallet.test-helpers.ts';
import {
  createTransaction,
  createUser,
  deliveryDetails,
  deposit,
  driveTo,
  join,
  PNG_BYTES,
  upload,
  type TestUser,
} from '../../testing/test-kit.ts';

/**
 * The right to correction (docs/privacy.md "Correct my data"): every personal field a user types can be
 * corrected by them, over real HTTP on the embedded database, with hostile input refused, and a name
 * change withdrawing the identity checks made under the old name (level and trust score recomputed).
 */
let app: App;
let base: string;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  admin = await createUser(app, 'Staff', 'ADMIN');
});
afterAll(async () => {
  await app.close();
});

/** The envelope as parsed JSON (read loosely, as tests read `res.json()`). */
type Answer = { status: number; body: ReturnType<typeof JSON.parse> };
/** One request over a real socket, as the web app sends it. */
async function call(method: string, path: string, who?: TestUser | string, body?: unknown): Promise<Answer> {
  const token = typeof who === 'string' ? who : who?.token;
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: JSON.parse(await res.text()) };
}

/** A sandbox number found under the names it is asked with (docs/identity.md), unique per call. */
const sandboxNumber = () => `1${String(randomInt(0, 10 ** 9)).padStart(9, '0')}${randomInt(0, 10)}`;
const nameOf = (user: TestUser) => {
  const [firstName, lastName] = user.name.split(' ');
  return { firstName: firstName!, lastName: lastName! };
};
const me = async (user: TestUser) => (await call('GET', '/api/auth/me', user)).body.data.user;
const verification = async (user: TestUser) =>
  (await call('GET', '/api/verification/status', user)).body.data;

/** A signed-up user with a real password (an e-mail change needs it) as a TestUser. */
async function withPassword(): Promise<TestUser & { password: string }> {
  const account = await signUp(app);
  const token = await logIn(app, account.email, account.password);
  return {
    id: account.user.id,
    email: account.email,
    token,
    headers: { authorization: `Bearer ${token}` },
    name: `${account.firstName} ${account.lastName}`,
    password: account.password,
  };
}

async function verifiedPremium(firstName = 'Adeola') {
  const user = await createUser(app, firstName);
  const nin = await call('POST', '/api/verification/nin', user, ninBody(user, sandboxNumber()));
  expect(nin.status, JSON.stringify(nin.body)).toBe(200);
  const bvn = await call('POST', '/api/verification/bvn', user, bvnBody(user, sandboxNumber()));
  expect(bvn.status, JSON.stringify(bvn.body)).toBe(200);
  return user;
}

async function approvedDocument(user: TestUser, type: string) {
  const { documentId } = await submitDocument(app, user, type, `A${randomInt(1e6, 1e7)}`);
  const res = await call('POST', `/api/admin/documents/${documentId}/approve`, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return documentId;
}

describe('every field the user typed can be corrected by them', () => {
  const cases: {
    field: string;
    correct: (user: TestUser & { password: string }) => Promise<Answer>;
    readBack: (user: TestUser & { password: string }) => Promise<unknown>;
    expected: unknown;
  }[] = [
    {
      field: 'first and last name',
      correct: (u) => call('PUT', '/api/auth/me', u, { firstName: 'Ngozi', lastName: 'Eze' }),
      readBack: async (u) => {
        const user = await me(u);
        return { firstName: user.firstName, lastName: user.lastName };
      },
      expected: { firstName: 'Ngozi', lastName: 'Eze' },
    },
    {
      field: 'e-mail (with the current password)',
      correct: (u) =>
        call('PUT', '/api/auth/me', u, { email: `NEW.${u.email}`, currentPassword: u.password }),
      readBack: async (u) => (await me(u)).email,
      expected: expect.stringMatching(/^new\./),
    },
    {
      field: 'profile picture (replaced, then removed)',
      correct: async (u) => {
        const up = await upload(app, u, { purpose: 'profile_picture' }, { name: 'me.png', data: PNG_BYTES });
        expect(up.statusCode, up.body).toBe(201);
        const set = await call('PUT', '/api/auth/me', u, { profilePictureId: up.json().data.upload.id });
        expect(set.status).toBe(200);
        expect(set.body.data.user.profilePicture).toBe(up.json().data.upload.id);
        return call('PUT', '/api/auth/me', u, { profilePictureId: null });
      },
      readBack: async (u) => (await me(u)).profilePicture,
      expected: null,
    },
    {
      field: 'vendor profile (business name, description, specialties, state, phone, e-mail)',
      correct: async (u) => {
        const first = {
          businessName: 'Ade Phones',
          description: 'Phones and accessories',
          specialties: ['Electronics'],
          state: 'Lagos',
          phone: '08031234567',
          email: 'shop@example.com',
          published: false,
        };
        expect((await call('PUT', '/api/vendors/me', u, first)).status).toBe(200);
        return call('PUT', '/api/vendors/me', u, {
          ...first,
          businessName: 'Ade Phones Ltd',
          state: 'Oyo',
          phone: '+2348099999999',
          email: 'sales@example.com',
        });
      },
      readBack: async (u) => {
        const { businessName, state, phone, email } = (await call('GET', '/api/vendors/me', u)).body.data
          .vendor;
        return { businessName, state, phone, email };
      },
      expected: {
        businessName: 'Ade Phones Ltd',
        state: 'Oyo',
        phone: '+2348099999999',
        email: 'sales@example.com',
      },
    },
    {
      field: 'bank account (the holder name is the bank’s: removed and added again)',
      correct: async (u) => {
        const added = await call('POST', '/api/wallet/bank-accounts', u, {
          bankCode: '058',
          accountNumber: nuban('058', '012345678'),
        });
        expect(added.status, JSON.stringify(added.body)).toBe(201);
        const removed = await call(
          'DELETE',
          `/api/wallet/bank-accounts/${added.body.data.bankAccount.id}`,
          u,
        );
        expect(removed.status).toBe(200);
        return call('POST', '/api/wallet/bank-accounts', u, {
          bankCode: '058',
          accountNumber: nuban('058', '098765432'),
        });
      },
      readBack: async (u) =>
        (await call('GET', '/api/wallet/bank-accounts', u)).body.data.bankAccounts.map(
          (a: { accountNumber: string }) => a.accountNumber,
        ),
      expected: [nuban('058', '098765432')],
    },
  ];

  it.each(cases)('$field', async ({ correct, readBack, expected }) => {
    const user = await withPassword();
    const res = await correct(user);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    expect(await readBack(user)).toEqual(expected);
  });
});

describe('the profile refuses hostile input', () => {
  const cases: [string, unknown, number, string?][] = [
    ['an oversized first name', { firstName: 'A'.repeat(61) }, 400, 'VALIDATION_ERROR'],
    ['a first name with angle brackets', { firstName: '<script>' }, 400, 'VALIDATION_ERROR'],
    ['a last name with a control character', { lastName: 'Obi\u0007' }, 400, 'VALIDATION_ERROR'],
    ['a blank last name', { lastName: '   ' }, 400, 'VALIDATION_ERROR'],
    ['a malformed e-mail', { email: 'not-an-email' }, 400, 'VALIDATION_ERROR'],
    ['an e-mail change without the password', { email: 'other@example.com' }, 400, 'VALIDATION_ERROR'],
    ['a confirmation that is not a boolean', { firstName: 'Tobi', confirmVerificationLoss: 'yes' }, 400],
    ['an unknown field', { role: 'ADMIN' }, 400],
    ['a picture that is not an id', { profilePictureId: '../../etc/passwd' }, 400],
    ['malformed JSON', '{"firstName": ', 400, 'BAD_REQUEST'],
  ];
  it.each(cases)('%s', async (_, body, status, code) => {
    const user = await createUser(app, 'Hostile');
    const res = await call('PUT', '/api/auth/me', user, body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (code) expect(res.body.code).toBe(code);
    expect(await me(user)).toMatchObject({ ...nameOf(user), email: user.email });
  });

  it("another user's picture is refused; no token is 401", async () => {
    const [owner, other] = await Promise.all([createUser(app, 'Owner'), createUser(app, 'Other')]);
    const up = await upload(app, owner, { purpose: 'profile_picture' }, { name: 'me.png', data: PNG_BYTES });
    const res = await call('PUT', '/api/auth/me', other, { profilePictureId: up.json().data.upload.id });
    expect(res.status).toBe(400);
    expect((await call('PUT', '/api/auth/me', undefined, { firstName: 'X' })).status).toBe(401);
    expect((await call('GET', '/api/auth/me/name-change-impact')).status).toBe(401);
  });
});

describe('names and verification', () => {
  it('without verified checks, a name change needs no confirmation', async () => {
    const user = await createUser(app, 'Plain');
    expect((await call('GET', '/api/auth/me/name-change-impact', user)).body.data).toEqual({
      checks: [],
      verificationLevel: 'BASIC',
      levelAfter: 'BASIC',
      trustScore: 0,
      trustScoreAfter: 0,
    });
    const res = await call('PUT', '/api/auth/me', user, { firstName: 'Changed' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile updated successfully!');
    expect(res.body.data.verificationWithdrawn).toBeUndefined();
  });

  it('shows the impact first, refuses an unconfirmed change (409, nothing written), keeps case and accents', async () => {
    const user = await verifiedPremium('Adeola');
    const passport = await approvedDocument(user, 'PASSPORT');
    const cac = await approvedDocument(user, 'CAC_CERTIFICATE');
    const impact = (await call('GET', '/api/auth/me/name-change-impact', user)).body.data;
    expect(impact).toEqual({
      checks: [
        { kind: 'BVN', label: expect.stringMatching(/^your BVN \*{7}\d{4}$/) },
        { kind: 'NIN', label: expect.stringMatching(/^your NIN \*{7}\d{4}$/) },
        { kind: 'DOCUMENT', label: 'your approved Passport' },
      ],
      verificationLevel: 'PREMIUM',
      levelAfter: 'BASIC',
      trustScore: 80,
      trustScoreAfter: 10,
    });

    const { lastName } = nameOf(user);
    for (const body of [
      { firstName: 'Tunde' },
      { lastName: `${lastName}x` },
      { firstName: 'Tunde', confirmVerificationLoss: false },
    ]) {
      const refused = await call('PUT', '/api/auth/me', user, body);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'NAME_CHANGE_NEEDS_CONFIRMATION',
        error: NAME_CHANGE_TEXT.needsConfirmation,
        details: impact,
      });
    }
    expect(await me(user)).toMatchObject({
      firstName: 'Adeola',
      verificationLevel: 'PREMIUM',
      trustScore: 80,
    });

    // Case, accents and spacing only: the same name for identity checks, nothing withdrawn.
    const same = await call('PUT', '/api/auth/me', user, {
      firstName: ' ADÉỌLÁ ',
      lastName: lastName!.toUpperCase(),
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data.user).toMatchObject({
      firstName: 'ADÉỌLÁ',
      verificationLevel: 'PREMIUM',
      trustScore: 80,
    });
    const [doc] = await app.deps.db
      .select()
      .from(identityDocuments)
      .where(eq(identityDocuments.id, passport));
    expect(doc!.status).toBe('VERIFIED');
    expect(cac).toBeTruthy();
  });

  it('a confirmed change withdraws NIN, BVN and name-bearing documents in one transaction, and the user can verify again', async () => {
    const user = await verifiedPremium('Chidi');
    const passport = await approvedDocument(user, 'PASSPORT');
    const cac = await approvedDocument(user, 'CAC_CERTIFICATE');
    const attemptsBefore = (await verification(user)).attemptsLeftToday;

    const res = await call('PUT', '/api/auth/me', user, {
      firstName: 'Emeka',
      confirmVerificationLoss: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(NAME_CHANGE_TEXT.saved);
    expect(res.body.data.user).toMatchObject({
      firstName: 'Emeka',
      verificationLevel: 'BASIC',
      isVerified: false,
      trustScore: 10, // the CAC certificate stays: it names the business
    });
    expect(res.body.data.verificationWithdrawn).toMatchObject({
      verificationLevel: 'PREMIUM',
      levelAfter: 'BASIC',
      trustScore: 80,
      trustScoreAfter: 10,
    });

    // The same token reads the new level at once (the session cache was dropped).
    expect(await me(user)).toMatchObject({ verificationLevel: 'BASIC', trustScore: 10 });
    const status = await verification(user);
    expect(status.user).toMatchObject({
      verificationLevel: 'BASIC',
      nin: null,
      bvn: null,
      isVerified: false,
    });
    expect(status.limits).toEqual({ dailyWithdrawal: 50_000, maxBalance: 300_000 });
    expect(status.attemptsLeftToday).toBe(attemptsBefore);
    expect(status.history.filter((h: { outcome: string }) => h.outcome === 'NAME_CHANGED')).toHaveLength(3);
    const docs = Object.fromEntries(
      status.documents.map((d: { id: string; status: string; reason: string | null }) => [d.id, d]),
    );
    expect(docs[passport]).toMatchObject({ status: 'REJECTED', reason: NAME_CHANGE_TEXT.documentReason });
    expect(docs[cac]).toMatchObject({ status: 'VERIFIED' });
    expect(
      await app.deps.db.select().from(identityNumbers).where(eq(identityNumbers.userId, user.id)),
    ).toEqual([]);

    const [note] = await app.deps.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, user.id), eq(notifications.title, NAME_CHANGE_TEXT.notificationTitle)),
      );
    expect(note).toMatchObject({ priority: 'HIGH', type: 'SYSTEM' });
    const audit = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'user.name_change')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: user.id,
      summary: {
        before: { verificationLevel: 'PREMIUM', trustScore: 80 },
        after: { verificationLevel: 'BASIC', trustScore: 10 },
      },
    });
    // The audit log is append-only and outlives the account: it holds no name.
    expect(JSON.stringify(audit[0])).not.toMatch(/Chidi|Emeka/);

    // Verified again under the new name: the level comes back.
    const again = await call('POST', '/api/verification/nin', user, {
      ...ninBody(user, sandboxNumber()),
      firstName: 'Emeka',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({ verificationLevel: 'ENHANCED', trustScore: 35 });
  });

  it('a check the provider answered under the old name does not verify the new one', async () => {
    const user = await createUser(app, 'Racer');
    const real = app.deps.identityProvider;
    app.deps.identityProvider = {
      name: 'sandbox',
      // The name changes (another tab) while the provider is being asked.
      lookup: async (query) => {
        await app.deps.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, user.id));
        return real.lookup(query);
      },
    };
    try {
      const res = await call('POST', '/api/verification/nin', user, ninBody(user, sandboxNumber()));
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('NAME_MISMATCH');
    } finally {
      app.deps.identityProvider = real;
    }
    expect(await me(user)).toMatchObject({ verificationLevel: 'BASIC', firstName: 'Renamed' });
  });

  it('staff-set levels without checks stay; a level changed only by documents is kept', async () => {
    const user = await createUser(app, 'Docs');
    await approvedDocument(user, 'DRIVERS_LICENSE');
    await app.deps.db.update(users).set({ verificationLevel: 'ENHANCED' }).where(eq(users.id, user.id));
    app.tokens.invalidateUser(user.id);
    const res = await call('PUT', '/api/auth/me', user, {
      lastName: 'Different',
      confirmVerificationLoss: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ verificationLevel: 'ENHANCED', trustScore: 0 });
  });
});

describe('the delivery address, until the seller ships', () => {
  const moved = { ...deliveryDetails, address: '3 Marina Road', city: 'Lagos Island', zipCode: '101001' };
  const putDetails = (user: TestUser | undefined, id: string, body: unknown) =>
    call('PUT', `/api/transactions/${id}/delivery-details`, user, body);

  it('before and after payment: saved, the seller told after payment, the status unchanged', async () => {
    const [buyer, seller] = await Promise.all([createUser(app, 'Bisi'), createUser(app, 'Sola')]);
    const { transaction, code } = await createTransaction(app, buyer, { useCourier: true, price: 1000 });
    expect((await join(app, seller, code)).statusCode).toBe(200);
    const id = transaction.id;
    expect((await putDetails(buyer, id, { deliveryDetails })).body.data.transaction.status).toBe(
      'WAITING_FOR_PAYMENT',
    );
    const beforePayment = await putDetails(buyer, id, { deliveryDetails: { ...moved, city: 'Yaba' } });
    expect(beforePayment.body.data.transaction).toMatchObject({ status: 'WAITING_FOR_PAYMENT' });

    await deposit(app, buyer, transaction.total);
    const paid = await call('PUT', `/api/transactions/${id}/confirm-payment`, buyer, {
      paymentMethod: 'WALLET',
    });
    expect(paid.status).toBe(200);
    const corrected = await putDetails(buyer, id, { deliveryDetails: moved });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.data.transaction).toMatchObject({
      status: 'WAITING_FOR_SHIPMENT',
      deliveryDetails: { address: '3 Marina Road', city: 'Lagos Island', country: 'Nigeria' },
    });
    // The seller reads the new address, and was told.
    const sellerView = await call('GET', `/api/transactions/${id}`, seller);
    expect(sellerView.body.data.transaction.deliveryDetails.address).toBe('3 Marina Road');
    const told = await app.deps.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, seller.id),
          eq(notifications.title, DELIVERY_CORRECTION_TEXT.sellerTitle),
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ priority: 'HIGH' });
    const activity = await call('GET', `/api/transactions/${id}/activities`, buyer);
    expect(JSON.stringify(activity.body)).toContain(
      DELIVERY_CORRECTION_TEXT.correctedActivity('Lagos Island', 'Lagos'),
    );
  });

  it('a milestone trade: until the first milestone is delivered', async () => {
    const [buyer, seller] = await Promise.all([createUser(app, 'Mira'), createUser(app, 'Musa')]);
    const { transaction, code } = await createTransaction(app, seller, {
      creatorRole: 'SELLER',
      useCourier: true,
      price: 2000,
      milestones: [
        { title: 'Frame', amount: 1000 },
        { title: 'Finish', amount: 1000 },
      ],
    });
    expect((await join(app, buyer, code)).statusCode).toBe(200);
    const id = transaction.id;
    expect((await putDetails(buyer, id, { deliveryDetails })).status).toBe(200);
    await deposit(app, buyer, transaction.total);
    expect(
      (await call('PUT', `/api/transactions/${id}/confirm-payment`, buyer, { paymentMethod: 'WALLET' }))
        .status,
    ).toBe(200);
    const early = await putDetails(buyer, id, { deliveryDetails: moved });
    expect(early.status, JSON.stringify(early.body)).toBe(200);
    expect(early.body.data.transaction.status).toBe('IN_PROGRESS');
    const first = early.body.data.transaction.milestones[0].id;
    const delivered = await call('POST', `/api/transactions/${id}/milestones/${first}/deliver`, seller, {
      note: 'Frame done',
    });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    const late = await putDetails(buyer, id, { deliveryDetails });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(DELIVERY_LOCKED_TEXT);
  });

  it('refuses hostile input, strangers, the seller and the wrong state', async () => {
    const [buyer, seller, stranger] = await Promise.all([
      createUser(app, 'Kemi'),
      createUser(app, 'Kunle'),
      createUser(app, 'Stranger'),
    ]);
    const paid = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT', { useCourier: true });
    const shipped = await driveTo(app, { buyer, seller }, 'WAITING_FOR_BUYER_CONFIRMATION', {
      useCourier: true,
    });
    const noCourier = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT');
    const inDispute = await driveTo(app, { buyer, seller }, 'WAITING_FOR_SHIPMENT', { useCourier: true });
    const raised = await call('POST', '/api/disputes', buyer, disputeBody(inDispute));
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);

    const cases: [string, TestUser | undefined, string, unknown, number, string?][] = [
      ['an oversized address', buyer, paid, { deliveryDetails: { ...moved, address: 'x'.repeat(301) } }, 400],
      ['an oversized name', buyer, paid, { deliveryDetails: { ...moved, fullName: 'x'.repeat(121) } }, 400],
      ['a malformed phone', buyer, paid, { deliveryDetails: { ...moved, phoneNumber: '12' } }, 400],
      ['a state outside Nigeria', buyer, paid, { deliveryDetails: { ...moved, state: 'Texas' } }, 400],
      ['another country', buyer, paid, { deliveryDetails: { ...moved, country: 'Ghana' } }, 400],
      ['no details at all', buyer, paid, {}, 400],
      ['malformed JSON', buyer, paid, '{"deliveryDetails": ', 400],
      ['no token', undefined, paid, { deliveryDetails: moved }, 401],
      ['a stranger (not a member)', stranger, paid, { deliveryDetails: moved }, 404],
      [
        'an id that does not exist',
        buyer,
        '01900000-0000-7000-8000-000000000000',
        { deliveryDetails: moved },
        404,
      ],
      ['the seller', seller, paid, { deliveryDetails: moved }, 403],
      ['after shipment', buyer, shipped, { deliveryDetails: moved }, 409, DELIVERY_LOCKED_TEXT],
      ['a trade without a courier', buyer, noCourier, { deliveryDetails: moved }, 409],
      ['while disputed', buyer, inDispute, { deliveryDetails: moved }, 409],
    ];
    for (const [what, who, id, body, status, error] of cases) {
      const res = await putDetails(who, id, body);
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.success, what).toBe(false);
      if (error) expect(res.body.error, what).toBe(error);
    }
    // Nothing changed where it was refused.
    const view = await call('GET', `/api/transactions/${shipped}`, buyer);
    expect(view.body.data.transaction.deliveryDetails.address).toBe(deliveryDetails.address);
  });
});

describe('the other corrections refuse hostile input', () => {
  it('vendor profile and bank accounts', async () => {
    const [user, other] = await Promise.all([createUser(app, 'Vee'), createUser(app, 'Wale')]);
    const vendor = {
      businessName: 'Vee Stores',
      description: 'Shoes',
      specialties: ['Fashion'],
      state: 'Lagos',
      phone: '08031234567',
      email: 'vee@example.com',
      published: false,
    };
    const cases: [string, unknown][] = [
      ['an oversized business name', { ...vendor, businessName: 'x'.repeat(101) }],
      ['an oversized description', { ...vendor, description: 'x'.repeat(1001) }],
      ['a phone that is not Nigerian', { ...vendor, phone: '+1 555 0100' }],
      ['a malformed e-mail', { ...vendor, email: 'vee@' }],
      ['an unknown state', { ...vendor, state: 'Atlantis' }],
    ];
    for (const [what, body] of cases)
      expect((await call('PUT', '/api/vendors/me', user, body)).status, what).toBe(400);
    const added = await call('POST', '/api/wallet/bank-accounts', user, {
      bankCode: '058',
      accountNumber: nuban('058', '012345678'),
    });
    expect(added.status).toBe(201);
    const id = added.body.data.bankAccount.id;
    expect((await call('DELETE', `/api/wallet/bank-accounts/${id}`, other)).status).toBe(404);
    expect(
      (await call('POST', '/api/wallet/bank-accounts', user, { bankCode: '058', accountNumber: '123' }))
        .status,
    ).toBe(400);
    expect((await call('GET', '/api/wallet/bank-accounts', user)).body.data.bankAccounts).toHaveLength(1);
  });
});
