/** Staff-only calls (ledger check, verification level); the console issue grows this module. */
export { adminRoutes } from './admin.routes.ts';
