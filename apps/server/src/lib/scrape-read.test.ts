import { describe, expect, it } from 'vitest';
import { createScrapeRead } from './scrape-read.ts';

/** A clock the test moves by hand. */
function manualClock() {
  let ms = 1_000_000;
  return { nowMs: () => ms, advance: (by: number) => void (ms += by) };
}

describe('createScrapeRead', () => {
  it('reuses a fresh value, and reads again once it is older than maxAgeMs', async () => {
    const clock = manualClock();
    let reads = 0;
    const read = createScrapeRead(async () => (reads += 1), { maxAgeMs: 5000, timeoutMs: 1000, ...clock });
    expect(await read()).toBe(1);
    clock.advance(4999);
    expect(await read()).toBe(1);
    clock.advance(1);
    expect(await read()).toBe(2);
  });

  it('answers null after timeoutMs while the source hangs, and starts no second read meanwhile', async () => {
    const clock = manualClock();
    let reads = 0;
    let finish: (value: string) => void = () => undefined;
    const read = createScrapeRead(
      () => {
        reads += 1;
        return new Promise<string>((resolve) => (finish = resolve));
      },
      { maxAgeMs: 5000, timeoutMs: 50, ...clock },
    );
    const started = performance.now();
    expect(await read()).toBeNull();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await read()).toBeNull();
    expect(reads).toBe(1);
    // The hung read answers at last: the next scrape gets its value without reading again.
    finish('late');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await read()).toBe('late');
    expect(reads).toBe(1);
  });

  it('answers null when the read fails, never the value before it, and tries again next time', async () => {
    const clock = manualClock();
    let fail = false;
    const read = createScrapeRead(
      async () => {
        if (fail) throw new Error('database away');
        return 'fresh';
      },
      { maxAgeMs: 1000, timeoutMs: 1000, ...clock },
    );
    expect(await read()).toBe('fresh');
    clock.advance(1000);
    fail = true;
    expect(await read()).toBeNull();
    fail = false;
    expect(await read()).toBe('fresh');
  });
});
