import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { GENEROUS_LIMITS } from '../../apps/server/src/testing/generous-limits.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type TestServer = {
  url: string;
  app: Awaited<ReturnType<typeof buildApp>>;
  /** The server's DATA_DIR: the sandbox outboxes (e-mail, text messages) write there. */
  dataDir: string;
  close: () => Promise<void>;
};

/** The production app on a random local port, serving the built web app, on a fresh in-memory database. */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'escrow-e2e-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.resolve(import.meta.dirname, '../../apps/web/dist'),
      // Every browser in a run signs up and in from 127.0.0.1.
      ...GENEROUS_LIMITS,
      ...env,
    },
    { memoryDatabase: true },
  );
  const database = await openDatabase(config.database);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh Chromium profile per call (a persistent context in a new temporary directory). */
export async function launchBrowser(
  options: { viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext & { dispose: () => Promise<void> }> {
  const profileDir = mkdtempSync(path.join(tmpdir(), 'escrow-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  return Object.assign(context, {
    async dispose() {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  });
}
