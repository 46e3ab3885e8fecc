import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer to a waitlist sign-up has gone out (welcome e-mail, webhook).
 * A failure is logged and never reaches the visitor. Every task is tracked from the moment it is
 * scheduled, so `drain()` waits for all of them: tests await it instead of sleeping, and the app
 * drains before the database closes.
 */
export function createTaskTracker(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  let failed = 0;

  function run(name: string, task: () => Promise<void>): void {
    const promise = Promise.resolve()
      .then(task)
      .catch((error: unknown) => {
        // Only the message: an error object may carry the personal data it failed to deliver.
        const message = error instanceof Error ? error.message : String(error);
        failed += 1;
        log.warn({ task: name, error: message }, 'waitlist background task failed');
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

export type TaskTracker = ReturnType<typeof createTaskTracker>;
