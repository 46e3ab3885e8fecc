import { TWO_FACTOR_SETUP_URL } from '@escrow/shared/texts/two-factor';
import { ApiError } from './api-client';

/**
 * A staff call refused because two-factor sign-in is not on, or not used in this session (403
 * TWO_FACTOR_REQUIRED): its text and where to set it up (`details.setupUrl`), or null for any
 * other error. Only a path of this site is taken as the link (else the profile's, where it is set up).
 */
export function twoFactorRequired(error: unknown): { message: string; setupUrl: string } | null {
  if (!(error instanceof ApiError) || error.code !== 'TWO_FACTOR_REQUIRED') return null;
  const url = (error.details as { setupUrl?: unknown } | undefined)?.setupUrl;
  const sameSite =
    typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
  return { message: error.message, setupUrl: sameSite ? url : TWO_FACTOR_SETUP_URL };
}
