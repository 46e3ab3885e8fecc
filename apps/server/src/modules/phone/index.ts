/**
 * Phones and text messages (docs/security.md "Phone verification", "Text messages"): a verified phone
 * per account, SMS and WhatsApp through a provider (sandbox outbox or Termii), the text-message outbox
 * the notifications write into and the scheduler sends, and its staff view. Owns db/schema/phone.ts.
 */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PhoneDeps } from './phone.deps.ts';
import { createSandboxMessaging, type MessagingProvider } from './phone.provider.ts';
import { phoneRoutes } from './phone.routes.ts';
import { textMessagesStaffRoutes } from './phone.staff.routes.ts';
import { createTermiiMessaging } from './phone.termii.ts';

export type { PhoneDeps } from './phone.deps.ts';
export type { MessagingProvider, OutgoingTextMessage } from './phone.provider.ts';
export { MessagingUnavailable } from './phone.provider.ts';
export { forgetPhoneOf, hasVerifiedPhone, phoneForExport } from './phone.account.ts';
export { textMessageOutbox } from './phone.outbox.ts';
export { deliverDueTextMessages, type TextDeliverySummary } from './phone.delivery.ts';
export { removeOldTextMessages } from './phone.retention.ts';
export { textMessageOutboxState, type TextMessageOutboxState } from './phone.backlog.ts';

/** The user's phone routes (/auth/phone…) and the staff view (/admin/text-messages…), under /api. */
export const phoneModule =
  (deps: PhoneDeps): FastifyPluginAsync =>
  async (app) => {
    await app.register(phoneRoutes(deps));
    await app.register(textMessagesStaffRoutes(deps));
  };

/** The provider the configuration selects: the sandbox outbox by default, Termii with its API key. */
export function createMessagingProvider(
  config: AppConfig,
  log: FastifyBaseLogger,
  clock: Clock,
): MessagingProvider {
  if (config.smsProvider === 'termii')
    return createTermiiMessaging({
      baseUrl: config.TERMII_BASE_URL,
      apiKey: config.TERMII_API_KEY!,
      senderId: config.TERMII_SENDER_ID,
      timeoutMs: config.TERMII_TIMEOUT_MS,
    });
  return createSandboxMessaging(config.dataDir, log, clock);
}
