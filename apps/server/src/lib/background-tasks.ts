import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer has gone out (e-mails, webhooks): the sign-in notices, a reset mail
 * (answering first keeps the reset request's timing the same for known and unknown addresses), the
 * waitlist's welcome. A failure is logged with its message only (an error object may carry the personal
 * data it failed to deliver) and counted, never surfaced to the visitor. Every task is tracked from the
 * moment it is scheduled, so `drain()` waits for all of them: the app drains before the database closes,
 * and tests await it instead of sleeping.
 */
export function createBackgroundTasks(log: FastifyBaseLogger, area: string) {
  const pending = new Set<Promise<void>>();
  let failed = 0;

  function run(name: string, task: () => Promise<void>): void {
    const promise = Promise.resolve()
      .then(task)
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        failed += 1;
        log.warn({ task: name, error: message }, `${area} background task failed`);
      })
      .finally(() => pending.delete(promise));
    pending.add(promise);
  }

  async function drain(): Promise<void> {
    while (pending.size > 0) await Promise.all([...pending]);
  }

  return {
    run,
    drain,
    /** How many tasks have failed since start (each failure is also logged). */
    get failed() {
      return failed;
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
