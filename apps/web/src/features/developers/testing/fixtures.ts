import type { ApiKey } from '@escrow/shared/schemas/partner';
import type { Webhook, WebhookAttempt } from '@escrow/shared/schemas/webhooks';

export { fail, ok, renderAt, stubApi, type StubCall } from '../../../testing/render-at';

export function makeApiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: '01937c4e-0000-7000-8000-00000000a001',
    name: 'Shop checkout',
    prefix: 'amk_test_Ab12C',
    mode: 'test',
    scopes: ['transactions:read', 'transactions:write'],
    createdAt: '2026-11-30T10:15:00.000Z',
    lastUsedAt: null,
    ...overrides,
  };
}

export function makeWebhook(overrides: Partial<Webhook> = {}): Webhook {
  return {
    id: '01937c4e-0000-7000-8000-00000000b001',
    url: 'https://shop.example.com/hooks',
    events: ['transaction.paid'],
    enabled: true,
    disabledReason: null,
    disabledAt: null,
    previousSecretExpiresAt: null,
    createdAt: '2026-11-30T10:15:00.000Z',
    updatedAt: '2026-11-30T10:15:00.000Z',
    ...overrides,
  };
}

export function makeAttempt(overrides: Partial<WebhookAttempt> = {}): WebhookAttempt {
  return {
    id: '01937c4e-0000-7000-8000-00000000c001',
    deliveryId: '01937c4e-0000-7000-8000-00000000d001',
    eventId: '01937c4e-0000-7000-8000-00000000e001',
    eventType: 'ping',
    attempt: 1,
    statusCode: 200,
    durationMs: 42,
    response: 'ok',
    error: null,
    succeeded: true,
    createdAt: '2026-11-30T10:15:02.000Z',
    deliveryStatus: 'SUCCEEDED',
    nextAttemptAt: null,
    ...overrides,
  };
}
