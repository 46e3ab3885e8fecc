import { IDENTITY_CHECK_NOTICES } from '@escrow/shared/texts/identity-checks';
import { t } from '../../../lib/i18n';

export type IdentityNoticeKind = keyof typeof IDENTITY_CHECK_NOTICES;

/** The id of the notice's "what is sent" line, for the submit button's aria-describedby. */
export const identityNoticeId = (kind: IdentityNoticeKind) => `identity-notice-${kind.toLowerCase()}`;

/**
 * What a check sends to the identity provider and why (docs/privacy.md "Consent and
 * notices"), shown on the form before anything is sent; the submit button is described by it.
 */
export function IdentityCheckNotice({ kind, level = 2 }: { kind: IdentityNoticeKind; level?: 2 | 3 }) {
  const notice = IDENTITY_CHECK_NOTICES[kind];
  const id = identityNoticeId(kind);
  // A heading one level below the one it sits under (the page's h1 on the NIN and BVN tabs).
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700"
    >
      <Heading id={`${id}-title`} className="font-semibold text-slate-900">
        {t(notice.title)}
      </Heading>
      <p id={id} className="mt-1">
        {t(notice.sent)}
      </p>
      <p className="mt-1">{t(notice.kept)}</p>
    </section>
  );
}
