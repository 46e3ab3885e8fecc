import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Race and multi-process tests need a real PostgreSQL server: they run only in the service suite.
    exclude: process.env.TEST_DATABASE_URL ? [] : ['src/**/*.pg.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    // Files share a worker's module graph instead of re-importing the app per file, and with it one
    // PGlite (testing/test-app.ts, docs/testing.md): the server's tests stub no globals and mock no
    // modules, and each builds its own apps, so nothing but the database's rows passes between files.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
