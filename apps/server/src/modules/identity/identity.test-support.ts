import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { openDatabase } from '../../db/client.ts';
import { GENEROUS_LIMITS } from '../../testing/generous-limits.ts';
import { PNG_BYTES, upload, type TestUser } from '../../testing/test-kit.ts';

/**
 * The production app with its production logger writing into `lines` (tests grep them for full
 * identity numbers). Imported only by tests.
 */
export async function createLoggedApp(lines: string[], env: Record<string, string> = {}): Promise<App> {
  const databaseUrl = inject('databaseUrl');
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'escrow-identity-')),
      JWT_SECRET: 'identity-test-secret-that-is-long-enough-0123',
      // Instances on one PostgreSQL must share it (DATABASE_URL makes it required).
      IDENTITY_ENCRYPTION_KEY: '6d2a9f1c4b8e7d3a5f0c2e9b1a4d7c8e3f6a0b5c9d2e4f7a1b3c5d8e0f2a4b6c',
      WEB_DIST_DIR: path.join(tmpdir(), 'no-web-build'),
      DATABASE_POOL_MAX: '5',
      ...GENEROUS_LIMITS,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    { memoryDatabase: true },
  );
  const database = await openDatabase(config.database);
  const app = await buildApp({ config, database, logStream: { write: (line) => void lines.push(line) } });
  app.addHook('onClose', async () => {
    await database.close();
  });
  await app.ready();
  return app;
}

export const ninBody = (
  user: TestUser,
  nin: string,
  names: Partial<{ firstName: string; lastName: string }> = {},
) => {
  const [firstName, lastName] = user.name.split(' ');
  return { nin, firstName, lastName, dateOfBirth: '1990-04-12', ...names };
};
export const bvnBody = (user: TestUser, bvn: string) => {
  const [firstName, lastName] = user.name.split(' ');
  return { bvn, firstName, lastName, phoneNumber: '08031234567' };
};

/** Uploads an identity image and submits it as a document; answers the document id. */
export async function submitDocument(
  app: FastifyInstance,
  user: TestUser,
  documentType = 'PASSPORT',
  documentNumber = 'A12345678',
): Promise<{ documentId: string; uploadId: string }> {
  const up = await upload(app, user, { purpose: 'identity_document' }, { name: 'id.png', data: PNG_BYTES });
  if (up.statusCode !== 201) throw new Error(`upload failed: ${up.body}`);
  const uploadId = up.json().data.upload.id as string;
  const res = await app.inject({
    method: 'POST',
    url: '/api/verification/document',
    headers: user.headers,
    payload: { documentType, documentNumber, uploadId },
  });
  if (res.statusCode !== 201) throw new Error(`document failed: ${res.body}`);
  return { documentId: res.json().data.documentId as string, uploadId };
}
