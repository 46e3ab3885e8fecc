import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MILESTONE_STATUS_LABELS } from '@escrow/shared/domain/milestones';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import {
  fail,
  makeMilestoneTrade,
  ok,
  renderWithProviders,
  stubApi,
} from '../../testing/transaction-test-utils';
import { MilestoneTimeline } from './milestone-timeline';

const UPLOAD_ID = '0192f5a4-7d5e-7000-8000-0000000f0002';

/** Answers every upload with one id, as the server would (uploads go through XMLHttpRequest). */
class FakeXhr {
  static sent: FormData[] = [];
  status = 0;
  responseText = '';
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    FakeXhr.sent.push(body);
    setTimeout(() => {
      this.status = 201;
      this.responseText = JSON.stringify({
        success: true,
        data: { upload: { id: UPLOAD_ID, filename: 'plan.pdf', mimeType: 'application/pdf', size: 10 } },
      });
      this.onload?.();
    }, 5);
  }
}

afterEach(() => {
  FakeXhr.sent = [];
});

const HOUR = 3_600_000;
// 2 days 5 hours and a half ahead: the countdown reads 'in 2 days 5 hours' for the whole test.
const soon = () => new Date(Date.now() + 53.5 * HOUR).toISOString();
const item = (n: number) => within(screen.getByTestId(`milestone-${n}`));
const badge = (n: number) => item(n).getByText(/./, { selector: '[data-status]' });

/** The first milestone released, the second delivered (its window running), the third in progress. */
const midway = (viewerRole: 'BUYER' | 'SELLER', overrides: Partial<Transaction> = {}) =>
  makeMilestoneTrade(
    [
      {
        status: 'RELEASED',
        dueDate: '2026-01-31',
        deliveredAt: '2026-01-11T09:00:00.000Z',
        // 23:30 UTC is 00:30 the next day in Lagos (and 18:30 the same day in New York, where tests run).
        releasedAt: '2026-01-12T23:30:00.000Z',
      },
      {
        status: 'DELIVERED',
        deliveredAt: '2026-01-13T09:00:00.000Z',
        autoReleaseAt: soon(),
        deliveryNote: 'Roof is on; photos attached',
        deliveryFiles: ['0192f5a4-7d5e-7000-8000-0000000f0009'],
      },
      {},
    ],
    { viewerRole, ...overrides },
  );

