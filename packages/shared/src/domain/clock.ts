/**
 * Where a shared rule that depends on "today" reads the time. The server passes its injected clock
 * (apps/server/src/lib/clock.ts, which tests move), the web app the device's time. Schemas take the clock
 * rather than a Date because they are built once and read the time at each parse.
 */
export type Clock = { now: () => Date };
