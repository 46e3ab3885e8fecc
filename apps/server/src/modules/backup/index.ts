/** Online backup of the embedded database (staff: ADMIN). */
export { backupRoutes } from './backup.routes.ts';
