import { mkdir, mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env.ts';
import { systemClock } from '../../lib/clock.ts';
import { createMailer } from '../../lib/mailer.ts';
import { removeOldOutboxMail } from './email.retention.ts';

const MINUTE = 60_000;
const DAY = 24 * 3600_000;
/** The table's figure (docs/privacy.md), not the code's constant: a changed constant fails here. */
const LIMIT = 30 * DAY;
const silent = { info: () => undefined } as unknown as Parameters<typeof createMailer>[1];

/** The real mailer of an app without SMTP_URL, writing into a fresh DATA_DIR/outbox. */
async function outboxMailer() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'escrow-outbox-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'outbox-test-secret-that-is-long-enough-0123',
  });
  return createMailer(config, silent, systemClock());
}

/**
 * The e-mail outbox (DATA_DIR/outbox, no SMTP_URL): each message's .eml and .json go once they were
 * written more than 30 days ago; younger messages and files the mailer did not write stay.
 */
describe('retention of the e-mail outbox', () => {
  const NOW = new Date(Date.now() + 5 * MINUTE);
  const clock = { now: () => NOW };
  const ago = (ms: number) => new Date(NOW.getTime() - ms);

  it('deletes exactly the messages written more than 30 days ago', async () => {
    const mailer = await outboxMailer();
    const dir = mailer.outboxDir!;
    const send = async (subject: string, writtenAt: Date) => {
      const { outboxFile } = await mailer.send({ to: 'ada@example.com', subject, text: 'Hello' });
      const base = outboxFile!.replace(/\.eml$/, '');
      for (const file of [`${base}.eml`, `${base}.json`])
        await utimes(path.join(dir, file), writtenAt, writtenAt);
      return [`${base}.eml`, `${base}.json`];
    };
    const other = async (name: string, writtenAt: Date) => {
      await writeFile(path.join(dir, name), 'kept');
      await utimes(path.join(dir, name), writtenAt, writtenAt);
      return [name];
    };
    const cases = [
      {
        name: 'message written just past 30 days ago',
        files: await send('old', ago(LIMIT + MINUTE)),
        goes: true,
      },
      { name: 'message written 90 days ago', files: await send('older', ago(90 * DAY)), goes: true },
      {
        name: 'message written just inside 30 days',
        files: await send('recent', ago(LIMIT - MINUTE)),
        goes: false,
      },
      { name: 'message written today', files: await send('today', ago(MINUTE)), goes: false },
      { name: 'an operator note, 90 days old', files: await other('README.txt', ago(90 * DAY)), goes: false },
      {
        name: 'an .eml the mailer did not name',
        files: await other('draft.eml', ago(90 * DAY)),
        goes: false,
      },
    ];
    // A folder with a mailer-like name is not a message either.
    const folder = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.json';
    await mkdir(path.join(dir, folder));
    await utimes(path.join(dir, folder), ago(90 * DAY), ago(90 * DAY));

    expect(await removeOldOutboxMail({ mailer, clock })).toBe(4);
    const left = new Set(await readdir(dir));
    for (const c of cases)
      for (const file of c.files)
        expect(left.has(file), `${c.name} (${file}): ${c.goes ? 'deleted' : 'kept'}`).toBe(!c.goes);
    expect(left.has(folder)).toBe(true);
    expect(await removeOldOutboxMail({ mailer, clock })).toBe(0);
  });

  it('takes at most maxFiles a call', async () => {
    const mailer = await outboxMailer();
    for (const subject of ['a', 'b', 'c']) {
      const { outboxFile } = await mailer.send({ to: 'ada@example.com', subject, text: 'Hello' });
      const base = path.join(mailer.outboxDir!, outboxFile!.replace(/\.eml$/, ''));
      for (const file of [`${base}.eml`, `${base}.json`]) await utimes(file, ago(40 * DAY), ago(40 * DAY));
    }
    expect(await removeOldOutboxMail({ mailer, clock }, { maxFiles: 4 })).toBe(4);
    expect(await readdir(mailer.outboxDir!)).toHaveLength(2);
    expect(await removeOldOutboxMail({ mailer, clock }, { maxFiles: 4 })).toBe(2);
    expect(await readdir(mailer.outboxDir!)).toHaveLength(0);
  });

  it('has nothing to do with SMTP, or before the first message', async () => {
    expect(await removeOldOutboxMail({ mailer: { outboxDir: null }, clock })).toBe(0);
    const empty = await mkdtemp(path.join(tmpdir(), 'escrow-outbox-'));
    expect(await removeOldOutboxMail({ mailer: { outboxDir: path.join(empty, 'outbox') }, clock })).toBe(0);
  });
});
