import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer is sent (e-mails). Answering first keeps the reset request's
 * timing the same for known and unknown addresses; failures are logged, never surfaced.
 * `drain()` lets the app wait for pending work before the database closes.
 */
export function createBackgroundTasks(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();

  function run(name: string, task: () => Promise<void>): void {
    const promise = task()
      .catch((error: unknown) => {
        // Only the message: an error object can carry the mail it failed to send.
        const message = error instanceof Error ? error.message : String(error);
        log.error({ task: name, error: message }, 'background task failed');
      })
      .finally(() => pending.delete(promise));
    pending.add(promise);
  }

  async function drain(): Promise<void> {
    while (pending.size > 0) await Promise.all([...pending]);
  }

  return { run, drain };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
