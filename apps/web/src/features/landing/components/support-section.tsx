import { Link } from '../../../lib/link';
import { content } from '../../../config/content';
import MailIcon from 'lucide-react/icons/mail';
import { SectionHeading, sectionClass } from './section-heading';

export function SupportSection() {
  return (
    <section id="support" aria-labelledby="support-title" className={`${sectionClass} bg-white`}>
      <SectionHeading id="support-title" eyebrow="Support" title="Questions? Talk to a person">
        Our support team answers e-mails around the clock, 24/7, and reviews every dispute by hand.
      </SectionHeading>
      <div className="mt-10 flex flex-col items-center justify-center gap-4 sm:flex-row">
        <a
          href={`mailto:${content.supportEmail}`}
          className="inline-flex min-h-12 items-center gap-2 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <MailIcon className="h-5 w-5" />
          E-mail {content.supportEmail}
        </a>
        <p className="text-slate-700">
          Already have an account?{' '}
          <Link
            to="/login"
            className="font-semibold text-brand-800 underline hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            Sign in
          </Link>{' '}
          and use the help assistant in the app.
        </p>
      </div>
    </section>
  );
}
