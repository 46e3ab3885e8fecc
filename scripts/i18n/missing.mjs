/**
 * Lists the messages named in the given source files or folders that a language's catalogue lacks
 * (any namespace file of that language counts: `sync.mjs` moves a translation to its namespace).
 * Usage: node scripts/i18n/missing.mjs apps/web/src/features/wallet packages/shared/src/texts/wallet.ts
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { collectMessages, TRANSLATED_LANGUAGES, CATALOGUES_DIR, root } from './extract.mjs';

const targets = process.argv.slice(2).map((target) => target.replace(/\/$/, ''));
const { byId } = collectMessages();
const ids = [...byId].filter(([, files]) =>
  [...files].some(
    (file) =>
      targets.length === 0 || targets.some((target) => file === target || file.startsWith(`${target}/`)),
  ),
);
let missing = 0;
for (const language of TRANSLATED_LANGUAGES) {
  const dir = path.join(root, CATALOGUES_DIR, language);
  const pool = {};
  if (existsSync(dir))
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')))
      Object.assign(pool, JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
  const lacking = ids.filter(([id]) => !(id in pool));
  missing += lacking.length;
  for (const [id, files] of lacking) console.log(`${language}\t${JSON.stringify(id)}\t${[...files][0]}`);
}
console.error(
  `${ids.length} messages in ${targets.join(', ') || 'the code'}; ${missing} translations missing`,
);
process.exit(missing ? 1 : 0);
