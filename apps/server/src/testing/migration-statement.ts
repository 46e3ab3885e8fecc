import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../db/client.ts';

/**
 * One statement of a migration file, found by how it begins (its comments dropped), for tests that run a
 * migration's data fill again on rows written since. Throws when no statement begins so: a renamed or
 * rewritten fill fails its test rather than testing nothing.
 */
export function migrationStatement(file: string, beginning: string): string {
  const statement = readFileSync(path.join(migrationsFolder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((part) => part.replace(/^--.*$/gm, '').trim())
    .find((part) => part.startsWith(beginning));
  if (!statement) throw new Error(`${file} has no statement beginning with ${beginning}`);
  return statement;
}
