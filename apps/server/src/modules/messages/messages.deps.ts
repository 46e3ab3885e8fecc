import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Realtime } from '../../lib/realtime.ts';

/** What the messages module needs, passed in by the composition root. */
export type MessagesDeps = { db: Db; clock: Clock; realtime: Realtime; log: FastifyBaseLogger };
