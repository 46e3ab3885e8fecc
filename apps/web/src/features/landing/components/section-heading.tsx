import type { ReactNode } from 'react';

/** The eyebrow, heading and lead of a landing section; the heading's id labels the section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  tone = 'light',
  align = 'center',
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  tone?: 'light' | 'dark';
  align?: 'center' | 'left';
}) {
  const dark = tone === 'dark';
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      <p
        className={`text-sm font-semibold uppercase tracking-wider ${dark ? 'text-brand-100' : 'text-brand-800'}`}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={`mt-2 text-3xl font-bold tracking-tight sm:text-4xl ${dark ? 'text-white' : 'text-slate-900'}`}
      >
        {title}
      </h2>
      {children ? (
        <p className={`mt-4 text-lg ${dark ? 'text-brand-50' : 'text-slate-700'}`}>{children}</p>
      ) : null}
    </div>
  );
}

export const sectionClass = 'scroll-mt-20 px-4 py-16 sm:px-6 md:py-24';
