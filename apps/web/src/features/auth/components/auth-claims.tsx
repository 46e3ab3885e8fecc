import { msg } from '@escrow/shared/i18n/msg';
import { content } from '../../../config/content';
import { t } from '../../../lib/i18n';

/**
 * The claim labels config/content.ts has today, marked here for translation (that file holds the values
 * an operator changes); a label an operator adds shows in English until it is translated.
 */
export const CLAIM_LABELS = [msg('Users'), msg('Protected')];

/** Claims and compliance badges from the content file, so an operator can change or hide them. */
export function AuthClaims() {
  const { authClaims, complianceBadges } = content;
  if (!authClaims.show && !complianceBadges.show) return null;
  return (
    <div className="flex flex-col gap-4">
      {authClaims.show ? (
        <dl className="flex gap-8">
          {authClaims.items.map((claim) => (
            <div key={claim.label} className="flex flex-col-reverse">
              <dt className="text-sm text-brand-100">{t(claim.label)}</dt>
              <dd className="text-2xl font-bold">{claim.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {complianceBadges.show ? (
        <ul aria-label={t('Compliance')} className="flex flex-wrap gap-2">
          {complianceBadges.items.map((badge) => (
            <li
              key={badge}
              className="rounded-full border border-white/30 px-3 py-1 text-xs font-medium text-brand-50"
            >
              {badge}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
