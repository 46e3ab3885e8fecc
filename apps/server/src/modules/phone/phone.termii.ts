import { z } from 'zod';
import { withProviderSpan } from '../../lib/tracing.ts';
import { MessagingUnavailable, type MessagingProvider, type OutgoingTextMessage } from './phone.provider.ts';

/**
 * Termii's Messaging API (https://developers.termii.com/messaging-api): `POST {base}/api/sms/send` with
 * JSON `{api_key, to, from, sms, type: 'plain', channel}`, `to` in international form without '+'
 * (2348031234567), `from` the registered sender id (3 to 11 characters). Channels: `dnd` delivers to
 * every number, Do-Not-Disturb ones included, and is the route Termii asks for codes and transactional
 * messages (it must be activated on the account); `generic` is for promotions; `whatsapp` sends through
 * WhatsApp. A success answers `{message_id, message: 'Successfully Sent', balance, user}`; errors use the
 * status codes of https://developers.termii.com/error with a `message` (401 no valid key, 403 not
 * allowed, 422 not processable, 429 too many requests, 5xx their side).
 * A message is not a read: it is sent again only when the connection failed before Termii could take it
 * (refused, reset, no route), once; never after a timeout or any answer, which may mean it went out.
 */
export type TermiiConfig = { baseUrl: string; apiKey: string; senderId: string; timeoutMs: number };

const sent = z.object({
  message_id: z.union([z.string().min(1), z.number()]).transform(String),
  message: z.string().optional(),
  balance: z.unknown().optional(),
  user: z.unknown().optional(),
});

const CHANNEL = { SMS: 'dnd', WHATSAPP: 'whatsapp' } as const;

export function createTermiiMessaging(config: TermiiConfig, retryDelayMs = 250): MessagingProvider {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/api/sms/send`;

  async function post(message: OutgoingTextMessage): Promise<{ status: number; text: string }> {
    const body = JSON.stringify({
      api_key: config.apiKey,
      to: message.to.replace(/^\+/, ''),
      from: config.senderId,
      sms: message.body,
      type: 'plain',
      channel: CHANNEL[message.channel],
    });
    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body,
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (error) {
        if (isTimeout(error)) throw new MessagingUnavailable('Termii did not answer in time', 'timeout');
        if (attempt === 1) {
          await sleep(retryDelayMs);
          continue;
        }
        throw new MessagingUnavailable('Termii could not be reached', 'network');
      }
      return { status: response.status, text: await response.text().catch(() => '') };
    }
  }

  return {
    name: 'termii',
    outboxDir: null,
    async send(message) {
      const { status, text } = await withProviderSpan('termii', 'POST /api/sms/send', () => post(message));
      if (status === 401 || status === 403)
        throw new MessagingUnavailable(`Termii refused our credentials (${status})`, 'credentials');
      if (status === 429) throw new MessagingUnavailable('Termii rate limit reached (429)', 'rate_limited');
      if (status >= 500) throw new MessagingUnavailable(`Termii answered ${status}`, 'server');
      if (status < 200 || status >= 300)
        throw new MessagingUnavailable(`Termii refused the message (${status})`, 'rejected');
      const parsed = sent.safeParse(parseJson(text));
      if (!parsed.success) throw new MessagingUnavailable('Termii answer unreadable', 'malformed');
      return { messageId: parsed.data.message_id };
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
