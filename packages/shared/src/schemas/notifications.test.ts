import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  interrupts,
  NOTIFICATION_TYPES,
  preferenceFor,
  toastDurationMs,
} from './notifications.ts';

describe('notification rules', () => {
  it.each([
    ['URGENT', 8000],
    ['HIGH', 6000],
    ['MEDIUM', 4000],
    ['LOW', 3000],
    ['anything else', 3000],
  ])('a %s toast lasts %d ms', (priority, ms) => {
    expect(toastDurationMs(priority)).toBe(ms);
  });

  it('every type but DISPUTE has a category', () => {
    expect(NOTIFICATION_TYPES.map(preferenceFor)).toEqual([
      'transaction_updates',
      'payment_alerts',
      'message_notifications',
      'shipping_updates',
      'system_alerts',
      null,
    ]);
  });

  it.each([
    ['a muted category', { type: 'PAYMENT' as const }, false],
    ['a category left on', { type: 'SHIPPING' as const }, true],
    ['a dispute event', { type: 'DISPUTE' as const }, true],
    [
      'a deadline in a muted category',
      { type: 'TRANSACTION_UPDATE' as const, metadata: { actionRequired: true, autoReleaseAt: 'x' } },
      true,
    ],
    ['a muted category without a deadline', { type: 'TRANSACTION_UPDATE' as const, metadata: {} }, false],
  ])('%s interrupts: %s', (_label, note, expected) => {
    const preferences = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      payment_alerts: false,
      transaction_updates: false,
    };
    expect(interrupts(note, preferences)).toBe(expected);
  });
});
