import type { UIMatch } from 'react-router';
import type { PublicUser, UserRole } from '@escrow/shared/schemas/auth';

export const DEFAULT_SIGNED_IN_PATH = '/app/dashboard';

/** What the guard around /app does: wait, let in, send to sign-in, or refuse. */
export type AccessDecision = 'loading' | 'allowed' | 'login' | 'unauthorized';

export function decideAccess(
  status: 'loading' | 'authenticated' | 'anonymous',
  user: PublicUser | null,
  allowedRoles: readonly (readonly string[])[],
): AccessDecision {
  if (status === 'loading') return 'loading';
  if (!user) return 'login';
  return allowedRoles.every((roles) => roles.includes(user.role)) ? 'allowed' : 'unauthorized';
}

/** Every `handle.allowedRoles` on the matched route branch; a nested route must satisfy them all. */
export function allowedRolesOf(matches: UIMatch[]): (readonly UserRole[])[] {
  return matches.flatMap((match) => {
    const roles = (match.handle as { allowedRoles?: readonly UserRole[] } | undefined)?.allowedRoles;
    return roles ? [roles] : [];
  });
}

export type FromState = { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null;

const PUBLIC_ACCOUNT_PATHS = ['/login', '/signup', '/forgot-password', '/reset-password'];

/**
 * The in-app page the guard remembered, or null. Only same-site paths are accepted ('//host' and '/\host'
 * would leave the site), and account screens are skipped so sign-in never lands back on itself.
 */
export function rememberedPath(state: unknown): string | null {
  const from = (state as FromState)?.from;
  if (!from || typeof from.pathname !== 'string') return null;
  const { pathname } = from;
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname.startsWith('/\\')) return null;
  if (PUBLIC_ACCOUNT_PATHS.includes(pathname)) return null;
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}

/** The text to show for a failed call: the error's own message when it has one, else the fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
