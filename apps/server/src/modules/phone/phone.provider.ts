import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { maskPhone, type MessageChannel } from '@escrow/shared/schemas/phone';
import type { Clock } from '../../lib/clock.ts';
import { withProviderSpan } from '../../lib/tracing.ts';

/** One text message: to an E.164 number (+234…), by SMS or WhatsApp. */
export type OutgoingTextMessage = { to: string; channel: MessageChannel; body: string };

export interface MessagingProvider {
  readonly name: 'sandbox' | 'termii';
  /** The sandbox's directory of written messages (tests read codes there); null for a real provider. */
  readonly outboxDir: string | null;
  send(message: OutgoingTextMessage): Promise<{ messageId: string }>;
}

/**
 * The provider did not take the message: network, timeout, its 5xx, refused credentials, a refusal of
 * the message itself (4xx), or an answer we cannot read. The message says what happened in our words
 * (a status and a reason), never the body, the number or a key, so it may be logged and stored as
 * `sms_messages.last_error`.
 */
export class MessagingUnavailable extends Error {
  constructor(
    message: string,
    readonly reason:
      'network' | 'timeout' | 'server' | 'credentials' | 'rejected' | 'rate_limited' | 'malformed',
  ) {
    super(message);
  }
}

/**
 * The default provider (docs/security.md "Text messages"): each message is written as one JSON file,
 * `{to, channel, body, sentAt, messageId}`, to DATA_DIR/sms-outbox, where a developer reads it (and the
 * tests read verification codes). The log line names the file and the masked number, never the body:
 * a body may hold a verification code.
 */
export function createSandboxMessaging(
  dataDir: string,
  log: FastifyBaseLogger,
  clock: Clock,
): MessagingProvider {
  const outboxDir = path.join(dataDir, 'sms-outbox');
  const write = async (message: OutgoingTextMessage) => {
    const messageId = `sandbox-${uuidv7()}`;
    const file = `${uuidv7()}.json`;
    await mkdir(outboxDir, { recursive: true });
    await writeFile(
      path.join(outboxDir, file),
      JSON.stringify({ ...message, sentAt: clock.now().toISOString(), messageId }, null, 2),
    );
    log.info({ to: maskPhone(message.to), channel: message.channel, file }, 'text message written to outbox');
    return { messageId };
  };
  return {
    name: 'sandbox',
    outboxDir,
    send: (message) => withProviderSpan('sms-outbox', 'write', () => write(message)),
  };
}
