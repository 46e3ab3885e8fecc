import { content } from '../../../config/content';

/** The landing claims, from the content file so an operator can change or hide them. */
export function StatsSection() {
  const { landingStats, launch } = content;
  if (!landingStats.show) return null;
  const items = [...landingStats.items, { value: launch, label: 'Expected launch' }];
  return (
    <section aria-labelledby="stats-title" className="border-y border-slate-200 bg-white px-4 py-12 sm:px-6">
      <h2 id="stats-title" className="sr-only">
        Amana Escrow in numbers
      </h2>
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 text-center sm:grid-cols-3 lg:grid-cols-5">
        {items.map((item) => (
          <div key={item.label} className="flex flex-col-reverse">
            <dt className="mt-1 text-sm text-slate-600">{item.label}</dt>
            <dd className="text-3xl font-extrabold text-brand-800">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
