import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_WORDS_MESSAGE, statusWords } from '@escrow/shared/domain/transaction-machine';
import type { App } from '../../app.ts';
import { disputeMessages, type DisputeMessageRow } from '../../db/schema/disputes.ts';
import { translate, type Language } from '../../lib/i18n.ts';
import { needlesOf } from '../../lib/personal-data.ts';
import { runDueJobs } from '../../plugins/scheduler.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { post, put, type TestUser } from '../../testing/test-kit.ts';
import { forgetClosedPartyInDisputes } from './disputes.closed-party.ts';
import { disputesForExport } from './disputes.export.ts';
import { castOf, disputed, pendingId, propose, type Cast } from './disputes.test-support.ts';

/**
 * A dispute's SYSTEM lines are stored once, as message ids with values, and written for each reader in
 * their own language (docs/languages.md): a Yoruba buyer, a Hausa seller and Igbo support staff read the
 * same conversation, an English reader reads the English wording as it always was.
 */
let app: App;
let cast: Cast;
let disputeId = '';

beforeAll(async () => {
  // The timers move the clock days ahead: tokens live long enough for that.
  app = await createTestApp({ TOKEN_TTL_HOURS: String(24 * 90) });
  cast = await castOf(app);
  for (const [user, language] of [
    [cast.buyer, 'yo'],
    [cast.seller, 'ha'],
    [cast.support, 'ig'],
  ] as const)
    expect((await put(app, user, '/api/auth/me', { language })).statusCode).toBe(200);
  ({ disputeId } = await disputed(app, cast, { until: 'WAITING_FOR_SHIPMENT' }));
  const proposed = await propose(app, cast.seller, disputeId, 'REFUND_PARTIAL', { amount: 400 });
  expect(proposed.statusCode, proposed.body).toBe(200);
  const steps = [
    () =>
      post(app, cast.buyer, `/api/disputes/resolutions/${pendingId(proposed.json())}/reject`, {
        reason: 'Not enough for a cracked screen',
      }),
    () => post(app, cast.buyer, `/api/disputes/${disputeId}/escalate`, { reason: 'We cannot agree' }),
    () => post(app, cast.support, `/api/admin/disputes/${disputeId}/take`),
    () =>
      post(app, cast.support, `/api/disputes/${disputeId}/resolutions`, {
        resolutionType: 'ADMIN_DECISION',
        resolution: 'REFUND_PARTIAL',
        amount: 500,
        reason: 'Half each',
      }),
  ];
  // One after the other: each step needs the one before it.
  for (const step of steps) {
    const res = await step();
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await app.close();
});

const systemRows = (id: string) =>
  app.deps.db
    .select()
    .from(disputeMessages)
    .where(and(eq(disputeMessages.disputeId, id), eq(disputeMessages.isSystem, true)))
    .orderBy(asc(disputeMessages.createdAt), asc(disputeMessages.id));

type Line = { id: string; content: string; isSystem: boolean };
const linesAs = async (user: TestUser, id: string, language = 'en') => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/disputes/${id}`,
    headers: { ...user.headers, 'accept-language': language },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.dispute.messages as Line[];
};

/** Every SYSTEM row reads, for `user`, as translate(language, id, params), never as the English. */
async function expectWrittenIn(user: TestUser, language: Language, rows: DisputeMessageRow[], id: string) {
  // The saved language wins over what the browser asks.
  const lines = await linesAs(user, id, 'en-GB');
  for (const row of rows) {
    const written = translate(language, row.content, row.params);
    expect(lines.find((line) => line.id === row.id)?.content).toBe(written);
    expect(written).not.toBe(translate('en', row.content, row.params));
  }
}

describe('the SYSTEM lines of one dispute', () => {
  it('are stored as message ids with values: raise, proposal, rejection, escalation, take, decision', async () => {
    const rows = await systemRows(disputeId);
    expect(rows.map((row) => row.content)).toEqual([
      expect.stringMatching(/^Dispute raised by \{name\} while the transaction was \{status\}: \{reason\}\./),
      expect.stringMatching(/^\{name\} proposed: \{resolution, select,/),
      expect.stringMatching(/^\{name\} rejected the proposal \(\{resolution, select,/),
      expect.stringMatching(/^\{name\} escalated the dispute to support\{hasReason, select,/),
      '{name} from support is now reviewing this dispute.',
      expect.stringMatching(/^Resolved \(\{decided, select,/),
    ]);
    expect(rows[0]!.params).toEqual({
      name: cast.buyer.name,
      status: statusWords('WAITING_FOR_SHIPMENT'),
      reason: 'Item not as described',
    });
    expect(rows.every((row) => Object.keys(row.params).length > 0)).toBe(true);
  });

  it('reads in Yoruba for the buyer, in Hausa for the seller and in Igbo for support staff', async () => {
    const rows = await systemRows(disputeId);
    expect(rows).toHaveLength(6);
    await expectWrittenIn(cast.buyer, 'yo', rows, disputeId);
    await expectWrittenIn(cast.seller, 'ha', rows, disputeId);
    await expectWrittenIn(cast.support, 'ig', rows, disputeId);
  });

  it('writes the transaction status inside the raise line in the reader’s language', async () => {
    const [raised] = await systemRows(disputeId);
    const forBuyer = (await linesAs(cast.buyer, disputeId)).find((line) => line.id === raised!.id)!;
    // 'waiting for shipment' in Yoruba, from the status words' own catalogue entry.
    const words = translate('yo', STATUS_WORDS_MESSAGE, { status: 'WAITING_FOR_SHIPMENT' });
    expect(words).not.toBe('waiting for shipment');
    expect(forBuyer.content).toContain(words);
    expect(forBuyer.content).toContain('Item not as described');
  });

  it('reads as the English wording it always had for an English reader', async () => {
    const lines = (await linesAs(cast.admin, disputeId)).filter((line) => line.isSystem);
    expect(lines.map((line) => line.content)).toEqual([
      `Dispute raised by ${cast.buyer.name} while the transaction was waiting for shipment: Item not as described. The payment is frozen until the dispute is resolved.`,
      `${cast.seller.name} proposed: Partial refund. Buyer receives ₦400.00 · Seller receives ₦600.00 · Platform keeps ₦25.00 Reason: Fair to both of us`,
      `${cast.buyer.name} rejected the proposal (Partial refund): Not enough for a cracked screen`,
      `${cast.buyer.name} escalated the dispute to support: We cannot agree. Pending proposals were withdrawn; support will decide.`,
      `${cast.support.name} from support is now reviewing this dispute.`,
      'Resolved (decided by support): Partial refund. Buyer receives ₦500.00 · Seller receives ₦500.00 · Platform keeps ₦25.00 Reason: Half each',
    ]);
  });

  it('says no more than before when a rejection or an escalation gives no reason', async () => {
    const rows = await systemRows(disputeId);
    const without = (row: DisputeMessageRow) =>
      translate('en', row.content, { ...row.params, hasReason: 'no', reason: '' });
    expect(without(rows[2]!)).toBe(`${cast.buyer.name} rejected the proposal (Partial refund).`);
    expect(without(rows[3]!)).toBe(
      `${cast.buyer.name} escalated the dispute to support. Pending proposals were withdrawn; support will decide.`,
    );
    expect(
      translate('yo', rows[3]!.content, { ...rows[3]!.params, hasReason: 'no', reason: '' }),
    ).not.toContain('We cannot agree');
  });

  it('keeps what people wrote as they wrote it', async () => {
    const sent = await post(app, cast.seller, `/api/disputes/${disputeId}/messages`, {
      content: 'Dispute raised by {name}',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const lines = await linesAs(cast.buyer, disputeId);
    expect(lines.at(-1)).toMatchObject({ content: 'Dispute raised by {name}', isSystem: false });
  });

  it('are in the party’s saved language in "Download my data"', async () => {
    const rows = await systemRows(disputeId);
    const [exported] = (await disputesForExport(app.deps, cast.buyer.id)).filter((d) => d.id === disputeId);
    for (const row of rows)
      expect(exported!.messages.find((m) => m.id === row.id)?.content).toBe(
        translate('yo', row.content, row.params),
      );
  });
});

describe('the timers’ SYSTEM lines', () => {
  it('an expired proposal and a closed dispute read in each party’s language', async () => {
    const start = new Date();
    app.deps.clock.now = () => start;
    try {
      const { disputeId: id } = await disputed(app, cast);
      expect((await propose(app, cast.seller, id, 'RELEASE_PAYMENT')).statusCode).toBe(200);
      app.deps.clock.now = () => new Date(start.getTime() + 48 * 3600_000 + 1000);
      await runDueJobs(app.deps);
      const decided = await post(app, cast.admin, `/api/disputes/${id}/resolutions`, {
        resolutionType: 'ADMIN_DECISION',
        resolution: 'NO_ACTION',
        reason: 'Wait for the courier',
      });
      expect(decided.statusCode, decided.body).toBe(200);
      const resolvedAt = app.deps.clock.now().getTime();
      app.deps.clock.now = () => new Date(resolvedAt + 7 * 86_400_000 + 1000);
      await runDueJobs(app.deps);

      const rows = await systemRows(id);
      const expired = rows.find((row) => row.content.includes('expired after 48 hours'));
      const closed = rows.find((row) => row.content === 'This dispute is now closed.');
      expect(expired?.params).toEqual({ resolution: 'RELEASE_PAYMENT' });
      expect(closed).toBeDefined();
      await expectWrittenIn(cast.buyer, 'yo', [expired!, closed!], id);
      await expectWrittenIn(cast.seller, 'ha', [expired!, closed!], id);
      const english = (await linesAs(cast.admin, id)).map((line) => line.content);
      expect(english).toContain(
        'The proposal (Release payment to the seller) expired after 48 hours without an answer.',
      );
      expect(english).toContain(
        'Resolved (decided by support): No action (continue the transaction). No money moves; the transaction continues where it was. Reason: Wait for the courier',
      );
      expect(english.at(-1)).toBe('This dispute is now closed.');
    } finally {
      app.deps.clock.now = () => new Date();
    }
  });
});

describe('a closed party', () => {
  it('is "Closed account" in the SYSTEM lines, whose name sat in their values', async () => {
    await app.deps.db.transaction((tx) =>
      forgetClosedPartyInDisputes(tx, cast.buyer.id, needlesOf([cast.buyer.name])),
    );
    const rows = await systemRows(disputeId);
    expect(JSON.stringify(rows)).not.toContain(cast.buyer.name);
    const lines = await linesAs(cast.seller, disputeId);
    expect(JSON.stringify(lines)).not.toContain(cast.buyer.name);
    const rejected = rows.find((row) => row.content.includes('rejected the proposal'))!;
    expect(rejected.params.name).toBe('Closed account');
    expect(lines.find((line) => line.id === rejected.id)?.content).toBe(
      translate('ha', rejected.content, rejected.params),
    );
    expect(lines.find((line) => line.id === rejected.id)?.content).toContain('Closed account');
  });
});
