import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { uuidv7 } from 'uuidv7';
import type { AppConfig } from '../config/env.ts';
import type { Clock } from './clock.ts';
import { withProviderSpan } from './tracing.ts';

export type Mail = { to: string; subject: string; text: string; html?: string };
/** What a send did: the transport's message id, and the .eml file's name when written to the outbox. */
export type SentMail = { messageId: string; outboxFile?: string };
export type Mailer = { send: (mail: Mail) => Promise<SentMail>; outboxDir: string | null };

/**
 * Real e-mail through nodemailer. Without SMTP_URL each message is rendered by nodemailer's stream
 * transport and written as an .eml file (plus a .json summary) to DATA_DIR/outbox, where a developer can read it.
 * Each message is dated by the injected clock (its Date header, and the summary's `date`).
 */
export function createMailer(config: AppConfig, log: FastifyBaseLogger, clock: Clock): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      outboxDir: null,
      async send(mail) {
        const info = await withProviderSpan('smtp', 'send', () =>
          transport.sendMail({ from: config.MAIL_FROM, date: clock.now(), ...mail }),
        );
        log.info({ to: maskEmail(mail.to), subject: mail.subject }, 'e-mail sent');
        return { messageId: String(info.messageId) };
      },
    };
  }
  const outboxDir = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const write = async (mail: Mail): Promise<SentMail> => {
    const date = clock.now();
    const info = await transport.sendMail({ from: config.MAIL_FROM, date, ...mail });
    const name = `${uuidv7()}`;
    await mkdir(outboxDir, { recursive: true });
    await writeFile(path.join(outboxDir, `${name}.eml`), info.message as Buffer);
    await writeFile(
      path.join(outboxDir, `${name}.json`),
      JSON.stringify({ ...mail, from: config.MAIL_FROM, date: date.toISOString() }, null, 2),
    );
    log.info(
      { to: maskEmail(mail.to), subject: mail.subject, file: `${name}.eml` },
      'e-mail written to outbox',
    );
    return { messageId: String(info.messageId), outboxFile: `${name}.eml` };
  };
  return { outboxDir, send: (mail) => withProviderSpan('outbox', 'write', () => write(mail)) };
}

/** 'ad***@example.com': enough to follow a log, not enough to harvest addresses. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}
