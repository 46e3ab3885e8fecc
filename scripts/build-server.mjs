// Compiles the server and its command-line tools to JavaScript in apps/server/dist, for `npm start` and
// production (`node --enable-source-maps apps/server/dist/server.js`); tsx stays for development and tests.
//
//   node scripts/build-server.mjs               build
//   node scripts/build-server.mjs --if-stale    build only when a source file changed since the last build
//   node scripts/build-server.mjs --outdir DIR  build elsewhere (inside the repository, so that the output
//                                               finds node_modules; the production-build test does this)
//
// Why esbuild and not tsc: the sources import each other with `.ts` extensions and import the shared package
// as `@escrow/shared/<subpath>`, which resolves to its .ts files (packages/shared/package.json), so plain tsc
// output would not run under Node. esbuild (tsx's copy: tsx is a server dependency, see loadEsbuild)
// bundles our own code, the shared package included, into one ES module per entry point in well under a
// second, and leaves every npm package external: PGlite loads its WASM and data files from its own package,
// @node-rs/argon2 its native binding, exactly as under tsx. It does not type-check: `npm run typecheck` does.
//
// Paths: a module that finds files next to itself (`import.meta.url`: the migrations from src/db/client.ts,
// the web build from src/plugins/spa.ts) is given the URL of its own source file, computed from the output
// file at run time, so it resolves the same paths compiled as under tsx, wherever the checkout lives.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
export const defaultOutdir = path.join(serverDir, 'dist');

/** Entry points: output name (dist/<name>.js) → source. */
export const entryPoints = {
  server: 'src/server.ts',
  'create-admin': 'src/cli/create-admin.ts',
  'ledger-check': 'src/cli/ledger-check.ts',
  backup: 'src/cli/backup.ts',
  restore: 'src/cli/restore.ts',
  'uploads-copy-to-s3': 'src/cli/uploads-copy-to-s3.ts',
};

const INFO_FILE = 'build-info.json';

/** Every bare import (an npm package or a Node built-in) stays an import, except our shared package. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === '@escrow/shared' || args.path.startsWith('@escrow/shared/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** `import.meta.url`, `.dirname` and `.filename` in our sources mean the source file, not the bundle. */
function sourceLocations(outdir) {
  const ours = [path.join(serverDir, 'src') + path.sep, path.join(root, 'packages/shared/src') + path.sep];
  return {
    name: 'source-locations',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (!ours.some((dir) => args.path.startsWith(dir))) return undefined;
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.')) return undefined;
        const rel = (target) => path.relative(outdir, target).split(path.sep).join('/');
        const fileUrl = `new URL(${JSON.stringify(rel(args.path))}, import.meta.url)`;
        const dirUrl = `new URL(${JSON.stringify(rel(path.dirname(args.path)))}, import.meta.url)`;
        const contents = text
          .replaceAll('import.meta.url', `${fileUrl}.href`)
          .replaceAll('import.meta.filename', `__escrowPath(${fileUrl})`)
          .replaceAll('import.meta.dirname', `__escrowPath(${dirUrl})`);
        return { contents, loader: 'ts', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/**
 * esbuild as tsx (a dependency of the server, so also in a production install) has it: its own copy when
 * the one at the top of node_modules is another version (that one comes with devDependencies).
 */
function loadEsbuild() {
  const require = createRequire(import.meta.url);
  return createRequire(require.resolve('tsx'))('esbuild');
}

/** Builds into `outdir` (default apps/server/dist). Returns the build's duration in ms. */
export async function buildServer({ outdir = defaultOutdir, logLevel = 'warning' } = {}) {
  const started = performance.now();
  const esbuild = loadEsbuild();
  // Remove the previous build's files (chunk names change with their contents), not other directories in it.
  mkdirSync(outdir, { recursive: true });
  for (const name of readdirSync(outdir))
    if (/\.(js|map)$/.test(name) || name === INFO_FILE) rmSync(path.join(outdir, name), { force: true });
  const result = await esbuild.build({
    absWorkingDir: serverDir,
    entryPoints: Object.entries(entryPoints).map(([out, src]) => ({ in: src, out })),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Shared code goes into chunks next to the entry points (one directory, so the paths above hold).
    splitting: true,
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    // Stack traces need file, line and column; the sources themselves are next to the output.
    sourcesContent: false,
    // Class and function names as written (error names, log lines), not esbuild's de-duplicated ones.
    keepNames: true,
    banner: {
      js: [
        "import { fileURLToPath as __escrowFileURLToPath } from 'node:url';",
        'const __escrowPath = (url) => __escrowFileURLToPath(url);',
      ].join('\n'),
    },
    plugins: [externalPackages, sourceLocations(outdir)],
    metafile: true,
    logLevel,
  });
  // Production installs only `dependencies` (npm ci --omit=dev): every package the output imports must be one.
  const declared = ['apps/server', 'packages/shared'].flatMap((dir) =>
    Object.keys(JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).dependencies ?? {}),
  );
  const undeclared = new Set();
  for (const [file, input] of Object.entries(result.metafile.inputs))
    for (const { path: spec, external } of input.imports) {
      if (
        !external ||
        spec.startsWith('node:') ||
        spec.startsWith('<') ||
        builtinModules.includes(spec.split('/')[0])
      )
        continue;
      const name = spec
        .split('/')
        .slice(0, spec.startsWith('@') ? 2 : 1)
        .join('/');
      if (!declared.includes(name)) undeclared.add(`${name} (imported by ${file})`);
    }
  if (undeclared.size > 0)
    throw new Error(
      `Not in the server's dependencies, so missing in production: ${[...undeclared].join(', ')}`,
    );
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.includes('node_modules'))
    .map((input) => path.relative(root, path.resolve(serverDir, input)).split(path.sep).join('/'));
  writeFileSync(
    path.join(outdir, INFO_FILE),
    JSON.stringify({ builtAt: new Date().toISOString(), inputs }, null, 2) + '\n',
  );
  return performance.now() - started;
}

/** True when there is no build, or a file it was built from (or this script) changed since. */
export function isStale(outdir = defaultOutdir) {
  const infoFile = path.join(outdir, INFO_FILE);
  if (!existsSync(infoFile)) return true;
  // Without sources (a deployment that shipped only dist) the build is what there is.
  if (!existsSync(path.join(serverDir, 'src'))) return false;
  let info;
  try {
    info = JSON.parse(readFileSync(infoFile, 'utf8'));
  } catch {
    return true;
  }
  const builtAt = statSync(infoFile).mtimeMs;
  const files = [...info.inputs, 'scripts/build-server.mjs'];
  for (const file of files) {
    const full = path.join(root, file);
    if (!existsSync(full) || statSync(full).mtimeMs > builtAt) return true;
  }
  // A new source file only matters once an existing one imports it, which changes that file's mtime.
  return Object.keys(entryPoints).some((name) => !existsSync(path.join(outdir, `${name}.js`)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { 'if-stale': { type: 'boolean' }, outdir: { type: 'string' } } });
  const outdir = path.resolve(values.outdir ?? defaultOutdir);
  if (values['if-stale'] && !isStale(outdir)) process.exit(0);
  try {
    const ms = await buildServer({ outdir });
    console.log(`Server built into ${path.relative(process.cwd(), outdir) || '.'} in ${Math.round(ms)} ms`);
  } catch (error) {
    // esbuild has printed the errors already.
    if (!error?.errors) console.error(error);
    process.exit(1);
  }
}
