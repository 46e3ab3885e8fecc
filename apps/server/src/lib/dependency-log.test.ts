import { describe, expect, it } from 'vitest';
import { createOutageLog } from './dependency-log.ts';

/** A fake logger that keeps every line, and a clock the test moves. */
function setUp() {
  const lines: { level: 'warn' | 'info'; fields: Record<string, unknown>; message: string }[] = [];
  const log = {
    warn: (fields: Record<string, unknown>, message: string) =>
      lines.push({ level: 'warn', fields, message }),
    info: (fields: Record<string, unknown>, message: string) =>
      lines.push({ level: 'info', fields, message }),
  } as unknown as Parameters<typeof createOutageLog>[0];
  let nowMs = 1_000_000;
  const clock = {
    advance: (ms: number) => (nowMs += ms),
  };
  const outage = createOutageLog(log, 'live channel (Redis)', {
    now: () => nowMs,
    impact: "live events reach this instance's sockets only",
  });
  return { lines, clock, outage };
}

const refused = new Error('connect ECONNREFUSED 127.0.0.1:6379');

describe('createOutageLog', () => {
  it('writes one line for 100 failures within 29 s', () => {
    const { lines, clock, outage } = setUp();
    for (let i = 0; i < 100; i += 1) {
      outage.failure(refused);
      clock.advance(290);
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'warn',
      fields: { err: refused, dependency: 'live channel (Redis)', suppressed: 0 },
      message: "live channel (Redis) unavailable; live events reach this instance's sockets only",
    });
  });

  it('after 30 s, logs the next failure once with the number suppressed', () => {
    const { lines, clock, outage } = setUp();
    for (let i = 0; i < 100; i += 1) {
      outage.failure(refused);
      clock.advance(290);
    }
    clock.advance(30_000 - 100 * 290);
    outage.failure(refused);
    outage.failure(refused);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.message).toMatch(/suppressed 99 more failures/);
    expect(lines[1]?.fields).toMatchObject({ suppressed: 99 });
  });

  it('logs one line on recovery, and nothing for a ready that ended no outage', () => {
    const { lines, clock, outage } = setUp();
    outage.recovered();
    expect(lines).toHaveLength(0);
    outage.failure(refused);
    clock.advance(1_000);
    outage.failure(refused);
    outage.recovered();
    outage.recovered();
    expect(lines.map((line) => [line.level, line.message])).toEqual([
      ['warn', "live channel (Redis) unavailable; live events reach this instance's sockets only"],
      ['info', 'live channel (Redis) recovered (suppressed 1 failures since the last line)'],
    ]);
  });

  it('keeps a flapping dependency to a failure and a recovery line per interval', () => {
    const { lines, clock, outage } = setUp();
    for (let i = 0; i < 60; i += 1) {
      outage.failure(refused);
      clock.advance(250);
      outage.recovered();
      clock.advance(250);
    }
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info']);
  });

  it('is silent once stopped (the owner is closing its clients)', () => {
    const { lines, outage } = setUp();
    outage.stop();
    outage.failure(refused);
    outage.recovered();
    expect(lines).toHaveLength(0);
  });
});
