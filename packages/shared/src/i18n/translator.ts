import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES, type Language } from './languages';

/** One language's catalogue: English id (the message's English text, ICU) → its translation (ICU). */
export type Catalogue = Readonly<Record<string, string>>;
/**
 * A value that is itself a message, written in the same language as the sentence around it: a status's
 * words inside a refusal ('… while the transaction is {status}'), stored as id + params like any message.
 */
export type NestedMessage = { readonly message: string; readonly params?: MessageParams };
export type MessageParams = Readonly<Record<string, string | number | NestedMessage>>;
export type Translate = (language: Language, id: string, params?: MessageParams) => string;

type Compiled = ReturnType<typeof compileMessage>;

/**
 * Translates with catalogues held in memory (the server's; the web app loads compiled catalogues:
 * apps/web/src/lib/i18n.ts). Messages are ICU (plurals, selects, placeholders), compiled on first use
 * and kept. Only the messages the code names (`knownIds`, messages.json) are compiled: any other text
 * (a driver's error, a value echoed back) is returned as it is, and never fills the cache. A known
 * message a catalogue lacks is shown in English: the catalogue tests keep that from happening.
 */
export function createTranslator(
  catalogues: Partial<Record<Language, Catalogue>>,
  knownIds?: ReadonlySet<string>,
): Translate {
  const instances = new Map(
    LANGUAGES.map(
      (language) => [language, setupI18n({ locale: language, messages: { [language]: {} } })] as const,
    ),
  );
  const compiled = new Map<string, Compiled>();
  const translate: Translate = (language, id, params) => {
    if (knownIds && !knownIds.has(id)) return id;
    const cacheKey = `${language}\u0000${id}`;
    let message = compiled.get(cacheKey);
    if (message === undefined) {
      message = compileMessage(catalogues[language]?.[id] ?? id);
      compiled.set(cacheKey, message);
    }
    // Lingui takes a precompiled message as `message` (typed as its source string).
    return instances.get(language)!._(
      id,
      writeNested(params, (nested) => translate(language, nested.message, nested.params)),
      {
        message: message as unknown as string,
      },
    );
  };
  return translate;
}

/** Params with each nested message written out by `write` (the same object when none is nested). */
export function writeNested(
  params: MessageParams | undefined,
  write: (nested: NestedMessage) => string,
): Readonly<Record<string, string | number>> | undefined {
  if (!params || !Object.values(params).some((value) => typeof value === 'object')) {
    return params as Readonly<Record<string, string | number>> | undefined;
  }
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, typeof value === 'object' ? write(value) : value]),
  );
}
