import type { WaitlistEntry, WaitlistJoinResult } from '@escrow/shared/schemas/waitlist';
import { api } from '../../../lib/api-client';

/** POST /api/waitlist: 201 for a new entry, 200 with alreadyJoined for a known address. */
export const joinWaitlist = (entry: WaitlistEntry) =>
  api<WaitlistJoinResult>('/waitlist', { method: 'POST', body: entry });
