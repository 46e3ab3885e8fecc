/**
 * Creates the first admin (or a support agent), or gives an existing account that role:
 *   npm run create-admin -- --email admin@example.com --password 'a-long-secret'
 *   npm run create-admin -- --email agent@example.com --password 'a-long-secret' --role SUPPORT
 * It opens the configured database itself (DATABASE_URL, or the embedded one under DATA_DIR). With the
 * embedded database stop the server first: PGlite allows only one process to open its directory.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { ensureAdmin } from '../db/seed.ts';
import { systemClock } from '../lib/clock.ts';

const argsSchema = z.object({
  email: z.email('--email must be a valid e-mail address'),
  password: z
    .string({ error: '--password is required' })
    .min(8, '--password must be at least 8 characters')
    .max(128, '--password must be at most 128 characters'),
  role: z.enum(['ADMIN', 'SUPPORT'], { error: '--role must be ADMIN or SUPPORT' }).default('ADMIN'),
});

const RESULT_TEXT = {
  created: 'created with the given password',
  promoted: 'already existed and now has this role, with the given password (its sessions were signed out)',
  unchanged: 'already has this role (nothing changed)',
} as const;

function usage(problems: string[]): number {
  console.error(problems.join('\n'));
  console.error(
    "Usage: npm run create-admin -- --email admin@example.com --password 'secret123' [--role ADMIN|SUPPORT]",
  );
  return 2;
}

/** PGlite takes no lock of its own, so two processes on one directory would corrupt it; ask the port. */
async function serverIsRunning(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  let values: { email?: string; password?: string; role?: string };
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } },
    }));
  } catch (error) {
    return usage([(error as Error).message]);
  }
  const args = argsSchema.safeParse({
    email: values.email?.trim() ?? '',
    password: values.password,
    role: values.role?.trim().toUpperCase(),
  });
  if (!args.success) return usage(args.error.issues.map((i) => i.message));
  const config = loadConfig(process.env, { tool: true });
  if (config.database.kind === 'pglite' && (await serverIsRunning(config.PORT))) {
    console.error(
      `A server answers on port ${config.PORT}. Stop it first: the embedded database allows one process.`,
    );
    return 1;
  }
  const database = await openDatabase(config.database);
  try {
    const { email, password, role } = args.data;
    const deps = { db: database.db, log: { info: () => {} }, clock: systemClock() };
    const result = await ensureAdmin(deps, email, password, role);
    console.log(`${role} ${email.toLowerCase()} ${RESULT_TEXT[result]}.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
