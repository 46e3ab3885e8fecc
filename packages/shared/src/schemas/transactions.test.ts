import { describe, expect, it } from 'vitest';
import { todayInLagos } from '../domain/nigeria.ts';
import {
  confirmPaymentSchema,
  createTransactionSchema,
  deliveryDetailsSchema,
  receiptChecklistSchema,
  shipmentDataSchemaFor,
} from './transactions.ts';
import { parseReleaseDate } from './payment-conditions.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('create payload', () => {
  const base = { useCourier: false, description: 'iPhone 13', price: 150000 };

  it('accepts a buyer payload and fills defaults', () => {
    const parsed = createTransactionSchema.parse(base);
    expect(parsed).toMatchObject({
      creatorRole: 'BUYER',
      currency: 'NGN',
      itemQuantity: 1,
      estimatedDeliveryDays: 3,
    });
  });

  it.each([
    [{ price: 0 }, 'Price must be greater than 0'],
    [{ price: -5 }, 'Price must be greater than 0'],
    [{ price: Number.NaN }, 'Price must be greater than 0'],
    [{ price: 10.123 }, 'Amounts can have at most 2 decimal places'],
    [{ description: '   ' }, 'Description is required'],
    [{ description: 'x'.repeat(2001) }, 'Description must be at most 2000 characters'],
    [{ estimatedDeliveryDays: 31 }, 'Estimated delivery days must be between 1 and 30'],
  ])('refuses %o', (patch, message) => {
    expect(firstMessage(createTransactionSchema.safeParse({ ...base, ...patch }))).toBe(message);
  });

  it('requires item type, category and condition from a seller', () => {
    const result = createTransactionSchema.safeParse({ ...base, creatorRole: 'SELLER' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Item type is required',
      'Item category is required',
      'Item condition is required',
    ]);
  });
});

describe('delivery details', () => {
  const valid = {
    fullName: 'Ada Obi',
    phoneNumber: '+234 803 123 4567',
    address: '12 Allen Avenue',
    city: 'Ikeja',
    state: 'Lagos',
    zipCode: '100271',
  };

  it.each(['08031234567', '2348031234567', '+2349011234567', '7031234567'])('accepts phone %s', (phone) => {
    expect(deliveryDetailsSchema.safeParse({ ...valid, phoneNumber: phone }).success).toBe(true);
  });

  it.each(['0803123456', '06031234567', '08231234567', 'abc', '+23480312345678'])(
    'refuses phone %s',
    (phone) => {
      expect(firstMessage(deliveryDetailsSchema.safeParse({ ...valid, phoneNumber: phone }))).toBe(
        'Please enter a valid Nigerian phone number',
      );
    },
  );

  it('fixes the country to Nigeria and needs one of the 36 states or FCT', () => {
    expect(deliveryDetailsSchema.parse(valid).country).toBe('Nigeria');
    expect(deliveryDetailsSchema.safeParse({ ...valid, country: 'Ghana' }).success).toBe(false);
    expect(firstMessage(deliveryDetailsSchema.safeParse({ ...valid, state: 'Texas' }))).toBe(
      'State is required',
    );
    expect(firstMessage(deliveryDetailsSchema.safeParse({ ...valid, fullName: '' }))).toBe(
      'Full name is required',
    );
  });
});

describe('shipment data', () => {
  const photo = '01890a5d-ac96-774b-bcce-b302099a8057';
  const valid = { photos: [photo], estimatedDelivery: todayInLagos() };

  it('needs tracking number and courier only when a courier is used', () => {
    expect(shipmentDataSchemaFor(false).safeParse(valid).success).toBe(true);
    const messages = shipmentDataSchemaFor(true)
      .safeParse(valid)
      .error?.issues.map((i) => i.message);
    expect(messages).toEqual(['Please enter tracking number', 'Please select courier service']);
  });

  it('refuses no photos, six photos and a past date', () => {
    expect(firstMessage(shipmentDataSchemaFor(false).safeParse({ ...valid, photos: [] }))).toBe(
      'Please upload at least one photo of the item',
    );
    expect(shipmentDataSchemaFor(false).safeParse({ ...valid, photos: Array(6).fill(photo) }).success).toBe(
      false,
    );
    expect(
      firstMessage(shipmentDataSchemaFor(false).safeParse({ ...valid, estimatedDelivery: '2020-01-01' })),
    ).toBe('Estimated delivery date cannot be in the past');
  });
});

describe('payment and receipt', () => {
  it('needs a reference for bank transfer and card, not for the wallet', () => {
    expect(confirmPaymentSchema.safeParse({ paymentMethod: 'WALLET' }).success).toBe(true);
    expect(firstMessage(confirmPaymentSchema.safeParse({ paymentMethod: 'CARD' }))).toBe(
      'Payment reference is required',
    );
  });

  it('needs all five boxes ticked', () => {
    const all = {
      itemReceived: true,
      itemMatchesDescription: true,
      itemConditionAcceptable: true,
      understandFundRelease: true,
      noDisputes: true,
    };
    expect(receiptChecklistSchema.safeParse(all).success).toBe(true);
    expect(firstMessage(receiptChecklistSchema.safeParse({ ...all, noDisputes: false }))).toBe(
      'Please confirm all items before proceeding',
    );
  });
});

describe('release dates', () => {
  it('reads ISO date-times with an offset and plain dates as Lagos midnight', () => {
    expect(parseReleaseDate('2030-01-31')?.toISOString()).toBe('2030-01-30T23:00:00.000Z');
    expect(parseReleaseDate('2030-01-31T10:00:00Z')?.toISOString()).toBe('2030-01-31T10:00:00.000Z');
    expect(parseReleaseDate('tomorrow')).toBeNull();
    expect(parseReleaseDate('2030-02-31T10:00')).toBeNull();
  });
});
