import { content } from '../../../config/content';

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
              <dt className="text-sm text-brand-100">{claim.label}</dt>
              <dd className="text-2xl font-bold">{claim.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {complianceBadges.show ? (
        <ul aria-label="Compliance" className="flex flex-wrap gap-2">
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
