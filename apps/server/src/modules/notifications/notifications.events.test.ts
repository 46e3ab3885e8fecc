import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import type { App } from '../../app.ts';
import { mailsTo } from '../auth/auth.test-support.ts';
import { nuban } from '../wallet/wallet.test-helpers.ts';
import {
  checklist,
  createTransaction,
  createUser,
  deliveryDetails,
  driveTo,
  get,
  join,
  post,
  put,
  shipment,
  uploadPhoto,
  type TestUser,
} from '../../testing/test-kit.ts';

let app: App;
let stranger: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  stranger = await createUser(app, 'Stranger');
});
afterAll(async () => {
  await app.close();
});

type Parties = { buyer: TestUser; seller: TestUser };
type Note = {
  id: string;
  type: string;
  title: string;
  transactionId: string | null;
  metadata: Record<string, unknown>;
};
const notes = async (user: TestUser): Promise<Note[]> =>
  (await get(app, user, '/api/notifications?limit=100')).json().data.notifications;

/**
 * Every event that concerns a party writes one notification for the right user (never the actor,
 * never a stranger), linked to its transaction (a withdrawal: to its reference), and e-mailed where
 * the channel rules say (money and dispute events). Each row: bring the trade to just before the
 * event, then act; the notifications and e-mails that appear after the act are compared.
 */
const EVENTS: {
  event: string;
  before: (p: Parties) => Promise<string>;
  act: (p: Parties, id: string) => Promise<unknown>;
  /** Null when no party acts (the payment provider paid a withdrawal out). */
  actor: keyof Parties | null;
  recipient: keyof Parties;
  title: string;
  type: string;
  /** The subject of the e-mail the recipient gets, or null: no e-mail for this event. */
  mail: string | null;
}[] = [
  {
    event: 'the counterparty joins',
    before: async (p) => {
      const { transaction, code } = await createTransaction(app, p.buyer);
      codes.set(transaction.id, code);
      return transaction.id;
    },
    act: (p, id) => join(app, p.seller, codes.get(id)!),
    actor: 'seller',
    recipient: 'buyer',
    title: 'Transaction Activated!',
    type: 'TRANSACTION_UPDATE',
    mail: null,
  },
  {
    event: 'delivery details are provided',
    before: (p) => driveTo(app, p, 'ACTIVE', { useCourier: true }),
    act: (p, id) => put(app, p.buyer, `/api/transactions/${id}/delivery-details`, { deliveryDetails }),
    actor: 'buyer',
    recipient: 'seller',
    title: 'Delivery details provided',
    type: 'TRANSACTION_UPDATE',
    mail: null,
  },
  {
    event: 'the buyer pays into escrow',
    before: (p) => driveTo(app, p, 'ACTIVE'),
    act: async (p, id) => {
      const tx = (await get(app, p.buyer, `/api/transactions/${id}`)).json().data.transaction;
      await post(app, p.buyer, '/api/wallet/deposit', { amount: tx.total });
      return put(app, p.buyer, `/api/transactions/${id}/confirm-payment`, { paymentMethod: 'WALLET' });
    },
    actor: 'buyer',
    recipient: 'seller',
    title: 'Payment secured in escrow',
    type: 'PAYMENT',
    mail: 'Payment secured in escrow',
  },
  {
    event: 'the seller ships',
    before: (p) => driveTo(app, p, 'WAITING_FOR_SHIPMENT'),
    act: async (p, id) =>
      put(app, p.seller, `/api/transactions/${id}/shipping-details`, {
        shipmentData: shipment([await uploadPhoto(app, p.seller, id)], false),
      }),
    actor: 'seller',
    recipient: 'buyer',
    title: 'Your item has shipped',
    type: 'SHIPPING',
    mail: 'Your item has shipped',
  },
  {
    event: 'the buyer confirms receipt (release)',
    before: (p) => driveTo(app, p, 'WAITING_FOR_BUYER_CONFIRMATION'),
    act: (p, id) => put(app, p.buyer, `/api/transactions/${id}/confirm-receipt`, checklist),
    actor: 'buyer',
    recipient: 'seller',
    title: 'Funds released',
    type: 'PAYMENT',
    mail: 'Funds released',
  },
  {
    event: 'a party cancels',
    before: (p) => driveTo(app, p, 'ACTIVE'),
    act: (p, id) => post(app, p.seller, `/api/transactions/${id}/cancel`, { reason: 'Sold elsewhere' }),
    actor: 'seller',
    recipient: 'buyer',
    title: 'Transaction cancelled',
    type: 'TRANSACTION_UPDATE',
    mail: null,
  },
  {
    event: 'a condition is met',
    before: async (p) => {
      const id = await driveTo(app, p, 'WAITING_FOR_SHIPMENT');
      const created = await post(app, p.seller, '/api/payment-conditions/create', {
        transactionId: id,
        conditionType: 'DELIVERY_CONFIRMED',
      });
      conditions.set(id, created.json().data.condition.id);
      await put(app, p.seller, `/api/transactions/${id}/shipping-details`, {
        shipmentData: shipment([await uploadPhoto(app, p.seller, id)], false),
      });
      return id;
    },
    act: (p, id) =>
      put(app, p.buyer, '/api/payment-conditions/update', { conditionId: conditions.get(id), isMet: true }),
    actor: 'buyer',
    recipient: 'seller',
    title: 'Delivery confirmed',
    type: 'TRANSACTION_UPDATE',
    mail: null,
  },
  {
    event: 'a new message',
    before: (p) => driveTo(app, p, 'ACTIVE'),
    act: (p, id) => post(app, p.buyer, '/api/messages', { transactionId: id, content: 'Hello' }),
    actor: 'buyer',
    recipient: 'seller',
    title: 'New message from',
    type: 'MESSAGE',
    mail: null,
  },
  {
    event: 'a dispute is raised',
    before: (p) => driveTo(app, p, 'WAITING_FOR_BUYER_CONFIRMATION'),
    act: (p, id) =>
      post(app, p.buyer, '/api/disputes', {
        transactionId: id,
        disputeType: 'QUALITY',
        reason: 'Cracked',
        description: 'The screen is cracked.',
      }),
    actor: 'buyer',
    recipient: 'seller',
    title: 'A dispute was raised',
    type: 'DISPUTE',
    mail: 'A dispute was raised on your transaction',
  },
  {
    event: 'a withdrawal is paid out',
    before: async (p) => {
      await post(app, p.buyer, '/api/wallet/deposit', { amount: 10_000 });
      const bank = await post(app, p.buyer, '/api/wallet/bank-accounts', {
        bankCode: '058',
        accountNumber: nuban('058', '012345678'),
      });
      bankAccounts.set(p.buyer.id, bank.json().data.bankAccount.id);
      return '';
    },
    act: (p) =>
      post(app, p.buyer, '/api/wallet/withdraw', {
        amount: 4_000,
        bankAccountId: bankAccounts.get(p.buyer.id),
      }),
    actor: null,
    recipient: 'buyer',
    title: 'Withdrawal paid',
    type: 'PAYMENT',
    mail: 'Withdrawal paid',
  },
];
const bankAccounts = new Map<string, string>();
const codes = new Map<string, string>();
const conditions = new Map<string, string>();

