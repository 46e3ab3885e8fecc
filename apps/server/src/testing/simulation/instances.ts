import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, closeSync, openSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

/** The checkout whose server runs; SIMULATION_SERVER_ROOT runs another one (e.g. an older commit). */
const SERVER_ROOT =
  process.env.SIMULATION_SERVER_ROOT ?? fileURLToPath(new URL('../../../../../', import.meta.url));

export type UnexpectedExit = {
  instance: string;
  code: number | null;
  signal: string | null;
  at: number;
  logTail: string;
};

/** The last `lines` lines of a file (a server's captured output). */
export function tailOf(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * One app instance as a child process (`node --import tsx apps/server/src/server.ts`), so a SIGKILL is
 * real. Output goes to `logFile`. An exit the test did not cause (kill/stop) is recorded in `exits`.
 */
export class ServerInstance {
  private child: ChildProcess | null = null;
  private expected = false;
  starts = 0;
  readonly url: string;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    readonly logFile: string,
    private readonly exits: UnexpectedExit[],
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  async start(readyTimeoutMs = 90_000): Promise<void> {
    if (this.child) return;
    this.starts += 1;
    appendFileSync(this.logFile, `\n=== ${this.name} start #${this.starts} at ${new Date().toISOString()}\n`);
    const fd = openSync(this.logFile, 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: SERVER_ROOT,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...this.env },
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    this.child = child;
    this.expected = false;
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (!this.expected)
        this.exits.push({
          instance: this.name,
          code,
          signal,
          at: Date.now(),
          logTail: tailOf(this.logFile),
        });
    });
    await this.waitReady(readyTimeoutMs, child);
  }

  /** Until GET /api/health/ready answers 200 (ok, or degraded while Redis is away). */
  private async waitReady(timeoutMs: number, child: ChildProcess): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child !== child)
        throw new Error(`${this.name} exited while starting:\n${tailOf(this.logFile)}`);
      try {
        const res = await fetch(`${this.url}/api/health/ready`, { signal: AbortSignal.timeout(3000) });
        await res.arrayBuffer();
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error(`${this.name} not ready within ${timeoutMs} ms:\n${tailOf(this.logFile)}`);
  }

  /** SIGKILL: the process ends at once, requests in flight are cut. */
  async kill(): Promise<void> {
    await this.end('SIGKILL');
  }

  /** SIGTERM: drains and exits (the end of the run). */
  async stop(): Promise<void> {
    await this.end('SIGTERM');
  }

  private async end(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.expected = true;
    this.child = null;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    appendFileSync(this.logFile, `\n=== ${this.name} sent ${signal} at ${new Date().toISOString()}\n`);
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}
