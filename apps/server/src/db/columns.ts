import { text, timestamp } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';

/** Public ids are UUIDv7 generated in the application (unguessable, time-ordered, no PG18 features). */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());

export const timestamps = {
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date()),
};
