import { toast } from 'sonner';
import { SESSION_TEXT, type SessionView } from '@escrow/shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { formatActivityTime } from '../../../lib/format';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/profile';

const failed = (error: unknown) =>
  toast.error(error instanceof Error && error.message ? error.message : 'Failed to sign out');

/** The devices signed in to this account, with sign-out of one or of every other (DESIGN "Profile"). */
export function SessionsList() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Active sessions</CardTitle>
        {others > 0 ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={revokeOthers.isPending}
            onClick={() =>
              revokeOthers.mutate(undefined, {
                onSuccess: () => toast.success(SESSION_TEXT.othersSignedOut),
                onError: failed,
              })
            }
          >
            Sign out all other sessions
          </Button>
        ) : null}
      </div>
      {sessions.isPending ? (
        <LoadingPanel label="Loading sessions..." />
      ) : sessions.isError ? (
        <ErrorPanel error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Active sessions">
          {sessions.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              busy={revoke.isPending && revoke.variables === session.id}
              onSignOut={() =>
                revoke.mutate(session.id, {
                  onSuccess: () => toast.success(SESSION_TEXT.signedOut),
                  onError: failed,
                })
              }
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function SessionRow({
  session,
  busy,
  onSignOut,
}: {
  session: SessionView;
  busy: boolean;
  onSignOut: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session-row">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">
          {session.device}
          {session.current ? (
            <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-xs text-slate-600">
          {session.ipAddress ?? 'Unknown address'} · Last active {formatActivityTime(session.lastActiveAt)}
        </p>
      </div>
      {session.current ? null : (
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={onSignOut}
          aria-label={`Sign out ${session.device} (${session.ipAddress ?? 'unknown address'})`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
