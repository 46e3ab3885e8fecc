import type { FastifyRequest } from 'fastify';
import { CATALOGUES } from '@escrow/shared/i18n/catalogues/index';
import { pickLanguage, type Language } from '@escrow/shared/i18n/languages';
import messages from '@escrow/shared/i18n/messages.json';
import { createTranslator, type MessageParams } from '@escrow/shared/i18n/translator';

/**
 * What people read, in their language (docs/languages.md): the server holds every catalogue and
 * translates a message (its English text, ICU) when it writes it for someone: an answer's message, an
 * e-mail, a notice. Anything that is not a message the code names passes through unchanged.
 */
const KNOWN_IDS = new Set(Object.values(messages as Record<string, string[]>).flat());
export const translate = createTranslator(CATALOGUES, KNOWN_IDS);
export type { Language, MessageParams };

/** A request's language: the signed-in user's saved one, else Accept-Language, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  return pickLanguage(request.user?.language, request.headers['accept-language']);
}
