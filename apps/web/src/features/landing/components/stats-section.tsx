import { msg } from '@escrow/shared/i18n/msg';
import { content } from '../../../config/content';
import { t } from '../../../lib/i18n';

/**
 * The stat labels of config/content.ts, marked here for translation: each is shown through t(), so a
 * label an operator changes shows as written until it is translated too.
 */
export const STAT_LABELS = [
  msg('Monthly volume (₦)'),
  msg('Marketplace partners'),
  msg('Users'),
  msg('Average success rate'),
  msg('Expected launch'),
] as const;

/** The landing claims, from the content file so an operator can change or hide them. */
export function StatsSection() {
  const { landingStats, launch } = content;
  if (!landingStats.show) return null;
  const items = [...landingStats.items, { value: launch, label: STAT_LABELS[4] }];
  return (
    <section aria-labelledby="stats-title" className="border-y border-slate-200 bg-white px-4 py-12 sm:px-6">
      <h2 id="stats-title" className="sr-only">
        {t('Amana Escrow in numbers')}
      </h2>
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 text-center sm:grid-cols-3 lg:grid-cols-5">
        {items.map((item) => (
          <div key={item.label} className="flex flex-col-reverse">
            <dt className="mt-1 text-sm text-slate-600">{t(item.label)}</dt>
            <dd className="text-2xl font-extrabold text-brand-800 sm:text-3xl">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
