import { z } from 'zod';
import { msg } from '../i18n/msg.ts';

/**
 * Staff e-mail tools (docs/security.md "Accounts and sessions": `POST /email/test` and `POST /email/send`
 * are SUPPORT/ADMIN only, rate-limited and audited; an open "send e-mail to anyone" call would be a spam
 * relay).
 */
export const EMAIL_TEXT = {
  fillAllFields: msg('Please fill in all fields'),
  testFailed: msg('Failed to test email configuration'),
  sendFailed: msg('Failed to send custom email'),
  invalidEmail: msg('Invalid email address'),
  testSubject: msg('Amana Escrow: test e-mail'),
  testBody: msg(
    'This is a test message from Amana Escrow. If you can read it, the e-mail configuration works.',
  ),
  testSent: msg('Test e-mail sent'),
  sent: msg('E-mail sent'),
} as const;

const to = z
  .string({ error: EMAIL_TEXT.fillAllFields })
  .trim()
  .min(1, EMAIL_TEXT.fillAllFields)
  .max(254, EMAIL_TEXT.invalidEmail)
  .pipe(z.email(EMAIL_TEXT.invalidEmail));
// Header injection: a subject is one line.
const subject = z
  .string({ error: EMAIL_TEXT.fillAllFields })
  .trim()
  .min(1, EMAIL_TEXT.fillAllFields)
  .max(200, msg('Subject must be at most 200 characters'))
  .regex(/^[^\p{Cc}]*$/u, msg('Subject contains invalid characters'));
const message = z
  .string({ error: EMAIL_TEXT.fillAllFields })
  .trim()
  .min(1, EMAIL_TEXT.fillAllFields)
  .max(10_000, msg('Message must be at most 10000 characters'));

/** POST /email/test: to the given address, or the caller's own when none is given. */
export const emailTestSchema = z.object({ to: to.optional() }).strict();
/** POST /email/send {to, subject, message}. */
export const emailSendSchema = z.object({ to, subject, message }).strict();
export type EmailSendInput = z.infer<typeof emailSendSchema>;

/** What happened: the transport's message id, and the outbox file when no SMTP server is configured. */
export const emailResultSchema = z.object({
  to: z.string(),
  messageId: z.string(),
  transport: z.enum(['smtp', 'outbox']),
  outboxFile: z.string().nullable(),
});
export type EmailResult = z.infer<typeof emailResultSchema>;
