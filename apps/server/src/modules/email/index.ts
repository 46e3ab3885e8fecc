/** Staff e-mail tools: a test message and a custom message through the configured transport, audited. */
export { emailRoutes } from './email.routes.ts';
