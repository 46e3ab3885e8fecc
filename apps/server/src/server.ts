import { ConfigError, loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { DemoPasswordsInProduction, seedOnStart } from './db/seed.ts';
import { seedDemoVendors } from './db/seed-vendors.ts';
import { tracingConfigured } from './lib/tracing.ts';

/** Builds, listens and closes gracefully on SIGINT/SIGTERM. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Until the app (and its logger) exists, a lost connection goes to the console.
  const connectionLost = {
    report: (error: Error) => console.error(`database connection lost: ${error.message}`),
  };
  const database = await openDatabase(config.database, {
    onConnectionLost: (error) => connectionLost.report(error),
    // With tracing on (buildApp starts it), each statement gets a span.
    traced: tracingConfigured(config),
  });
  const app = await buildApp({ config, database });
  connectionLost.report = (error) =>
    app.log.warn({ err: error }, 'database connection lost; the pool reconnects');
  const demo = await seedOnStart(app.deps).catch(async (error: unknown) => {
    if (!(error instanceof DemoPasswordsInProduction)) throw error;
    console.error(error.message);
    await app.close();
    await database.close();
    process.exit(1);
  });
  if (demo.length > 0)
    await seedDemoVendors(app).catch((error: unknown) =>
      app.log.warn({ err: error }, 'demo vendors could not be created'),
    );
  // Nothing in the server may reject unobserved; if something still does, log it instead of exiting
  // (Node's default) so one forgotten promise cannot take every user's requests down with it.
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled promise rejection');
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await database.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
    // The most likely stumble on a first start: say what to do instead of printing a stack trace.
    console.error(
      `Port ${config.PORT} is already in use (is the app already running?). ` +
        `Stop the other process or choose another port, for example: PORT=3001 npm start`,
    );
    await app.close();
    await database.close();
    process.exit(1);
  }
  const lines = [
    '',
    `  Amana Escrow is running at ${config.publicUrl}`,
    `  Database: ${database.kind === 'pglite' ? `embedded (PGlite in ${config.database.kind === 'pglite' ? config.database.dataDir : ''})` : 'PostgreSQL'}`,
    `  API docs: ${config.publicUrl}/api/docs`,
  ];
  if (demo.length) {
    lines.push('  Demo accounts (sign in at /login):');
    for (const account of demo)
      lines.push(`    ${account.label.padEnd(7)} ${account.email}  /  ${account.password}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
