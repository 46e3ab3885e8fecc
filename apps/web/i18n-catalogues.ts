import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { messageKey } from '../../packages/shared/src/i18n/message-key.ts';
import { groupOf } from '../../scripts/i18n/namespaces.mjs';

const I18N_DIR = fileURLToPath(new URL('../../packages/shared/src/i18n/', import.meta.url));
const PREFIX = 'virtual:i18n/';

/**
 * Compiled catalogues (docs/languages.md): `import('virtual:i18n/<language>/<group>')` is one language's
 * messages of one group (`public`: the first pages; `app`: the signed-in app), compiled from ICU at build
 * time, keyed by messageKey(English id). The page carries no ICU parser. English needs only its messages
 * with placeholders, plurals or selects: a plain English text is its own translation.
 */
export function i18nCatalogues(): Plugin {
  return {
    name: 'amana:i18n-catalogues',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [language = '', group = ''] = id.slice(PREFIX.length + 1).split('/');
      const messagesFile = `${I18N_DIR}messages.json`;
      this.addWatchFile(messagesFile);
      const messages = JSON.parse(readFileSync(messagesFile, 'utf8')) as Record<string, string[]>;
      const compiled: Record<string, unknown> = {};
      const ids = new Map<string, string>();
      for (const [namespace, namespaceIds] of Object.entries(messages)) {
        for (const messageId of namespaceIds) {
          const key = messageKey(messageId);
          const other = ids.get(key);
          if (other !== undefined && other !== messageId)
            throw new Error(`i18n: "${messageId}" and "${other}" have the same key ${key}`);
          ids.set(key, messageId);
        }
        if (groupOf(namespace) !== group) continue;
        let translations: Record<string, string> = {};
        if (language !== 'en') {
          const file = `${I18N_DIR}catalogues/${language}/${namespace}.json`;
          this.addWatchFile(file);
          // A namespace without its file yet shows English (catalogues.test.ts fails on it meanwhile).
          if (existsSync(file))
            translations = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
        }
        for (const messageId of namespaceIds) {
          const source = language === 'en' ? messageId : translations[messageId];
          if (source === undefined || (language === 'en' && !/[{}]/.test(source))) continue;
          compiled[messageKey(messageId)] = compileMessage(source);
        }
      }
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
