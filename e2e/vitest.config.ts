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
  },
});
