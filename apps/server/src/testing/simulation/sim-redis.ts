import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released for the caller to bind). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * The simulation's own redis-server on a free port, without persistence, so it can stop and start Redis
 * without touching the machine's shared one. `stop()` kills it (SIGKILL: no goodbye to clients, as a
 * crash); `start()` brings it back on the same port, empty.
 */
export class SimRedis {
  private child: ChildProcess | null = null;
  port = 0;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  async start(): Promise<void> {
    if (this.child) return;
    if (!this.port) this.port = await freePort();
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    child.on('exit', () => {
      if (this.child === child) this.child = null;
    });
    for (let i = 0; i < 100; i += 1) {
      if (await this.answers()) return;
      if (!this.child) throw new Error(`redis-server did not start on port ${this.port}`);
      await sleep(50);
    }
    throw new Error(`redis-server on port ${this.port} did not answer PING`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  /** PING over a raw socket (no client library needed). */
  private answers(): Promise<boolean> {
    return new Promise((resolve) => {
      const conn = connect(this.port, '127.0.0.1');
      let reply = '';
      conn.setTimeout(500, () => conn.destroy());
      conn.on('connect', () => conn.write('PING\r\n'));
      conn.on('data', (data) => {
        reply += data.toString();
        if (reply.includes('\r\n')) conn.end();
      });
      conn.on('error', () => undefined);
      conn.on('close', () => resolve(reply.startsWith('+PONG')));
    });
  }
}
