import { defineConfig } from 'vitest/config';

/** Browser journeys: the real server (in-process, fresh in-memory database) and Debian's Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    allowOnly: !process.env.CI,
    // CI machines are shared: a journey that lost a race with the machine (a 2-core runner under load)
    // runs once more there, and the report still lists the first failure. Locally nothing is retried.
    retry: process.env.CI ? 1 : 0,
  },
});
