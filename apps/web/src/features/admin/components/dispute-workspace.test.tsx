import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dispute } from '@escrow/shared/schemas/disputes';
import { setLiveChannelForTests } from '../../../lib/socket';
import {
  ADMIN,
  fail,
  installFakeLiveChannel,
  makeBrokeredDispute,
  makeDispute,
  ok,
  renderConsole,
  stubApi,
} from '../testing/admin-test-utils';
import { DisputeWorkspace } from './dispute-workspace';

const ledger = {
  entries: [
    {
      id: 'je-1',
      kind: 'ESCROW_HOLD',
      description: 'Payment into escrow',
      currency: 'NGN',
      createdAt: '2026-03-01T10:00:00.000Z',
      postings: [
        { account: 'wallet:user-buyer:NGN', amount: -10_250 },
        { account: 'escrow:tx-1:NGN', amount: 10_250 },
      ],
    },
  ],
};

beforeEach(() => installFakeLiveChannel());
afterEach(() => {
  setLiveChannelForTests(null);
});

function setup(dispute: Dispute = makeDispute(), extra: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /api/disputes/dispute-1': () => ok({ dispute }),
    'GET /api/admin/transactions/tx-1/ledger': () => ok(ledger),
    ...extra,
  });
  renderConsole(<DisputeWorkspace disputeId="dispute-1" viewer={ADMIN} />, {
    path: '/app/admin/disputes/dispute-1',
    pattern: '/app/admin/disputes/:disputeId',
  });
  return api;
}

const decidePanel = async () =>
  screen.findByRole('form', { name: 'Decide' }).then((form) => form.closest('div') as HTMLElement);

