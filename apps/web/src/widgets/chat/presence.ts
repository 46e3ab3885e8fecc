import { ONLINE_WITHIN_MS } from '@escrow/shared/schemas/messages';

/** A contact counts as online if last seen within 5 minutes (the server records it live). */
export const isOnline = (lastSeen: string | null, now = Date.now()) =>
  lastSeen !== null && now - Date.parse(lastSeen) < ONLINE_WITHIN_MS;
