/**
 * Puts each translation in its namespace's file: every language's catalogue files are pooled, then
 * rewritten one per namespace of messages.json, sorted, holding exactly that namespace's ids (a text
 * that moved to `common` follows; one no longer named anywhere is dropped and listed). Run after
 * extract.mjs. Usage: node scripts/i18n/sync.mjs [--clean]
 */
import { readdirSync, readFileSync, writeFileSync, rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUES_DIR, MESSAGES_FILE, TRANSLATED_LANGUAGES, root } from './extract.mjs';

const clean = process.argv.includes('--clean');
const messages = JSON.parse(readFileSync(path.join(root, MESSAGES_FILE), 'utf8'));
for (const language of TRANSLATED_LANGUAGES) {
  const dir = path.join(root, CATALOGUES_DIR, language);
  mkdirSync(dir, { recursive: true });
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  const pool = {};
  // Namespace files first, then incoming ones: a newer translation from a helper's file wins.
  for (const file of [...files].sort(
    (a, b) => Number(a.startsWith('incoming')) - Number(b.startsWith('incoming')),
  ))
    Object.assign(pool, JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
  const used = new Set();
  let missing = 0;
  for (const [namespace, ids] of Object.entries(messages)) {
    const catalogue = {};
    for (const id of ids) {
      if (id in pool) {
        catalogue[id] = pool[id];
        used.add(id);
      } else missing++;
    }
    writeFileSync(path.join(dir, `${namespace}.json`), `${JSON.stringify(catalogue, null, 2)}\n`);
  }
  // Incoming files (new translations not yet placed) are removed only with --clean.
  for (const file of files)
    if (!(file.replace(/\.json$/, '') in messages) && (clean || !file.startsWith('incoming')))
      rmSync(path.join(dir, file));
  const dropped = Object.keys(pool).filter((id) => !used.has(id));
  console.log(`${language}: ${used.size} translations, ${missing} missing, ${dropped.length} dropped`);
  for (const id of dropped) console.log(`  dropped: ${JSON.stringify(id)}`);
}
