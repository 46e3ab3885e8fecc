import { msg } from '@escrow/shared/i18n/msg';
import type { VerificationStatus } from '@escrow/shared/schemas/identity';
import { NAME_CHANGE_TEXT } from '@escrow/shared/texts/correction';
import { Card, CardTitle } from '../../../components/ui/card';
import { VerificationLevelBadge } from '../../../components/verification-level-badge';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { LevelUnlocks } from './level-unlocks';
import { VirtualAccountCard } from './virtual-account-card';

// English message ids, shown through t().
const STATUS_TEXT: Record<VerificationStatus['status'], string> = {
  UNVERIFIED: msg('Not verified'),
  PARTIALLY_VERIFIED: msg('Partially verified'),
  FULLY_VERIFIED: msg('Fully verified'),
};
const HISTORY_TEXT: Record<string, string> = {
  VERIFIED: msg('Verified'),
  NAME_MISMATCH: msg('Name mismatch'),
  IDENTITY_NOT_FOUND: msg('Not found'),
  IDENTITY_IN_USE: msg('Used by another account'),
  SUBMITTED: msg('Submitted for review'),
  APPROVED: msg('Approved'),
  REJECTED: msg('Rejected'),
  NAME_CHANGED: NAME_CHANGE_TEXT.historyOutcome,
};

/** Overview tab: level, trust score and what raised it, status, 5 latest history items. */
export function VerificationOverview({ status }: { status: VerificationStatus }) {
  const { user } = status;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardTitle>{t('Verification level')}</CardTitle>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <VerificationLevelBadge level={user.verificationLevel} />
          <span className="text-sm text-slate-700">
            {t('Status: {status}', { status: t(STATUS_TEXT[status.status]) })}
          </span>
        </div>
        <dl className="mt-4 space-y-1 text-sm">
          <div className="flex justify-between gap-2">
            <dt className="text-slate-600">NIN</dt>
            <dd className="font-mono">{user.nin ?? t('Not verified')}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-slate-600">BVN</dt>
            <dd className="font-mono">{user.bvn ?? t('Not verified')}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-slate-600">{t('Withdrawals per day')}</dt>
            <dd data-testid="daily-withdrawal-limit">{formatMoney(status.limits.dailyWithdrawal, 'NGN')}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-slate-600">{t('Balance after a deposit')}</dt>
            <dd>
              {status.limits.maxBalance === null ? t('No cap') : formatMoney(status.limits.maxBalance, 'NGN')}
            </dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-slate-600">{t('Checks left today')}</dt>
            <dd>{status.attemptsLeftToday}</dd>
          </div>
        </dl>
      </Card>
      <Card>
        <CardTitle>{t('Trust score')}</CardTitle>
        <p className="mt-3 text-3xl font-bold text-slate-900">
          <span data-testid="trust-score">{user.trustScore}</span>
          <span className="text-base font-normal text-slate-600"> / 100</span>
        </p>
        {status.trustReasons.length > 0 ? (
          <ul className="mt-3 space-y-1 text-sm" aria-label={t('What raised your trust score')}>
            {status.trustReasons.map((reason) => (
              <li key={reason.label} className="flex justify-between gap-2">
                <span>{reason.label}</span>
                <span className={reason.points < 0 ? 'text-red-700' : 'text-emerald-800'}>
                  {reason.points > 0 ? '+' : ''}
                  {reason.points}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-600">
            {t('Verify your NIN or BVN to start building trust.')}
          </p>
        )}
      </Card>
      <Card>
        <CardTitle>{t('What the next level unlocks')}</CardTitle>
        <div className="mt-3">
          <LevelUnlocks level={user.verificationLevel} />
        </div>
      </Card>
      <Card>
        <CardTitle>{t('Recent activity')}</CardTitle>
        {status.history.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t('No verification activity yet.')}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {status.history.map((item) => {
              const outcome = HISTORY_TEXT[item.outcome ?? ''];
              return (
                <li key={item.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span className="font-medium">
                    {item.verificationType === 'DOCUMENT' ? t('Document') : item.verificationType}
                  </span>
                  <span>{outcome ? t(outcome) : item.status}</span>
                  <span className="text-slate-600">{formatDateTime(item.createdAt)}</span>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
      {user.verificationLevel !== 'BASIC' ? (
        <Card className="md:col-span-2">
          <CardTitle>{t('Your funding account')}</CardTitle>
          <div className="mt-3">
            <VirtualAccountCard />
          </div>
        </Card>
      ) : null}
    </div>
  );
}
