import type { WaitlistEntryRow } from '../../db/schema/waitlist.ts';

/**
 * Forwards a new entry to WAITLIST_WEBHOOK_URL (a spreadsheet endpoint that earlier clients posted to
 * from the browser). Server-to-server, JSON, with a timeout; a non-2xx answer counts as a failure, which
 * the caller logs. The list in our own database stays the source of truth.
 */
export async function forwardToWebhook(url: string, entry: WaitlistEntryRow, timeoutMs: number) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: entry.email,
      firstName: entry.firstName,
      lastName: entry.lastName,
      phone: entry.phone ?? '',
      interest: entry.interest,
      joinedAt: entry.createdAt.toISOString(),
      source: 'amana-escrow-waitlist',
    }),
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'error',
  });
  // Drain the body so the connection is released; its content does not matter.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`waitlist webhook answered HTTP ${response.status}`);
}
