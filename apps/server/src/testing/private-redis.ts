import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

/** A port nothing listens on (yet). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * A redis-server of the test's own (never the machine's shared Redis), which an outage test stops and
 * starts again: the port is chosen on the first start and kept, so clients reconnect to the same `url`.
 */
export class PrivateRedis {
  private child: ChildProcess | null = null;
  port = 0;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** Starts the server and resolves once it answers PING. */
  async start(): Promise<void> {
    if (this.child) return;
    if (!this.port) this.port = await freePort();
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const probe = new Redis({
        port: this.port,
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      probe.on('error', () => {});
      try {
        await probe.connect();
        await probe.ping();
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      } finally {
        probe.disconnect();
      }
    }
    await this.stop();
    throw new Error('redis-server did not start');
  }

  /** Kills the server at once (an outage, not a shutdown) and waits for it to exit. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
}