describe('the milestone timeline', () => {
  it('lists each milestone in order with its status, amounts and dates (Lagos time)', () => {
    stubApi({});
    renderWithProviders(<MilestoneTimeline transaction={midway('BUYER')} />);
    const list = screen.getByRole('list', { name: 'Milestones' });
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['1. Foundation', '2. Walls and roof', '3. Finishing']);
    expect([1, 2, 3].map((n) => badge(n).textContent)).toEqual([
      MILESTONE_STATUS_LABELS.RELEASED,
      MILESTONE_STATUS_LABELS.DELIVERED,
      MILESTONE_STATUS_LABELS.PENDING,
    ]);
    expect(item(1).getByText('Amount').nextSibling).toHaveTextContent('₦3,000.00');
    expect(item(1).getByText('Seller receives').nextSibling).toHaveTextContent('₦2,962.51');
    expect(item(1).getByText('Due').nextSibling).toHaveTextContent('31/01/2026');
    expect(item(1).getByText('Released', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '13/01/2026, 00:30',
    );
    expect(item(2).getByText('Delivery note').nextSibling).toHaveTextContent('Roof is on; photos attached');
    expect(item(2).getByRole('button', { name: 'Download file 1' })).toBeInTheDocument();
    expect(screen.getByText('1 of 3 done')).toBeInTheDocument();
  });

  it('gives the buyer Accept and release on a delivered milestone only, with its countdown', () => {
    stubApi({});
    renderWithProviders(<MilestoneTimeline transaction={midway('BUYER')} />);
    expect(item(2).getByTestId('milestone-countdown').textContent).toMatch(
      /^Accepted automatically, and ₦2,963\.00 released to the seller, in 2 days 5 hours \(.+ WAT\) unless you accept it first, raise a dispute or extend\./,
    );
    expect(item(2).getByRole('button', { name: 'Accept and release' })).toBeInTheDocument();
    expect(item(2).getByRole('button', { name: 'Extend inspection' })).toBeInTheDocument();
    for (const n of [1, 3]) {
      expect(item(n).queryByRole('button', { name: 'Accept and release' })).not.toBeInTheDocument();
      expect(item(n).queryByTestId('milestone-countdown')).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).not.toBeInTheDocument();
  });

  it('gives the seller Mark delivered on a milestone in progress only, and the countdown without Extend', () => {
    stubApi({});
    renderWithProviders(<MilestoneTimeline transaction={midway('SELLER')} />);
    expect(screen.getAllByRole('button', { name: 'Mark delivered' })).toHaveLength(1);
    expect(item(3).getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    expect(item(2).getByText('You receive').nextSibling).toHaveTextContent('₦2,963.00');
    expect(item(2).getByTestId('milestone-countdown').textContent).toMatch(
      /^Accepted automatically, and ₦2,963\.00 released to you, in 2 days 5 hours \(.+ WAT\) unless the buyer raises a dispute\./,
    );
    expect(screen.queryByRole('button', { name: 'Extend inspection' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and release' })).not.toBeInTheDocument();
  });

  it('offers no step while a dispute freezes what is unreleased', () => {
    stubApi({});
    renderWithProviders(<MilestoneTimeline transaction={midway('BUYER', { status: 'DISPUTED' })} />);
    expect(screen.queryByRole('button')).toHaveTextContent('Download file 1');
    expect(screen.queryByTestId('milestone-countdown')).not.toBeInTheDocument();
  });

  it('shows nothing for a one-off trade', () => {
    stubApi({});
    renderWithProviders(<MilestoneTimeline transaction={makeMilestoneTrade([])} />);
    expect(screen.queryByTestId('milestone-timeline')).not.toBeInTheDocument();
  });

  it('accepts after saying what the seller receives, with an idempotency key', async () => {
    const tx = midway('BUYER');
    const { calls } = stubApi({
      [`POST /api/transactions/${tx.id}/milestones/ms-2/accept`]: () => ok({ transaction: tx }),
      'GET /api/transactions/*': () => ok({ transaction: tx }),
    });
    const user = userEvent.setup();
    renderWithProviders(<MilestoneTimeline transaction={tx} />);
    await user.click(item(2).getByRole('button', { name: 'Accept and release' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept and release' });
    expect(dialog).toHaveAccessibleDescription(
      'Accepting “Walls and roof” releases ₦2,963.00 to the seller. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Accept and release' }));
    expect(await screen.findByText('Milestone accepted and paid')).toBeInTheDocument();
    const accept = calls.find((c) => c.path.endsWith('/accept'))!;
    expect(accept).toMatchObject({ method: 'POST', body: undefined });
    expect(accept.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('shows the server’s refusal', async () => {
    const tx = midway('BUYER');
    stubApi({
      [`POST /api/transactions/${tx.id}/milestones/ms-2/accept`]: () =>
        fail(409, 'Only a delivered milestone can be accepted', 'CONFLICT'),
    });
    const user = userEvent.setup();
    renderWithProviders(<MilestoneTimeline transaction={tx} />);
    await user.click(item(2).getByRole('button', { name: 'Accept and release' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept and release' }),
    );
    expect(await screen.findByText('Only a delivered milestone can be accepted')).toBeInTheDocument();
  });

  it('lets the buyer extend a milestone’s inspection once', async () => {
    const tx = midway('BUYER');
    const { calls } = stubApi({
      [`POST /api/transactions/${tx.id}/milestones/ms-2/extend-inspection`]: () => ok({ transaction: tx }),
      'GET /api/transactions/*': () => ok({ transaction: tx }),
    });
    const user = userEvent.setup();
    const { rerender } = renderWithProviders(<MilestoneTimeline transaction={tx} />);
    await user.click(item(2).getByRole('button', { name: 'Extend inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend inspection' });
    await user.selectOptions(within(dialog).getByLabelText('Extend by'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect(await screen.findByText('Inspection period extended')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/extend-inspection'))?.body).toEqual({ days: 5 });

    // Once extended, no second extension is offered.
    const extended = structuredClone(tx);
    extended.milestones[1]!.inspectionExtendedAt = new Date().toISOString();
    rerender(<MilestoneTimeline transaction={extended} />);
    expect(screen.queryByRole('button', { name: 'Extend inspection' })).not.toBeInTheDocument();
    expect(item(2).getByText('The inspection period has been extended once.')).toBeInTheDocument();
  });

  it('has the seller deliver with a note and a file; with neither, says what is needed', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const tx = midway('SELLER');
    const { calls } = stubApi({
      [`POST /api/transactions/${tx.id}/milestones/ms-3/deliver`]: () => ok({ transaction: tx }),
      'GET /api/transactions/*': () => ok({ transaction: tx }),
    });
    const user = userEvent.setup();
    renderWithProviders(<MilestoneTimeline transaction={tx} />);
    await user.click(item(3).getByRole('button', { name: 'Mark delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark delivered' });
    // A trade without a courier has no shipment to describe.
    expect(within(dialog).queryByLabelText(/Sent by courier/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    const note = within(dialog).getByLabelText('Delivery note');
    await waitFor(() => expect(note).toHaveFocus());
    expect(note).toHaveAccessibleDescription('Add a note, shipment details or files for this delivery');

    await user.type(note, 'Tiles laid, paint done');
    await user.upload(
      within(dialog).getByLabelText(/^Files \(optional\)/),
      new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' }),
    );
    await within(dialog).findByText('Uploaded');
    expect(FakeXhr.sent[0]?.get('purpose')).toBe('milestone_file');
    // The file's row may say Uploaded a render before the submit button leaves 'Uploading...'.
    await user.click(await within(dialog).findByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText('Milestone marked as delivered')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/deliver'))?.body).toEqual({
      note: 'Tiles laid, paint done',
      files: [UPLOAD_ID],
    });
  });

  it('asks a courier trade’s shipment details by the courier rule when the seller adds them', async () => {
    const tx = midway('SELLER', { useCourier: true, shippingType: 'COURIER' });
    const { calls } = stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<MilestoneTimeline transaction={tx} />);
    await user.click(item(3).getByRole('button', { name: 'Mark delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark delivered' });
    await user.type(within(dialog).getByLabelText('Delivery note'), 'Sent the tiles');
    await user.click(within(dialog).getByLabelText('Sent by courier: add the shipment details'));
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    expect(
      await within(dialog).findByText('Please upload at least one photo of the item'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Tracking number *')).toHaveAccessibleDescription(
      'Please enter tracking number',
    );
    expect(within(dialog).getByLabelText('Courier service *')).toHaveAccessibleDescription(
      'Please select courier service',
    );
    expect(calls).toHaveLength(0);
  });
});
