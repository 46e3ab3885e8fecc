import { describe, expect, it } from 'vitest';

// vitest.config.ts runs the web tests in New York: if this stops holding, tests that prove Lagos time
// whatever the device's zone would pass in Lagos-like zones without proving anything.
describe('the web tests’ device zone', () => {
  it('is New York, not Lagos', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
    expect(new Date('2026-11-21T23:30:00Z').getHours()).toBe(18);
  });
});
