import { describe, expect, it } from 'vitest';
import { todayInLagos } from '../domain/nigeria.ts';
import {
  confirmPaymentSchema,
  createTransactionSchemaFor,
  deliveryDetailsSchema,
  receiptChecklistSchema,
  shipmentDataSchemaFor,
} from './transactions.ts';
import { parseReleaseDate } from './payment-conditions.ts';

/** A fixed "now" (12:00 in Lagos), so the date rules do not depend on when the test runs. */
const clock = { now: () => new Date('2026-06-15T11:00:00Z') };
const createTransactionSchema = createTransactionSchemaFor(clock);

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
  const valid = { photos: [photo], estimatedDelivery: todayInLagos(clock.now()) };

  it('needs tracking number and courier only when a courier is used', () => {
    expect(shipmentDataSchemaFor(clock, false).safeParse(valid).success).toBe(true);
    const messages = shipmentDataSchemaFor(clock, true)
      .safeParse(valid)
      .error?.issues.map((i) => i.message);
    expect(messages).toEqual(['Please enter tracking number', 'Please select courier service']);
  });

  it('refuses no photos, six photos and a past date', () => {
    expect(firstMessage(shipmentDataSchemaFor(clock, false).safeParse({ ...valid, photos: [] }))).toBe(
      'Please upload at least one photo of the item',
    );
    expect(
      shipmentDataSchemaFor(clock, false).safeParse({ ...valid, photos: Array(6).fill(photo) }).success,
    ).toBe(false);
    expect(
      firstMessage(
        shipmentDataSchemaFor(clock, false).safeParse({ ...valid, estimatedDelivery: '2020-01-01' }),
      ),
    ).toBe('Estimated delivery date cannot be in the past');
  });

  it('takes "today" from the clock it is given (Lagos time), not the machine\'s', () => {
    const ship = (at: string, estimatedDelivery: string) =>
      shipmentDataSchemaFor({ now: () => new Date(at) }, false).safeParse({ ...valid, estimatedDelivery });
    expect(ship('2026-06-15T22:59:00Z', '2026-06-15').success).toBe(true);
    // 23:00 UTC is already the next day in Lagos.
    expect(firstMessage(ship('2026-06-15T23:00:00Z', '2026-06-15'))).toBe(
      'Estimated delivery date cannot be in the past',
    );
    const milestones = (dueDate: string) => [
      { title: 'One', amount: 75000, dueDate },
      { title: 'Two', amount: 75000 },
    ];
    const create = (at: string, dueDate: string) =>
      createTransactionSchemaFor({ now: () => new Date(at) }).safeParse({
        ...{ useCourier: false, description: 'Work', price: 150000 },
        milestones: milestones(dueDate),
      });
    expect(create('2026-06-15T11:00:00Z', '2026-06-15').success).toBe(true);
    expect(firstMessage(create('2026-06-16T11:00:00Z', '2026-06-15'))).toBe('Due date cannot be in the past');
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