describe('every event that matters notifies the right user', () => {
  it.each(EVENTS.map((e) => [e.event, e] as const))('%s', async (_event, row) => {
    const parties = { buyer: await createUser(app, 'Bisi'), seller: await createUser(app, 'Chidi') };
    const id = await row.before(parties);
    const seen = new Map<string, Set<string>>();
    for (const who of ['buyer', 'seller'] as const)
      seen.set(who, new Set((await notes(parties[who])).map((n) => n.id)));
    const strangerBefore = (await notes(stranger)).length;

    const res = (await row.act(parties, id)) as { statusCode: number; body: string };
    expect(res.statusCode, res.body).toBeLessThan(300);

    const fresh = async (who: keyof Parties) =>
      (await notes(parties[who])).filter((n) => !seen.get(who)!.has(n.id));
    const received = await fresh(row.recipient);
    const matching = received.filter((n) => n.title.startsWith(row.title) && n.type === row.type);
    expect(matching, JSON.stringify(received)).toHaveLength(1);
    // Its card links to the transaction; a withdrawal's to the wallet entry by its reference.
    if (id) expect(matching[0]!.transactionId).toBe(id);
    else expect(matching[0]!.metadata.reference).toEqual(expect.any(String));
    // A dispute's notification leads to the dispute itself.
    if (row.type === 'DISPUTE') expect(matching[0]!.metadata.disputeId).toEqual(expect.any(String));
    if (row.actor) expect((await fresh(row.actor)).filter((n) => n.title.startsWith(row.title))).toEqual([]);
    expect((await notes(stranger)).length).toBe(strangerBefore);

    // E-mails go out after commit: an expected one is waited for; an absent one is given a moment.
    const recipient = parties[row.recipient];
    const subject = row.mail ?? row.title;
    const mails = await mailsTo(app, recipient.email, { subject, timeoutMs: row.mail ? 5000 : 300 });
    expect(mails).toHaveLength(row.mail ? 1 : 0);
    // The e-mail links where the card does: the dispute, else the transaction.
    const target = (matching[0]!.metadata.disputeId as string | undefined) ?? id;
    if (row.mail && target) expect(mails[0]!.text).toContain(target);
    if (row.actor)
      expect(await mailsTo(app, parties[row.actor].email, { subject, timeoutMs: 300 })).toEqual([]);
  });
});
