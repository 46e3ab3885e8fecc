import { io } from 'socket.io-client';
import { succeeded } from './client.ts';
import { call, type SimContext } from './context.ts';
import { SIM_PASSWORD } from './setup.ts';

/** Sessions are re-checked across instances within the session cache's 4 s; faults may add a few more. */
const REVOKED_SOCKET_BOUND_MS = 15_000;
/** How long a socket handshake may go without any answer (the database may be failing over meanwhile). */
const HANDSHAKE_BOUND_MS = 15_000;

/**
 * A user signs in again (a new session), opens a socket with it on one instance and signs out on another:
 * the socket must be closed within the bound. An instance killed meanwhile closes it too, which is fine.
 */
export async function revokedSession(ctx: SimContext): Promise<void> {
  const user = ctx.prng.pick(ctx.world.users);
  const login = await call(ctx, 'login', {
    method: 'POST',
    path: '/auth/login',
    body: { email: user.email, password: SIM_PASSWORD },
  });
  const token = (login.body?.data as { token?: string } | undefined)?.token;
  if (!succeeded(login) || !token) return;
  const where = ctx.prng.pick(ctx.instances);
  const socket = io(where.url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    timeout: 5000,
  });
  try {
    // An answer (connected or refused) is due within the client's timeout; none at all is a server bug
    // (a handshake left hanging), reported rather than waited on for ever.
    const connected = await new Promise<boolean | 'unanswered'>((resolve) => {
      const unanswered = setTimeout(() => resolve('unanswered'), HANDSHAKE_BOUND_MS).unref();
      socket.once('connect', () => (clearTimeout(unanswered), resolve(true)));
      socket.once('connect_error', () => (clearTimeout(unanswered), resolve(false)));
      // The instance killed mid-handshake: the connection closes without either answer.
      socket.once('disconnect', () => (clearTimeout(unanswered), resolve(false)));
    });
    if (connected === 'unanswered')
      ctx.client.violations.push(
        `socket handshake of user ${user.index} on ${where.name} unanswered after ${HANDSHAKE_BOUND_MS} ms`,
      );
    if (connected !== true) return;
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const logout = await call(ctx, 'logout', { method: 'POST', path: '/auth/logout', token });
    if (!succeeded(logout)) return;
    const loggedOutAt = Date.now();
    const timer = new Promise<'open'>((resolve) =>
      setTimeout(() => resolve('open'), REVOKED_SOCKET_BOUND_MS).unref(),
    );
    if ((await Promise.race([closed.then(() => 'closed' as const), timer])) === 'open')
      ctx.client.violations.push(
        `socket of user ${user.index} on ${where.name} still connected ${Date.now() - loggedOutAt} ms after its session was signed out (200)`,
      );
  } finally {
    socket.disconnect();
  }
}
