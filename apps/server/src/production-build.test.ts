import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The production build (scripts/build-server.mjs): the compiled server starts under plain
 * `node` on the embedded database, finds its migrations and the web build, answers its probes, and stops
 * on SIGTERM; the compiled command-line tools run; stack traces name the TypeScript lines.
 */
const repo = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
// Inside the repository (apps/server/dist is git-ignored), so that the output finds node_modules. Deeper
// than apps/server/src/<dir>/, so that a path taken relative to the output instead of the source would miss.
const scratch = path.join(repo, 'apps/server/dist', `.test-${process.pid}-${Date.now().toString(36)}`);
const outdir = path.join(scratch, 'out');
const admin = { ADMIN_EMAIL: 'build-check@example.com', ADMIN_PASSWORD: 'Build-check#2025-long' };

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const baseEnv = (dataDir: string, port: number) => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: process.env.HOME ?? tmpdir(),
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  SCHEDULER_ENABLED: 'false',
  ...admin,
});

const node = (script: string, env: NodeJS.ProcessEnv, args: string[] = []) =>
  run(process.execPath, ['--enable-source-maps', path.join(outdir, script), ...args], {
    cwd: repo,
    env,
    timeout: 90_000,
  });

beforeAll(async () => {
  await run(process.execPath, ['scripts/build-server.mjs', '--outdir', outdir], {
    cwd: repo,
    timeout: 60_000,
  });
}, 90_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the compiled server (npm run build)', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
  });

  it('starts with plain node, answers its probes, runs the ledger check, and stops on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'escrow-build-'));
    const port = await freePort();
    const env = baseEnv(dataDir, port);
    let output = '';
    child = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'server.js')], {
      cwd: repo,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));

    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120_000;
    let health: Response | undefined;
    while (!health && Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the compiled server exited:\n${output}`);
      health = await fetch(`${base}/api/health`).catch(() => undefined);
      if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health?.status, output).toBe(200);
    // The database answers: PGlite's WASM loaded and the migrations were found from the compiled code.
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);

    // The web build is looked for where it is under tsx (apps/web/dist).
    const webDist = path.join(repo, 'apps/web/dist');
    if (existsSync(path.join(webDist, 'index.html'))) {
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
    } else {
      expect(output).toContain(JSON.stringify(webDist));
    }

    // Sign-in (argon2's native binding) and the compiled ledger check against the running server.
    const check = await node('ledger-check.js', env);
    expect(check.stdout).toContain('OK: every entry balances');

    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);

    // With the server stopped, a tool that opens the embedded database itself.
    const created = await node('create-admin.js', env, [
      '--email',
      'agent@example.com',
      '--password',
      'Agent#2025-long-enough',
      '--role',
      'SUPPORT',
    ]).catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`create-admin failed:\n${error.stdout}\n${error.stderr}`);
    });
    expect(created.stdout).toContain('SUPPORT agent@example.com created');
    rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);

  it('names the TypeScript files and lines in stack traces', async () => {
    // DATA_DIR is a file: start-up fails in config/env.ts with an unexpected error whose stack is printed.
    const dir = mkdtempSync(path.join(tmpdir(), 'escrow-build-'));
    const notADirectory = path.join(dir, 'file');
    mkdirSync(dir, { recursive: true });
    writeFileSync(notADirectory, '');
    const failure = await node('server.js', baseEnv(notADirectory, await freePort())).then(
      () => {
        throw new Error('the server started with a file as DATA_DIR');
      },
      (error: { code: number; stderr: string }) => error,
    );
    rmSync(dir, { recursive: true, force: true });
    expect(failure.code).toBe(1);
    const frames = [...failure.stderr.matchAll(/\((\/[^()]+\.(?:ts|js)):(\d+):\d+\)/g)].map((m) => ({
      file: m[1]!,
      line: Number(m[2]),
    }));
    const ours = frames.filter((f) => f.file.startsWith(repo) && !f.file.includes('node_modules'));
    expect(ours.length, failure.stderr).toBeGreaterThan(0);
    for (const frame of ours) {
      expect(frame.file, failure.stderr).toMatch(/\/apps\/server\/src\/.+\.ts$/);
      expect(readFileSync(frame.file, 'utf8').split('\n').length).toBeGreaterThanOrEqual(frame.line);
    }
    const serverFrame = ours.find((f) => f.file.endsWith('/apps/server/src/server.ts'));
    expect(serverFrame, failure.stderr).toBeDefined();
    expect(readFileSync(serverFrame!.file, 'utf8').split('\n')[serverFrame!.line - 1]).toContain(
      'loadConfig(',
    );
  }, 90_000);
});
