import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { castOf, disputed, type Cast } from '../disputes/disputes.test-support.ts';
import { get, PNG_BYTES, post, upload, type TestUser } from '../../testing/test-kit.ts';

let app: App;
let cast: Cast;
let transactionId: string;
let disputeId: string;
beforeAll(async () => {
  app = await createTestApp();
  cast = await castOf(app);
  ({ transactionId, disputeId } = await disputed(app, cast));
});
afterAll(async () => {
  await app.close();
});

const evidenceFile = async (user: TestUser, fields: Record<string, string>) => {
  const res = await upload(
    app,
    user,
    { purpose: 'dispute_evidence', ...fields },
    { name: 'crack.png', data: PNG_BYTES },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.upload.id as string;
};
const status = async (user: TestUser, id: string) => (await get(app, user, `/api/uploads/${id}`)).statusCode;

describe('an evidence file reaches the other party only once an evidence row of the dispute carries it', () => {
  it.each([
    ['without', false],
    ['with', true],
  ] as const)(
    'uploaded %s disputeId: the other party gets 404 before attaching and 200 after; the uploader and staff always 200',
    async (_, withDispute) => {
      const id = await evidenceFile(
        cast.buyer,
        withDispute ? { transactionId, disputeId } : { transactionId },
      );
      expect(await status(cast.buyer, id)).toBe(200);
      expect(await status(cast.seller, id)).toBe(404);
      expect(await status(cast.stranger, id)).toBe(404);
      expect(await status(cast.support, id)).toBe(200);
      expect(await status(cast.admin, id)).toBe(200);

      const attached = await post(app, cast.buyer, `/api/disputes/${disputeId}/evidence`, {
        uploadId: id,
        description: 'Photo of the screen',
      });
      expect(attached.statusCode, attached.body).toBe(200);
      expect(await status(cast.buyer, id)).toBe(200);
      expect(await status(cast.seller, id)).toBe(200);
      expect(await status(cast.stranger, id)).toBe(404);
      expect(await status(cast.support, id)).toBe(200);
      expect(await status(cast.admin, id)).toBe(200);
    },
  );

  it('holds for the seller’s evidence too: the buyer reads it only once attached', async () => {
    const id = await evidenceFile(cast.seller, { transactionId });
    expect(await status(cast.seller, id)).toBe(200);
    expect(await status(cast.buyer, id)).toBe(404);
    const attached = await post(app, cast.seller, `/api/disputes/${disputeId}/evidence`, { uploadId: id });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(await status(cast.buyer, id)).toBe(200);
  });

  it('is no proof of attaching that evidence of another dispute names the same file id', async () => {
    const id = await evidenceFile(cast.buyer, { transactionId });
    const other = await disputed(app, { buyer: cast.buyer, seller: cast.stranger });
    // The upload belongs to the first transaction, so the other dispute refuses it.
    const misplaced = await post(app, cast.buyer, `/api/disputes/${other.disputeId}/evidence`, {
      uploadId: id,
    });
    expect(misplaced.statusCode).toBe(400);
    expect(await status(cast.seller, id)).toBe(404);
    expect(await status(cast.stranger, id)).toBe(404);
    expect(await status(cast.buyer, id)).toBe(200);
  });
});
