import { formatMoney } from '@escrow/shared/domain/money';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';
import { useCycle } from '../hooks/use-cycle';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import { SectionHeading, sectionClass } from './section-heading';

/** The landing page's live dashboard demo flow. */
export const DEMO_FLOW = [
  msg('Payment secured'),
  msg('Order confirmed'),
  msg('Transit'),
  msg('Delivery'),
  msg('Release funds'),
] as const;
const STEP_MS = 1800;
// With reduced motion the demo stands still midway, which still shows both done and pending steps.
const STATIC_STEP = 2;

/**
 * An animated illustration of one order moving through escrow. It is labelled as a demo with sample
 * values; nothing here is live data.
 */
export function DashboardDemo() {
  const reduced = useReducedMotion();
  const tick = useCycle(DEMO_FLOW.length + 1, STEP_MS, reduced);
  // One extra tick holds the finished state before the loop starts again.
  const current = reduced ? STATIC_STEP : Math.min(tick, DEMO_FLOW.length - 1);
  const finished = !reduced && tick === DEMO_FLOW.length;

  return (
    <section aria-labelledby="demo-title" className={`${sectionClass} bg-slate-50`}>
      <SectionHeading
        id="demo-title"
        eyebrow={t('See it in action')}
        title={t('Every step, visible to both sides')}
      >
        {t('Buyer and seller follow the same order from payment to release, so nobody is left guessing.')}
      </SectionHeading>
      <figure className="mx-auto mt-12 max-w-3xl">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-lg sm:p-7">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <p className="text-sm text-slate-600">{t('Sample order')}</p>
              <p className="text-lg font-semibold text-slate-900">
                {t('Laptop')} · {formatMoney(450_000)}
              </p>
            </div>
            <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
              {t('Demo illustration')}
            </span>
          </div>
          <div className="mt-6 h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
            <div
              className="h-full origin-left rounded-full bg-brand-700 transition-transform duration-700"
              style={{
                transform: `scaleX(${(finished ? DEMO_FLOW.length : current + 1) / DEMO_FLOW.length})`,
              }}
            />
          </div>
          <ol className="mt-6 grid gap-3 sm:grid-cols-5">
            {DEMO_FLOW.map((label, index) => {
              const done = finished || index < current;
              const active = !finished && index === current;
              return (
                <li
                  key={label}
                  className={`flex items-center gap-3 rounded-xl border p-3 transition-colors sm:flex-col sm:text-center ${
                    active ? 'border-brand-700 bg-brand-50' : done ? 'border-brand-100' : 'border-slate-200'
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                      done || active ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-700'
                    }`}
                  >
                    {done ? '✓' : index + 1}
                  </span>
                  <span className="text-sm font-medium text-slate-900">{t(label)}</span>
                </li>
              );
            })}
          </ol>
        </div>
        <figcaption className="mt-3 text-center text-sm text-slate-600">
          {t('Illustration with sample values, not a real transaction.')}
        </figcaption>
      </figure>
    </section>
  );
}
