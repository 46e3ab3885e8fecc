import { WAITLIST_INTEREST_LABELS } from '@escrow/shared/schemas/waitlist';
import { t } from '../../../lib/i18n';
import type { WaitlistWizard } from '../hooks/use-waitlist-wizard';

/** Where the Privacy Policy link goes in the translated sentence. */
const LINK = '\uE000';

/** Step 3: what will be sent, before it is sent. */
export function ReviewStep({ wizard }: { wizard: WaitlistWizard }) {
  const { form } = wizard;
  const rows = [
    [t('Email'), form.email.trim()],
    [t('Name'), `${form.firstName.trim()} ${form.lastName.trim()}`],
    [t('Phone'), form.phone.trim() || t('Not given')],
    [t('Interest'), t(WAITLIST_INTEREST_LABELS[form.interest].title)],
  ] as const;
  const [before = '', after = ''] = t(
    'We will send you a welcome e-mail and news about our launch, nothing else. Read how we handle your details in our {privacyPolicy}.',
    { privacyPolicy: LINK },
  ).split(LINK);
  return (
    <div>
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-3 gap-3 px-4 py-3 text-sm">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="col-span-2 break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs leading-relaxed text-slate-600">
        {before}
        <a
          href="/legal/privacy-policy"
          target="_blank"
          rel="noopener"
          className="font-medium text-brand-800 underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {t('Privacy Policy')}
        </a>
        {after}
      </p>
    </div>
  );
}
