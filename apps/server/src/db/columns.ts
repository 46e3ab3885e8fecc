import { text, timestamp } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import { systemClock, type Clock } from '../lib/clock.ts';

/** Public ids are UUIDv7 generated in the application (unguessable, time-ordered, no PG18 features). */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());

/**
 * The clock `updatedAt` reads on an update that does not set it. Columns are module-level definitions
 * that Drizzle calls without context, so they cannot take the injected clock as modules do: the
 * composition root (app.ts) hands its clock over here once, and a test that moves `app.deps.clock.now`
 * moves this time too. Setting `updatedAt` in every update would work only until one was missed, and a
 * database default (`now()`) would not follow the test clock. One app per process in production; a test
 * that runs two apps in one process moves both clocks together, and the app built last is the one read.
 * Without an app (the CLI commands) it is the system clock.
 */
let timestampClock: Clock = systemClock();
export function useClockForTimestamps(clock: Clock): void {
  timestampClock = clock;
}

export const timestamps = {
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => timestampClock.now()),
};
