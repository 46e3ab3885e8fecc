import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTransaction, ok, renderWithProviders, stubApi } from '../../testing/transaction-test-utils';
import { photoProblem } from './photo-uploader';
import { ShipmentDialog } from './shipment-dialog';

const UPLOAD_ID = '0192f5a4-7d5e-7000-8000-0000000f0001';

/** Answers every upload with one id after reporting progress, as the server would. */
class FakeXhr {
  static sent: FormData[] = [];
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  headers: Record<string, string> = {};
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {}
  send(body: FormData) {
    FakeXhr.sent.push(body);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = 201;
      this.responseText = JSON.stringify({
        success: true,
        data: { upload: { id: UPLOAD_ID, filename: 'box.png', mimeType: 'image/png', size: 10 } },
      });
      this.onload?.();
    }, 10);
  }
}

afterEach(() => {
  FakeXhr.sent = [];
});

function stubBlobUrls() {
  class BlobUrl extends URL {
    static override createObjectURL = vi.fn(() => 'blob:shipment-photo');
    static override revokeObjectURL = vi.fn();
  }
  vi.stubGlobal('URL', BlobUrl);
}

const tx = makeTransaction({ status: 'WAITING_FOR_SHIPMENT', viewerRole: 'SELLER' });
const png = (name = 'box.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('photoProblem', () => {
  it('uses the spec texts for a non-image and a file over 5MB', () => {
    expect(photoProblem(new File(['x'], 'notes.pdf', { type: 'application/pdf' }))).toBe(
      'notes.pdf is not an image file',
    );
    expect(photoProblem(png('big.png', 5 * 1024 * 1024 + 1))).toBe(
      'big.png is too large. Maximum size is 5MB',
    );
    expect(photoProblem(png())).toBeNull();
  });
});

describe('ShipmentDialog', () => {
  it('lists what is missing before anything is sent', async () => {
    const { calls } = stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<ShipmentDialog transaction={tx} open onOpenChange={() => {}} />);
    expect(screen.getByLabelText('Item condition')).toHaveValue('EXCELLENT');
    await user.click(screen.getByRole('button', { name: 'Confirm Shipment' }));
    for (const text of [
      'Please upload at least one photo of the item',
      'Please enter tracking number',
      'Please select courier service',
      'Please enter estimated delivery date',
    ])
      expect(await screen.findByText(text)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    // Each message sits on its own field.
    expect(screen.getByLabelText('Tracking number *')).toHaveAccessibleDescription(
      'Please enter tracking number',
    );
    expect(screen.getByLabelText('Courier service *')).toHaveAccessibleDescription(
      'Please select courier service',
    );
    expect(screen.getByLabelText(/Estimated delivery date/)).toHaveAccessibleDescription(
      'Please enter estimated delivery date',
    );
    expect(screen.getByLabelText(/Photos of the item/)).toHaveAccessibleDescription(
      'Please upload at least one photo of the item',
    );
  });

  it('takes the delivery date as dd/mm/yyyy (en-NG) whatever the browser locale', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<ShipmentDialog transaction={tx} open onOpenChange={() => {}} />);
    const date = screen.getByLabelText('Estimated delivery date * (dd/mm/yyyy)');
    expect(date).toHaveAttribute('type', 'text');
    expect(date).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await user.type(date, '12/31/2099');
    await user.click(screen.getByRole('button', { name: 'Confirm Shipment' }));
    expect(date).toHaveAccessibleDescription('Please enter estimated delivery date');
    await user.clear(date);
    await user.type(date, '01/01/2000');
    expect(date).toHaveAccessibleDescription('Estimated delivery date cannot be in the past');
    await user.clear(date);
    await user.type(date, '31/12/2099');
    expect(date).not.toHaveAccessibleDescription();
  });

  it('refuses a non-image file, uploads a photo and confirms the shipment with its id', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    stubBlobUrls();
    const { calls } = stubApi({
      [`GET /api/uploads/${UPLOAD_ID}`]: () => ({ body: {} }),
      [`PUT /api/transactions/${tx.id}/shipping-details`]: () =>
        ok({ transaction: { ...tx, status: 'WAITING_FOR_BUYER_CONFIRMATION' } }),
    });
    const onOpenChange = vi.fn();
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<ShipmentDialog transaction={tx} open onOpenChange={onOpenChange} />);
    const input = screen.getByLabelText(/Photos of the item/);
    await user.upload(input, new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('notes.pdf is not an image file')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
    expect(screen.getByText('Choose photos')).toBeInTheDocument();
    await user.upload(input, png());
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    // One control: its face counts the photos; the list under it names them.
    expect(screen.getByText('Add photos (1 of 5)')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Photos' })).getByText('box.png')).toBeInTheDocument();
    expect(FakeXhr.sent[0]!.get('purpose')).toBe('shipment_photo');
    expect(FakeXhr.sent[0]!.get('transactionId')).toBe(tx.id);
    await user.type(screen.getByLabelText('Tracking number *'), 'TRK-1');
    await user.selectOptions(screen.getByLabelText('Courier service *'), 'DHL');
    await user.type(screen.getByLabelText(/Estimated delivery date/), '31/01/2099');
    await user.click(screen.getByRole('button', { name: 'Confirm Shipment' }));
    expect(await screen.findByText('Shipment confirmed successfully!')).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      shipmentData: {
        photos: [UPLOAD_ID],
        trackingNumber: 'TRK-1',
        courierService: 'DHL',
        estimatedDelivery: '2099-01-31',
        itemCondition: 'EXCELLENT',
      },
    });
  });

  it('shows each uploaded photo as a thumbnail, fetched with the token', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    stubBlobUrls();
    localStorage.setItem('authToken', 'seller-token');
    const { calls } = stubApi({ [`GET /api/uploads/${UPLOAD_ID}`]: () => ({ body: {} }) });
    const user = userEvent.setup();
    renderWithProviders(<ShipmentDialog transaction={tx} open onOpenChange={() => {}} />);
    await user.upload(screen.getByLabelText(/Photos of the item/), png());
    const preview = await screen.findByRole('img', { name: 'Preview of box.png' });
    expect(preview).toHaveAttribute('src', 'blob:shipment-photo');
    const fetched = calls.find((c) => c.path === `/api/uploads/${UPLOAD_ID}`)!;
    expect(fetched.headers.authorization).toBe('Bearer seller-token');
  });
});
