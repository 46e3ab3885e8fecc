import type { AdminUserDetail } from '@escrow/shared/schemas/admin';
import type { StaffDataExport } from '@escrow/shared/schemas/privacy';
import { CONSENT_TEXT } from '@escrow/shared/texts/privacy-notice';
import { Card, CardTitle } from '../../../components/ui/card';
import { Badge } from '../../../components/ui/panels';
import { formatDateTime } from '../../../lib/format';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';

const STATUS: Record<StaffDataExport['status'], { label: string; tone: 'slate' | 'amber' | 'red' }> = {
  PENDING: { label: msg('Requested'), tone: 'amber' },
  READY: { label: msg('Ready'), tone: 'slate' },
  EXPIRED: { label: msg('Expired'), tone: 'slate' },
  FAILED: { label: msg('Failed'), tone: 'red' },
};

/** When each step of an export happened, in the order it happened (called while rendering). */
function exportTimes(item: StaffDataExport): string {
  const parts = [t('Requested {date}', { date: formatDateTime(item.requestedAt) })];
  if (item.readyAt) parts.push(t('ready {date}', { date: formatDateTime(item.readyAt) }));
  if (item.expiresAt) {
    const date = formatDateTime(item.expiresAt);
    parts.push(item.status === 'EXPIRED' ? t('expired {date}', { date }) : t('expires {date}', { date }));
  }
  if (item.failedAt) parts.push(t('failed {date}', { date: formatDateTime(item.failedAt) }));
  return parts.join(' · ');
}

/**
 * The console's view of a user's privacy record (docs/privacy.md): the Privacy Policy version
 * accepted at sign-up, whether the owner closed the account, and their data exports with their times.
 * Never a way to download an export: it is the owner's alone.
 */
export function UserPrivacyRecord({
  detail,
}: {
  detail: Pick<AdminUserDetail, 'user' | 'privacyConsent' | 'dataExports'>;
}) {
  const { user, privacyConsent, dataExports } = detail;
  return (
    <Card className="md:col-span-2">
      <CardTitle>{t('Privacy')}</CardTitle>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        <div className="flex flex-wrap justify-between gap-2 py-2">
          <dt className="text-slate-600">{t('Privacy Policy accepted')}</dt>
          <dd className="text-right font-medium text-slate-900" data-testid="privacy-consent">
            {privacyConsent
              ? t('Version {version}, {date}', {
                  version: privacyConsent.version,
                  date: formatDateTime(privacyConsent.acceptedAt),
                })
              : t(CONSENT_TEXT.notRecorded)}
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-2 py-2">
          <dt className="text-slate-600">{t('Closed by the owner')}</dt>
          <dd className="text-right font-medium text-slate-900">
            {user.closedAt ? formatDateTime(user.closedAt) : t('No')}
          </dd>
        </div>
      </dl>
      <h3 className="mt-3 text-sm font-semibold text-slate-900">{t('Data exports')}</h3>
      {dataExports.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t('No data exports requested.')}</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100 text-sm" aria-label={t('Data exports')}>
          {dataExports.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="text-slate-700">{exportTimes(item)}</span>
              <Badge tone={STATUS[item.status].tone}>{t(STATUS[item.status].label)}</Badge>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-slate-500">
        {t('Only the user can download their data; staff see when it was asked for and what became of it.')}
      </p>
    </Card>
  );
}
