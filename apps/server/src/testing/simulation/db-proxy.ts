import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy a test owns and can cut, to take a dependency (PostgreSQL) away from the app without
 * touching the real service: `cut()` resets every open connection and refuses new ones; `restore()`
 * listens again on the same port, so clients reconnect to the same address.
 */
export class FaultProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly clients = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  get isOpen(): boolean {
    return this.server !== null;
  }

  async open(port = this.port): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      this.clients.add(client);
      client.on('close', () => {
        this.clients.delete(client);
        upstream.destroy();
      });
      upstream.on('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  /**
   * The network stalls: what the app sends on its open connections no longer reaches the dependency, so
   * a statement sent now waits for an answer that never comes (until `cut()` resets it).
   */
  hold(): void {
    for (const client of this.clients) client.unpipe();
  }

  /** The dependency "goes away": open connections are reset, new ones refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  restore(): Promise<void> {
    return this.open(this.port);
  }

  close(): Promise<void> {
    return this.cut();
  }
}
