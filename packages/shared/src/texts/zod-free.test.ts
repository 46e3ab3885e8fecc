import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * texts/ and domain/ stay free of zod (docs/performance.md "Zod-free texts"). The web's first screens import
 * their texts and rules from here; a schema module builds zod schemas, so a text imported from one brings zod
 * (26 KB gzip) to the screen. So no module here may import zod or a schemas/ module, directly or through the
 * modules it imports. `import type` and `export type` are erased and may name a schema's types. (The web
 * build checks the other half: apps/web/vite.config.ts, firstScreensStayLight.)
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * domain/ modules that do import a schema module, used by the server only. Do not add to this list:
 * move what the module needs out of the schema module instead.
 */
const KNOWN_EXCEPTIONS = new Set([
  // TRUST_POINTS, from schemas/identity.ts.
  'domain/trust-score.ts',
]);

/** Module specifiers a source imports or re-exports for their values (type-only statements left out). */
function valueImports(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const specifiers: string[] = [];
  const statement =
    /\b(import|export)\s+(type\s+)?(?:[\w*${}\s,]*?\s+from\s+)?['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const match of code.matchAll(statement)) {
    if (match[2]) continue;
    specifiers.push((match[3] ?? match[4])!);
  }
  return specifiers;
}

/** Why `file` (relative to src/) brings zod or a schema module, as an import chain; null if it does not. */
function zodChain(file: string, seen = new Set<string>()): string | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const specifier of valueImports(readFileSync(path.join(SRC, file), 'utf8'))) {
    if (specifier === 'zod' || specifier.startsWith('zod/')) return `${file} → ${specifier}`;
    if (specifier.startsWith('@escrow/shared/schemas/')) return `${file} → ${specifier}`;
    if (!specifier.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    if (target.startsWith('schemas/')) return `${file} → ${target}`;
    if (!existsSync(path.join(SRC, target))) throw new Error(`${file}: cannot find ${specifier}`);
    const chain = zodChain(target, seen);
    if (chain) return `${file} → ${chain}`;
  }
  return null;
}

const modulesIn = (dir: string) =>
  readdirSync(path.join(SRC, dir))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => `${dir}/${name}`);

describe('texts/ and domain/ are zod-free', () => {
  it('finds zod where it is (the check can fail)', () => {
    expect(zodChain('schemas/wallet.ts')).toBe('schemas/wallet.ts → zod');
    expect(valueImports("import type { A } from './a.ts';\nexport type { B } from './b.ts';")).toEqual([]);
    expect(
      valueImports(
        "import { type A, b } from './a.ts';\nexport { c } from '../schemas/c.ts';\nimport 'zod';",
      ),
    ).toEqual(['./a.ts', '../schemas/c.ts', 'zod']);
  });

  it.each(modulesIn('texts'))('%s imports neither zod nor a schema module', (file) => {
    expect(zodChain(file)).toBeNull();
  });

  it.each(modulesIn('domain').filter((file) => !KNOWN_EXCEPTIONS.has(file)))(
    '%s imports neither zod nor a schema module',
    (file) => {
      expect(zodChain(file)).toBeNull();
    },
  );

  it('lists as exceptions only modules that are exceptions', () => {
    for (const file of KNOWN_EXCEPTIONS) expect(zodChain(file), file).not.toBeNull();
  });
});
