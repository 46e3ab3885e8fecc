/** The part of autocannon's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
    type Options = {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      headers?: Record<string, string>;
      requests?: Array<Request & { setupRequest?: (request: Request) => Request }>;
    };
    type Result = {
      /** Seconds. */
      duration: number;
      '2xx': number;
      non2xx: number;
      errors: number;
      timeouts: number;
      /** Milliseconds, 2xx responses only. */
      latency: { p50: number; p99: number; average: number; max: number };
    };
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
