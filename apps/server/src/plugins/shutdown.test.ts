import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';
import { createUser } from '../testing/test-kit.ts';

/** What SIGTERM does (server.ts calls app.close()): drain, finish the scheduler's pass, hint sockets. */
describe('graceful shutdown', () => {
  it('completes a request in flight, waits for a scheduler pass, and tells sockets to reconnect', async () => {
    const app = await createTestApp();
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await createUser(app, 'Shola');
    const socket = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: user.token },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) =>
      socket.on('disconnect', (reason) => resolve(reason)),
    );

    // A slow request: its database read takes 400 ms.
    const execute = app.deps.db.execute.bind(app.deps.db);
    app.deps.db.execute = ((query: Parameters<typeof execute>[0]) =>
      new Promise((resolve) => setTimeout(resolve, 400)).then(() => execute(query))) as typeof execute;
    const inFlight = fetch(`${url}/api/health/ready`);
    await new Promise((r) => setTimeout(r, 50));
    app.scheduler.start();
    await app.close();

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { status: string } }).data.status).toBe('ready');
    expect(app.scheduler.running()).toBe(false);
    // 'transport close' is the reason a socket.io client reconnects after (an 'io server disconnect' it would not).
    expect(await disconnected).toBe('transport close');
    socket.close();
  });
});
