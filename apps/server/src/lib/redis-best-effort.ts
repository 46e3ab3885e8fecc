import type { Redis } from 'ioredis';
import type { OutageLog } from './dependency-log.ts';
import { traceRedisCommands } from './tracing.ts';

/**
 * Makes a Redis client's `publish` best-effort. The socket.io Redis adapter publishes without awaiting or
 * catching (emit, disconnectSockets, serverSideEmit): with Redis down, ioredis rejects
 * (MaxRetriesPerRequestError, or "Stream isn't writeable" without the offline queue) and that unhandled
 * rejection would take the whole instance down. Live events are best-effort, money is not: a failed
 * publish is a failure of the client's outage log (one line per interval) and answers 0 receivers. When
 * Redis is back, publishing works again without a restart (ioredis reconnects by itself).
 */
export function bestEffortPublish(client: Redis, outage: OutageLog): Redis {
  const publish = client.publish.bind(client) as (
    channel: string,
    message: string | Buffer,
  ) => Promise<number>;
  const patched = (channel: string, message: string | Buffer) =>
    publish(channel, message).catch((error: unknown) => {
      outage.failure(error);
      return 0;
    });
  (client as unknown as { publish: typeof patched }).publish = patched;
  return client;
}

/**
 * Reports the clients of one purpose (a publisher and its `.duplicate()` subscriber, say) to one outage
 * log: every 'error' is a failure, and the purpose has recovered once every client is 'ready' again.
 * ioredis emits 'error' on each reconnection attempt while Redis is away, and an 'error' event nobody
 * listens to ends the process: call this for every client, before it connects. Every client of the app
 * passes here, so this is also where, with tracing on, its commands get spans.
 */
export function watchRedis(clients: Redis[], outage: OutageLog): void {
  for (const client of clients) {
    traceRedisCommands(client);
    client.on('error', (error: unknown) => outage.failure(error));
    client.on('ready', () => {
      if (clients.every((each) => each.status === 'ready')) outage.recovered();
    });
  }
}

/** 'up' when the client is connected and ready, else 'down'. */
export function redisState(client: Redis): 'up' | 'down' {
  return client.status === 'ready' ? 'up' : 'down';
}
