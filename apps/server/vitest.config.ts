import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Race and multi-process tests need a real PostgreSQL server: they run only in the service suite.
    exclude: process.env.TEST_DATABASE_URL ? [] : ['src/**/*.pg.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
