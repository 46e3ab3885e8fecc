import type { FastifyBaseLogger } from 'fastify';
import { normalizePhone, type WaitlistEntry } from '@escrow/shared/schemas/waitlist';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { WaitlistEntryRow } from '../../db/schema/waitlist.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Language } from '../../lib/i18n.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { AppMetrics } from '../../lib/metrics.ts';
import { welcomeEmail } from './waitlist.email.ts';
import { createWaitlistRepository } from './waitlist.repository.ts';
import type { BackgroundTasks } from '../../lib/background-tasks.ts';
import { forwardToWebhook } from './waitlist.webhook.ts';

/** What the waitlist needs, passed in by the composition root. */
export type WaitlistDeps = {
  db: Db;
  clock: Clock;
  config: AppConfig;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** Sign-up throttle refusals are counted (rate_limit_refusals_total). */
  metrics: Pick<AppMetrics, 'rateLimitRefused'>;
};

export type JoinOutcome = { alreadyJoined: boolean; entry: WaitlistEntryRow | null };

export function createWaitlistService(deps: WaitlistDeps, tasks: BackgroundTasks) {
  const repository = createWaitlistRepository(deps.db, deps.clock);
  const { config } = deps;

  /** Stores the entry once per e-mail address; a repeat is answered as "already joined", never an error. */
  async function join(input: WaitlistEntry): Promise<JoinOutcome> {
    const entry = await repository.insertIfNew({
      email: input.email.toLowerCase(),
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone ? normalizePhone(input.phone) : null,
      interest: input.interest,
    });
    return { alreadyJoined: entry === null, entry };
  }

  /**
   * The welcome e-mail (in `language`, the visitor's) and the webhook, started once `answered` resolves
   * (the response went out). Both are tracked, so `drain()` covers them; failures are logged only (the
   * visitor is already answered).
   */
  function afterJoin(entry: WaitlistEntryRow, answered: Promise<void>, language: Language = 'en'): void {
    tasks.run('waitlist-welcome-email', async () => {
      await answered;
      await deps.mailer.send(
        welcomeEmail(entry, { publicUrl: config.publicUrl, supportEmail: config.SUPPORT_EMAIL }, language),
      );
      await repository.markWelcomeSent(entry.id);
    });
    const webhookUrl = config.WAITLIST_WEBHOOK_URL;
    if (webhookUrl) {
      tasks.run('waitlist-webhook', async () => {
        await answered;
        await forwardToWebhook(webhookUrl, entry, config.WAITLIST_WEBHOOK_TIMEOUT_MS);
      });
    }
  }

  return { join, afterJoin, list: repository.page, all: repository.all, today: () => deps.clock.now() };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
