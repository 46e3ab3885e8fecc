import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionActivities } from '../../db/schema/activities.ts';
import { messages } from '../../db/schema/messages.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { statusWords } from '@escrow/shared/domain/transaction-machine';
import { translate } from '../../lib/i18n.ts';
import { createTestApp } from '../../testing/test-app.ts';
import {
  checklist,
  createTransaction,
  createUser,
  join,
  put,
  type TestUser,
} from '../../testing/test-kit.ts';
import type { App } from '../../app.ts';

/**
 * What two people read about one trade is stored once, as message ids with values, and written for each
 * reader in their own language (docs/languages.md): notifications, the activity feed, SYSTEM chat lines.
 */
let app: App;
let seller: TestUser;
let buyer: TestUser;
let transactionId = '';

beforeAll(async () => {
  app = await createTestApp();
  seller = await createUser(app, 'Bísí');
  buyer = await createUser(app, 'Musa');
  expect((await put(app, seller, '/api/auth/me', { language: 'yo' })).statusCode).toBe(200);
  expect((await put(app, buyer, '/api/auth/me', { language: 'ha' })).statusCode).toBe(200);
  const { transaction, code } = await createTransaction(app, seller, { creatorRole: 'SELLER' });
  transactionId = transaction.id;
  expect((await join(app, buyer, code)).statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
});

const getAs = (user: TestUser, url: string, language = 'en') =>
  app.inject({ method: 'GET', url, headers: { ...user.headers, 'accept-language': language } });

describe('a trade read by a Yoruba seller and a Hausa buyer', () => {
  it("writes the seller's join notification in Yoruba, whatever the browser asks", async () => {
    const [row] = await app.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.transactionId, transactionId)))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    expect(row).toBeDefined();
    const yoruba = translate('yo', row!.title, row!.params);
    expect(yoruba).not.toBe(translate('en', row!.title, row!.params));
    // The value (the buyer's name) is in the sentence, in every language.
    expect(translate('en', row!.title, row!.params) + translate('en', row!.message, row!.params)).toContain(
      'Musa',
    );
    const listed = (await getAs(seller, '/api/notifications', 'en-GB')).json().data.notifications;
    expect(listed.find((note: { id: string }) => note.id === row!.id)).toMatchObject({
      title: yoruba,
      message: translate('yo', row!.message, row!.params),
    });
  });

  it('shows each party the activity feed in their own language', async () => {
    const rows = await app.deps.db
      .select()
      .from(transactionActivities)
      .where(eq(transactionActivities.transactionId, transactionId));
    const url = `/api/transactions/${transactionId}/activities`;
    const forSeller = (await getAs(seller, url)).json().data.activities as {
      id: string;
      description: string;
    }[];
    const forBuyer = (await getAs(buyer, url)).json().data.activities as {
      id: string;
      description: string;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const english = translate('en', row.description, row.params);
      expect(forSeller.find((a) => a.id === row.id)?.description).toBe(
        translate('yo', row.description, row.params),
      );
      expect(forBuyer.find((a) => a.id === row.id)?.description).toBe(
        translate('ha', row.description, row.params),
      );
      expect(translate('yo', row.description, row.params)).not.toBe(english);
      expect(translate('ha', row.description, row.params)).not.toBe(english);
    }
  });

  it('writes the SYSTEM chat lines for each reader in their language', async () => {
    const rows = await app.deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.transactionId, transactionId), eq(messages.messageType, 'SYSTEM')));
    expect(rows.length).toBeGreaterThan(0);
    const url = `/api/messages/transactions/${transactionId}`;
    const read = async (user: TestUser) =>
      (await getAs(user, url)).json().data.messages as { id: string; content: string }[];
    const [forSeller, forBuyer] = [await read(seller), await read(buyer)];
    for (const row of rows) {
      expect(forSeller.find((m) => m.id === row.id)?.content).toBe(translate('yo', row.content, row.params));
      expect(forBuyer.find((m) => m.id === row.id)?.content).toBe(translate('ha', row.content, row.params));
      expect(translate('ha', row.content, row.params)).not.toBe(translate('en', row.content, row.params));
    }
  });

  it("names the trade's status in the reader's language when a step is refused", async () => {
    // Before payment (ACTIVE) the buyer cannot confirm receipt: 409, the sentence and its status words in Hausa.
    const refused = await put(app, buyer, `/api/transactions/${transactionId}/confirm-receipt`, checklist);
    expect(refused.statusCode).toBe(409);
    const id = 'Confirming receipt is not possible while the transaction is {status}';
    const params = { status: statusWords('ACTIVE') };
    expect(refused.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', error: translate('ha', id, params) });
    expect(refused.json().error).toContain('gudana');
    expect(translate('en', id, params)).toBe(
      'Confirming receipt is not possible while the transaction is active',
    );
  });
});
