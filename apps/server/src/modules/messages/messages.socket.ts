import { CLIENT_EVENTS, SERVER_EVENTS, type SocketErrorPayload } from '@escrow/shared/events';
import { sendMessageSchema } from '@escrow/shared/schemas/messages';
import { msg } from '@escrow/shared/i18n/msg';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { translate } from '../../lib/i18n.ts';
import { savedLanguageOf } from '../auth/index.ts';
import type { AppSocket } from '../../lib/realtime.ts';
import type { MessagesDeps } from './messages.deps.ts';
import * as repo from './messages.repository.ts';
import { markRead, sendMessage } from './messages.service.ts';

const typingSchema = z.object({ transactionId: z.uuid() });
const readSchema = z.object({ messageId: z.uuid() });
type Ack = (answer: { success: boolean; data?: unknown; error?: string; code?: string }) => void;

/** The refusal in the user's saved language (an AppError's text is a message id with its params). */
async function refuse(deps: MessagesDeps, socket: AppSocket, event: string, error: unknown, ack?: Ack) {
  const known = error instanceof AppError;
  const language = await savedLanguageOf(deps.db, socket.data.userId).catch(() => 'en' as const);
  const payload: SocketErrorPayload = {
    event,
    message: known
      ? translate(language, error.message, error.params)
      : translate(language, msg('Request failed')),
    code: known ? error.code : 'INTERNAL',
  };
  if (ack) ack({ success: false, error: payload.message, code: payload.code });
  else socket.emit(SERVER_EVENTS.error, payload);
}

/**
 * The socket side of messaging: `send_message` goes through the same service as
 * POST /messages and answers with an acknowledgement; `mark_message_read` as PUT .../read; typing is
 * relayed to the other party with the user id from the token (a forged userId is ignored) and only for
 * a transaction the sender belongs to.
 */
export function registerMessageSocket(
  deps: MessagesDeps,
  limits: { sendLimit: (userId: string) => Promise<void> },
) {
  deps.realtime.onConnection((socket) => {
    const userId = socket.data.userId;

    socket.on(CLIENT_EVENTS.sendMessage, async (raw: unknown, ack?: Ack) => {
      const callback = typeof ack === 'function' ? ack : undefined;
      try {
        const parsed = sendMessageSchema.safeParse(raw);
        if (!parsed.success)
          throw new AppError('VALIDATION_ERROR', parsed.error.issues[0]?.message ?? msg('Invalid message'));
        await limits.sendLimit(userId);
        const message = await sendMessage(deps, userId, parsed.data);
        callback?.({ success: true, data: { message } });
      } catch (error) {
        await refuse(deps, socket, CLIENT_EVENTS.sendMessage, error, callback);
      }
    });

    socket.on(CLIENT_EVENTS.markMessageRead, async (raw: unknown) => {
      try {
        const parsed = readSchema.safeParse(raw);
        if (!parsed.success) throw new AppError('VALIDATION_ERROR', msg('Invalid message id'));
        await markRead(deps, userId, { messageId: parsed.data.messageId });
      } catch (error) {
        await refuse(deps, socket, CLIENT_EVENTS.markMessageRead, error);
      }
    });

    for (const [clientEvent, serverEvent] of [
      [CLIENT_EVENTS.typingStart, SERVER_EVENTS.typingStart],
      [CLIENT_EVENTS.typingStop, SERVER_EVENTS.typingStop],
    ] as const)
      socket.on(clientEvent, async (raw: unknown) => {
        try {
          const parsed = typingSchema.safeParse(raw);
          if (!parsed.success) throw new AppError('VALIDATION_ERROR', msg('Invalid transaction'));
          const member = await repo.membership(deps.db, parsed.data.transactionId, userId);
          if (member.other)
            deps.realtime.toUser(member.other.id, serverEvent, {
              transactionId: member.transactionId,
              userId,
            });
        } catch (error) {
          await refuse(deps, socket, clientEvent, error);
        }
      });
  });
}
