import CheckIcon from 'lucide-react/icons/check';
import { WAITLIST_LAUNCH } from '@escrow/shared/schemas/waitlist';
import { content } from '../../../config/content';
import { t } from '../../../lib/i18n';
import type { WaitlistWizard } from '../hooks/use-waitlist-wizard';
import { buttonClass } from './waitlist-styles';

/** After joining: thanks, 'Join Another Person' and 'Follow Us for Updates'. */
export function SuccessView({ wizard }: { wizard: WaitlistWizard }) {
  const { form, alreadyJoined } = wizard;
  return (
    <div className="mt-5 text-center" role="status">
      <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <CheckIcon className="h-7 w-7" strokeWidth={2.5} />
      </div>
      <p className="mt-4 text-lg font-semibold text-slate-900">
        {t('Thank you, {name}!', { name: form.firstName.trim() })}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        {alreadyJoined
          ? t('{email} was already on our waitlist, so you are all set.', { email: form.email.trim() })
          : t('A welcome e-mail is on its way to {email}.', { email: form.email.trim() })}{' '}
        {t('We expect to launch in {launch} and you will hear from us first.', { launch: WAITLIST_LAUNCH })}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <button type="button" className={buttonClass('secondary')} onClick={wizard.reset}>
          {t('Join Another Person')}
        </button>
        <a
          href={content.xProfileUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('primary')}
        >
          {t('Follow Us for Updates')}
          <span className="sr-only"> {t('(opens X in a new tab)')}</span>
        </a>
      </div>
    </div>
  );
}
