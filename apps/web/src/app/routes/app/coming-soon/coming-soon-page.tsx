import { Link } from 'react-router';
import { content } from '../../../../config/content';

export type ComingSoonLink = { label: string; to: string; description?: string };

type ComingSoonPageProps = {
  title: string;
  /** What this screen will do, so the visitor knows what to expect. */
  purpose: string;
  links?: ComingSoonLink[];
};

const DASHBOARD_LINK: ComingSoonLink = {
  label: 'Go to your dashboard',
  to: '/app/dashboard',
  description: 'See your transactions and what to do next.',
};

/**
 * An honest placeholder for a screen that is still being built: it says the screen is not available
 * yet, never shows sample data as if it were real, and points to what works today.
 */
export function ComingSoonPage({ title, purpose, links = [] }: ComingSoonPageProps) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{purpose}</p>
      </div>
      <div
        role="status"
        className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
      >
        <p className="font-semibold">Coming soon</p>
        <p className="mt-1">This part of {content.productName} is being built and is not available yet.</p>
      </div>
      <nav aria-label="Where to go instead">
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {[...links, DASHBOARD_LINK].map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="block h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <span className="font-medium text-brand-800">{link.label}</span>
                {link.description ? (
                  <span className="mt-1 block text-sm text-slate-600">{link.description}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="text-sm text-slate-600">
        Need help now? E-mail{' '}
        <a
          href={`mailto:${content.supportEmail}`}
          className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {content.supportEmail}
        </a>
        .
      </p>
    </div>
  );
}
