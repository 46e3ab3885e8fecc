import { useEffect } from 'react';
import { WaitlistAdminCard } from '../../../../features/waitlist/components/waitlist-admin-card';

/**
 * The operator console at /app/admin (staff only: the route's allowedRoles and the server's
 * requireRole both enforce it). Each area of staff work is its own card.
 */
export default function AdminRootPage() {
  useEffect(() => {
    document.title = 'Operator console — Amana Escrow';
  }, []);

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold text-slate-900">Operator console</h1>
      <p className="mt-1 text-sm text-slate-600">Tools for the support and admin team.</p>
      <div className="mt-6 grid gap-6">
        <WaitlistAdminCard />
      </div>
    </div>
  );
}
