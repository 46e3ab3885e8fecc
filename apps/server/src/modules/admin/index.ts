/** Staff-only calls: the ledger check, users, suspension, verification levels, the audit log. */
export { adminRoutes } from './admin.routes.ts';
