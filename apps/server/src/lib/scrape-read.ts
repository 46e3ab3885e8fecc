/**
 * A value read for a metrics scrape from something that may be slow or away (the database). A fresh
 * value is reused for `maxAgeMs` (every gauge of one scrape, and scrapers polling together, share one
 * read); only one read runs at a time; and a scrape never waits more than `timeoutMs`: past that, or
 * when the read fails, it gets null and leaves those gauges out, rather than hang or report old numbers.
 * A read that outlives the timeout still finishes and serves the scrapes that come after it.
 */
export function createScrapeRead<T>(
  read: () => Promise<T>,
  options: { maxAgeMs: number; timeoutMs: number; nowMs: () => number },
): () => Promise<T | null> {
  let value: T | null = null;
  let readAtMs = 0;
  let running: Promise<T | null> | null = null;

  const start = () =>
    read()
      .then(
        (fresh) => {
          value = fresh;
          readAtMs = options.nowMs();
          return fresh;
        },
        () => {
          value = null;
          return null;
        },
      )
      .finally(() => {
        running = null;
      });

  return async () => {
    if (value !== null && options.nowMs() - readAtMs < options.maxAgeMs) return value;
    running ??= start();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), options.timeoutMs);
    });
    try {
      return await Promise.race([running, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
}
