/**
 * Copies DATA_DIR/uploads into the S3 bucket configured by S3_* (docs/operations.md, "Moving uploads into
 * a bucket"). Safe to run again: objects already in the bucket with the same size are skipped.
 *   S3_BUCKET=… S3_ENDPOINT=… S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=… npm run uploads:copy-to-s3
 *   npm run uploads:copy-to-s3 -- --data-dir /srv/amana/data
 * Exit code 0 when every upload is in the bucket, 1 when the copy failed, 2 when it could not start.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env.ts';
import { copyUploads, s3OptionsOf, s3Storage } from '../modules/uploads/index.ts';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, quiet: { type: 'boolean' } } });
  let config;
  try {
    config = loadConfig(
      { ...process.env, ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}) },
      { tool: true },
    );
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  if (!config.S3_BUCKET) {
    console.error(
      'Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) first.',
    );
    return 2;
  }
  const source = path.join(config.dataDir, 'uploads');
  if (!existsSync(source)) {
    console.error(`No uploads directory at ${source} (use --data-dir).`);
    return 2;
  }
  const target = s3Storage(s3OptionsOf(config));
  try {
    const report = await copyUploads(source, target, (key, action) => {
      if (!values.quiet) console.log(`${action} ${key}`);
    });
    console.log(
      `Done: ${report.copied} copied, ${report.skipped} already in s3://${config.S3_BUCKET}, ${report.ignored.length} ignored${report.ignored.length ? ` (${report.ignored.join(', ')})` : ''}.`,
    );
    return 0;
  } catch (error) {
    console.error(`Copy failed: ${(error as Error).message}. Run the command again to continue.`);
    return 1;
  } finally {
    target.close();
  }
}

process.exitCode = await main();
