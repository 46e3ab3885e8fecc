import type { UserRole } from '@escrow/shared/schemas/auth';
import { msg } from '@escrow/shared/i18n/msg';

/** The signed-in staff member, passed down by the console's route files (features do not read auth). */
export type StaffViewer = { id: string; role: UserRole };

/** Suspending, reinstating and changing levels are ADMIN only (docs/product.md "People and roles"). */
export const isAdmin = (viewer: StaffViewer) => viewer.role === 'ADMIN';

export const ADMIN_ONLY_NOTE = msg('Only an admin can do this');
