import fp from 'fastify-plugin';
import { createBackgroundTasks, type BackgroundTasks } from '../../lib/background-tasks.ts';
import { waitlistAdminRoutes } from './waitlist.admin.routes.ts';
import { waitlistPublicRoutes } from './waitlist.routes.ts';
import { createWaitlistService, type WaitlistDeps } from './waitlist.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** After-response work of waitlist sign-ups (welcome e-mail, webhook); `drain()` awaits it. */
    waitlistTasks: BackgroundTasks;
  }
}

/**
 * The waitlist module. Wrapped with fastify-plugin only to expose `waitlistTasks` on the app; its
 * routes live in two encapsulated child plugins, so the rate limit stays on the public sign-up.
 */
export const waitlistModule = (deps: WaitlistDeps) =>
  fp<{ prefix?: string }>(
    async (app, { prefix = '/api' }) => {
      const tasks = createBackgroundTasks(deps.log, 'waitlist');
      app.decorate('waitlistTasks', tasks);
      // Pending e-mails and webhook calls finish before the database closes.
      app.addHook('onClose', () => tasks.drain());
      const service = createWaitlistService(deps, tasks);
      await app.register(waitlistPublicRoutes, { prefix, service, deps });
      await app.register(waitlistAdminRoutes, { prefix, service, deps });
    },
    { name: 'waitlist' },
  );