describe('DisputeWorkspace', () => {
  it('shows the parties, the conversation with system and internal marks, and the ledger postings', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Item never arrived' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ada Obi' })).toHaveAttribute(
      'href',
      '/app/admin/users/user-buyer',
    );
    expect(screen.getByRole('link', { name: 'Bola Ade' })).toHaveAttribute(
      'href',
      '/app/admin/users/user-seller',
    );
    expect(screen.getByText('Raised the dispute')).toBeInTheDocument();
    expect(screen.getByText('₦10,250.00')).toBeInTheDocument();
    expect(screen.getByText('Assignee: You')).toBeInTheDocument();

    const [system, party, note] = screen.getAllByTestId('dispute-message') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(system).getByText('System')).toBeInTheDocument();
    expect(within(system).queryByText('Internal')).not.toBeInTheDocument();
    expect(within(party).getByText('Seller')).toBeInTheDocument();
    expect(within(party).queryByText('Internal')).not.toBeInTheDocument();
    expect(within(note).getByText('Internal')).toBeInTheDocument();
    expect(note).toHaveAttribute('data-internal', 'true');
    expect(note).toHaveClass('bg-amber-50');

    const postings = await screen.findByRole('region', { name: 'Ledger entries' });
    expect(within(postings).getByText('ESCROW_HOLD')).toBeInTheDocument();
    expect(within(postings).getByText('-₦10,250.00')).toBeInTheDocument();
    expect(within(postings).getByText('escrow:tx-1:NGN')).toBeInTheDocument();
  });

  it("shows the parties' own chat on the transaction, read-only", async () => {
    setup(makeDispute(), {
      'GET /api/admin/disputes/dispute-1/chat': () =>
        ok({
          messages: [
            {
              id: 'c1',
              transactionId: 'tx-1',
              senderId: 'user-seller',
              receiverId: 'user-buyer',
              content: 'I will send it tomorrow',
              timestamp: new Date().toISOString(),
              isRead: true,
              readAt: null,
              messageType: 'TEXT',
              attachments: [
                {
                  id: 'f1',
                  filename: 'waybill.pdf',
                  fileSize: 10,
                  mimeType: 'application/pdf',
                  fileUrl: '/api/uploads/f1',
                },
              ],
              deleted: false,
              warning: null,
              senderName: 'Bola Ade',
            },
          ],
        }),
    });
    const chat = await screen.findByRole('list', { name: 'Transaction chat' });
    expect(within(chat).getByText('I will send it tomorrow')).toBeInTheDocument();
    expect(within(chat).getByText('Bola Ade')).toBeInTheDocument();
    expect(within(chat).getByRole('button', { name: 'Download waybill.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /chat/i })).toBeNull();
  });

  it('posts an internal note with isInternal: true', async () => {
    const { calls } = setup(makeDispute(), {
      'POST /api/disputes/dispute-1/messages': () => ok({ message: {} }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add internal note' }));
    expect(await screen.findByText('Message cannot be empty')).toBeInTheDocument();
    // The message is on the field, which takes the focus.
    const note = screen.getByLabelText('Internal note');
    expect(note).toHaveAccessibleDescription('Message cannot be empty');
    expect(note).toHaveFocus();
    await user.type(note, 'Called the courier');
    expect(note).toHaveAccessibleDescription('Only staff see internal notes; the parties never do.');
    await user.click(screen.getByRole('button', { name: 'Add internal note' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        content: 'Called the courier',
        isInternal: true,
      }),
    );
    expect(await screen.findByText('Internal note added')).toBeInTheDocument();
    expect(screen.getByLabelText('Internal note')).toHaveValue('');
  });

  it("puts the server's refusal of a note on the note field", async () => {
    setup(makeDispute(), {
      'POST /api/disputes/dispute-1/messages': () => ({
        status: 400,
        body: {
          success: false,
          error: 'Validation failed',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'content', message: 'Message must be at most 2000 characters' }],
        },
      }),
    });
    const user = userEvent.setup();
    const note = await screen.findByLabelText('Internal note');
    await user.type(note, 'Called the courier');
    await user.click(screen.getByRole('button', { name: 'Add internal note' }));
    await waitFor(() => expect(note).toHaveAccessibleDescription('Message must be at most 2000 characters'));
    expect(note).toHaveFocus();
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();
  });

  it('confirms a full refund with the money it moves before deciding', async () => {
    const { calls } = setup(makeDispute(), {
      'POST /api/disputes/dispute-1/resolutions': () => ok({ resolution: {} }),
    });
    const user = userEvent.setup();
    await decidePanel();
    await user.click(screen.getByRole('button', { name: 'Review decision' }));
    expect(screen.getByText('Choose what should happen to the money')).toBeInTheDocument();
    expect(screen.getByText('Please give a reason')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Full refund to the buyer'));
    await user.type(screen.getByLabelText('Reason (the parties see this)'), 'The seller never shipped.');
    await user.click(screen.getByRole('button', { name: 'Review decision' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm decision' });
    expect(within(dialog).getByTestId('decision-movements')).toHaveTextContent(
      'Buyer receives ₦10,250.00 · Seller receives ₦0.00 · Platform keeps ₦0.00',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm decision' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      resolutionType: 'ADMIN_DECISION',
      resolution: 'REFUND_FULL',
      reason: 'The seller never shipped.',
    });
    expect(post?.headers['idempotency-key']).toMatch(/.{16,}/);
    expect(await screen.findByText('Decision executed: Full refund to the buyer')).toBeInTheDocument();
  });

  it("validates the buyer's share of a partial refund and shows the seller's remainder as it is typed", async () => {
    const { calls } = setup(makeDispute(), {
      'POST /api/disputes/dispute-1/resolutions': () => ok({ resolution: {} }),
    });
    const user = userEvent.setup();
    await decidePanel();
    await user.click(screen.getByLabelText('Partial refund'));
    await user.type(screen.getByLabelText('Reason (the parties see this)'), 'Item arrived damaged.');
    const share = screen.getByLabelText("Buyer's share (₦)");

    for (const bad of ['10000', '0', '12.345']) {
      await user.clear(share);
      await user.type(share, bad);
      await user.click(screen.getByRole('button', { name: 'Review decision' }));
      expect(
        screen.getByText('The buyer’s share must be more than 0 and less than the price'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }
    expect(screen.getByTestId('seller-remainder')).toHaveTextContent(
      'Seller receives — of the ₦10,000.00 price',
    );

    await user.clear(share);
    await user.type(share, '4,000');
    expect(screen.getByTestId('seller-remainder')).toHaveTextContent(
      'Seller receives ₦6,000.00 of the ₦10,000.00 price',
    );
    await user.click(screen.getByRole('button', { name: 'Review decision' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm decision' });
    expect(within(dialog).getByTestId('decision-movements')).toHaveTextContent(
      'Buyer receives ₦4,000.00 · Seller receives ₦6,000.00 · Platform keeps ₦250.00',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm decision' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        resolutionType: 'ADMIN_DECISION',
        resolution: 'REFUND_PARTIAL',
        amount: 4000,
        reason: 'Item arrived damaged.',
      }),
    );
  });

  it('says that nothing moves for No action', async () => {
    setup();
    const user = userEvent.setup();
    await decidePanel();
    await user.click(screen.getByLabelText('No action (continue the transaction)'));
    await user.type(
      screen.getByLabelText('Reason (the parties see this)'),
      'Delivery is still within the window.',
    );
    await user.click(screen.getByRole('button', { name: 'Review decision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm decision' });
    expect(within(dialog).getByTestId('decision-movements')).toHaveTextContent(/^No money moves/);
  });

  it("keeps the dialog open with the server's refusal", async () => {
    setup(makeDispute(), {
      'POST /api/disputes/dispute-1/resolutions': () =>
        fail(409, 'This dispute has already been resolved', 'DISPUTE_ALREADY_DECIDED'),
    });
    const user = userEvent.setup();
    await decidePanel();
    await user.click(screen.getByLabelText('Release payment to the seller'));
    await user.type(screen.getByLabelText('Reason (the parties see this)'), 'Tracking shows delivery.');
    await user.click(screen.getByRole('button', { name: 'Review decision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm decision' });
    expect(within(dialog).getByTestId('decision-movements')).toHaveTextContent(
      'Buyer receives ₦0.00 · Seller receives ₦10,000.00 · Platform keeps ₦250.00',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm decision' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This dispute has already been resolved',
    );
  });

  it('disables the decision once the dispute is resolved', async () => {
    setup(makeDispute({ status: 'RESOLVED', resolution: 'RELEASE_PAYMENT', resolutionNotes: 'Delivered.' }));
    await decidePanel();
    expect(
      screen.getByText('This dispute has already been resolved: Release payment to the seller.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review decision' })).toBeDisabled();
    expect(screen.getByLabelText('Full refund to the buyer')).toBeDisabled();
  });

  it('offers Take while nobody is assigned', async () => {
    const { calls } = setup(makeDispute({ status: 'OPEN', assignedTo: null }), {
      'POST /api/admin/disputes/dispute-1/take': () => ok({ dispute: {} }),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Assignee: Unassigned')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Take' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/admin/disputes/dispute-1/take')).toBe(true),
    );
  });

  it('shows image evidence inline and offers other files for download', async () => {
    // jsdom has no object URLs; a subclass keeps the real URL untouched for other tests.
    class BlobUrl extends URL {
      static override createObjectURL = vi.fn(() => 'blob:evidence-photo');
      static override revokeObjectURL = vi.fn();
    }
    vi.stubGlobal('URL', BlobUrl);
    const evidence = (id: string, fileName: string, fileType: string) => ({
      id,
      uploadId: `upload-${id}`,
      fileName,
      fileType,
      size: 204_800,
      fileUrl: `/api/uploads/upload-${id}`,
      description: id === 'e1' ? 'Photo of the empty box' : null,
      uploader: { id: 'user-buyer', firstName: 'Ada', lastName: 'Obi' },
      createdAt: '2026-03-02T10:00:00.000Z',
    });
    setup(
      makeDispute({
        evidence: [evidence('e1', 'box.jpg', 'image/jpeg'), evidence('e2', 'receipt.pdf', 'application/pdf')],
      }),
      {
        'GET /api/uploads/upload-e1': () => ok({}),
      },
    );
    expect(await screen.findByRole('img', { name: 'Photo of the empty box' })).toHaveAttribute(
      'src',
      'blob:evidence-photo',
    );
    expect(screen.getByRole('button', { name: 'Download receipt.pdf' })).toBeInTheDocument();
    expect(screen.getByText('(200 KB)')).toBeInTheDocument();
  });
});

describe('DisputeWorkspace: a brokered trade (docs/money.md "Broker commission")', () => {
  it('shows the commission, bounds the share by the broker’s part and previews what the broker receives', async () => {
    const { calls } = setup(makeBrokeredDispute(), {
      'POST /api/disputes/dispute-1/resolutions': () => ok({ resolution: {} }),
    });
    const user = userEvent.setup();
    await decidePanel();
    expect(screen.getByTestId('dispute-commission')).toHaveTextContent('₦1,000.00');
    await user.click(screen.getByLabelText('Partial refund'));
    await user.type(screen.getByLabelText('Reason (the parties see this)'), 'Item arrived damaged.');
    const share = screen.getByLabelText("Buyer's share (₦)");

    await user.type(share, '9723.21');
    await user.click(screen.getByRole('button', { name: 'Review decision' }));
    expect(
      screen.getByText(
        'The buyer’s share must be more than 0 and at most ₦9,723.20, so the seller’s part covers their ₦250.03 share of the fee and the broker’s ₦27.77 share of the commission',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(share);
    await user.type(share, '4000.50');
    expect(screen.getByTestId('seller-remainder')).toHaveTextContent(
      'Seller receives ₦5,150.48 of the ₦10,001.00 price, less their ₦250.03 share of the fee and the broker’s ₦599.99 share of the commission',
    );
    expect(screen.getByTestId('resolution-movements')).toHaveTextContent(
      'Buyer receives ₦4,000.50 · Seller receives ₦5,150.48 · Broker receives ₦599.99 · Platform keeps ₦250.03',
    );
    await user.click(screen.getByRole('button', { name: 'Review decision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm decision' });
    expect(within(dialog).getByTestId('decision-movements')).toHaveTextContent('Broker receives ₦599.99');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm decision' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        resolution: 'REFUND_PARTIAL',
        amount: 4000.5,
      }),
    );
  });
});
