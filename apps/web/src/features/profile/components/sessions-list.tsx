import { useState } from 'react';
import { toast } from 'sonner';
import { SESSION_TEXT, type SessionView } from '@escrow/shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { formatActivityTime } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/profile';

const failed = (error: unknown) =>
  toast.error(error instanceof Error && error.message ? error.message : t('Failed to sign out'));

const signedOutText = (count: number) =>
  t(
    '{signedOut}: {count, plural, one {# device was} other {# devices were}} signed out and must sign in again.',
    {
      signedOut: t(SESSION_TEXT.othersSignedOut),
      count,
    },
  );

/**
 * The devices signed in to this account, with sign-out of one or of every other (docs/security.md).
 * Signing out every other device asks first, and says on the card what it did.
 */
export function SessionsList() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  function signOutOthers() {
    revokeOthers.mutate(undefined, {
      onSuccess: ({ signedOut }) => {
        setConfirming(false);
        setDone(signedOutText(signedOut));
        toast.success(t(SESSION_TEXT.othersSignedOut));
      },
      onError: failed,
    });
  }

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('Active sessions')}</CardTitle>
        {others > 0 ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={revokeOthers.isPending}
            onClick={() => {
              setDone(null);
              setConfirming(true);
            }}
          >
            {t('Sign out all other sessions')}
          </Button>
        ) : null}
      </div>
      {done ? (
        <p role="status" className="mt-2 rounded-lg bg-emerald-50 p-2 text-sm text-emerald-900">
          {done}
        </p>
      ) : null}
      <Dialog
        open={confirming}
        onOpenChange={(open) => !revokeOthers.isPending && setConfirming(open)}
        title={t('Sign out all other sessions?')}
        description={t(
          '{others, plural, one {# other device} other {# other devices}} will be signed out at once and must sign in again. This device stays signed in.',
          { others },
        )}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => setConfirming(false)}
              disabled={revokeOthers.isPending}
            >
              {t('Cancel')}
            </Button>
            <Button variant="danger" onClick={signOutOthers} disabled={revokeOthers.isPending}>
              {revokeOthers.isPending ? t('Signing out...') : t('Sign out other sessions')}
            </Button>
          </>
        }
      />
      {sessions.isPending ? (
        <LoadingPanel label={t('Loading sessions...')} />
      ) : sessions.isError ? (
        <ErrorPanel error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label={t('Active sessions')}>
          {sessions.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              busy={revoke.isPending && revoke.variables === session.id}
              onSignOut={() =>
                revoke.mutate(session.id, {
                  onSuccess: () => toast.success(t(SESSION_TEXT.signedOut)),
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
              {t('This device')}
            </span>
          ) : null}
        </p>
        <p className="text-xs text-slate-600">
          {t('{address} · Last active {time}', {
            address: session.ipAddress ?? t('Unknown address'),
            time: formatActivityTime(session.lastActiveAt),
          })}
        </p>
      </div>
      {session.current ? null : (
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={onSignOut}
          aria-label={t('Sign out {device} ({address})', {
            device: session.device,
            address: session.ipAddress ?? t('unknown address'),
          })}
        >
          {t('Sign out')}
        </Button>
      )}
    </li>
  );
}
