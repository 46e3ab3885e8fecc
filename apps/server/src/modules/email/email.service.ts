import { msg } from '@escrow/shared/i18n/msg';
import type { EmailResult } from '@escrow/shared/schemas/email';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { recordAudit } from '../audit/index.ts';

/** What the staff e-mail tools need (passed in by the composition root). */
export type EmailDeps = { db: Db; clock: Clock; mailer: Mailer };
export type Staffer = { id: string; requestId: string };
type Kind = 'test' | 'send';

/** The transport's own words, short and on one line (a host refusing, a login failing), for staff to act on. */
function transportError(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message ? message : 'unknown error';
  const line = `${typeof code === 'string' ? `${code}: ` : ''}${text}`.replace(/\s+/g, ' ').trim();
  return line.slice(0, 300);
}

/**
 * Sends one message through the configured transport (SMTP, or the outbox directory without SMTP_URL)
 * and records it in the audit log whether it went or not: the staff member, the recipient, the
 * subject and what the transport answered. The body is not kept in the log.
 */
export async function sendStaffMail(
  deps: EmailDeps,
  staffer: Staffer,
  kind: Kind,
  mail: Mail,
): Promise<EmailResult> {
  let result: EmailResult | null = null;
  let failure: string | null = null;
  try {
    const sent = await deps.mailer.send(mail);
    result = {
      to: mail.to,
      messageId: sent.messageId,
      transport: deps.mailer.outboxDir ? 'outbox' : 'smtp',
      outboxFile: sent.outboxFile ?? null,
    };
  } catch (error) {
    failure = transportError(error);
  }
  await deps.db.transaction((tx) =>
    recordAudit(tx, {
      actorId: staffer.id,
      action: kind === 'test' ? 'email.test' : 'email.send',
      targetType: 'email',
      targetId: mail.to,
      summary: result
        ? { after: { subject: mail.subject, messageId: result.messageId, transport: result.transport } }
        : { after: { subject: mail.subject }, note: `Transport error: ${failure}` },
      requestId: staffer.requestId,
      at: deps.clock.now(),
    }),
  );
  if (!result) {
    // One sentence in the reader's language; the transport's own words stay as it wrote them.
    const text =
      kind === 'test'
        ? msg('Failed to test email configuration: {failure}')
        : msg('Failed to send custom email: {failure}');
    throw new AppError('MAIL_TRANSPORT_FAILED', text, undefined, undefined, { failure: failure ?? '' });
  }
  return result;
}
