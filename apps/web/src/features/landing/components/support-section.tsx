import { Link } from '../../../lib/link';
import { content } from '../../../config/content';
import { t } from '../../../lib/i18n';
import MailIcon from 'lucide-react/icons/mail';
import { fillSlots, slot } from '../lib/slots';
import { SectionHeading, sectionClass } from './section-heading';

export function SupportSection() {
  return (
    <section id="support" aria-labelledby="support-title" className={`${sectionClass} bg-white`}>
      <SectionHeading id="support-title" eyebrow={t('Support')} title={t('Questions? Talk to a person')}>
        {t('Our support team answers e-mails around the clock, 24/7, and reviews every dispute by hand.')}
      </SectionHeading>
      <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
        <a
          href={`mailto:${content.supportEmail}`}
          className="inline-flex min-h-12 items-center gap-2 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <MailIcon className="h-5 w-5" />
          {t('E-mail {email}', { email: content.supportEmail })}
        </a>
        <p className="text-slate-700">
          {fillSlots(
            t('Already have an account? {signIn} and use the help assistant in the app.', {
              signIn: slot(0),
            }),
            <Link
              to="/login"
              className="font-semibold text-brand-800 underline hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {t('Sign in')}
            </Link>,
          )}
        </p>
      </div>
    </section>
  );
}
