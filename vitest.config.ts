import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // In CI a skipped or focused test is a failure, not a silent gap.
    allowOnly: !process.env.CI,
    passWithNoTests: false,
  },
});
