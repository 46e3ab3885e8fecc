import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { joinFrom } from './waitlist.test-helpers.ts';

/** Two server instances on one PostgreSQL database share the per-IP limit (service suite only). */
let first: App;
let second: App;
beforeAll(async () => {
  first = await createTestApp({ WAITLIST_RATE_LIMIT_PER_MINUTE: '3' });
  second = await createTestApp({ WAITLIST_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(async () => {
  await Promise.all([first.waitlistTasks.drain(), second.waitlistTasks.drain()]);
  await Promise.all([first.close(), second.close()]);
});

it('counts sign-ups from one IP across instances', async () => {
  // An address of this run only: the database is shared with other test files.
  const ip = `198.18.${process.pid % 250}.${(Date.now() % 250) + 1}`;
  const statuses = [];
  for (const app of [first, second, first, second]) statuses.push((await joinFrom(app, ip)).statusCode);
  expect(statuses).toEqual([201, 201, 201, 429]);
});
