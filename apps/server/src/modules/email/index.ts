/**
 * Staff e-mail tools: a test message and a custom message through the configured transport, audited;
 * and the outbox directory's retention (30 days).
 */
export { emailRoutes } from './email.routes.ts';
export { removeOldOutboxMail, OUTBOX_MAIL_RETENTION_MS } from './email.retention.ts';
