import type { ReactNode } from 'react';

/** `heading` is a message (msg): the page shows it with t(). `body` renders the section in the current language. */
export type LegalSection = { heading: string; body: () => ReactNode };
export type LegalDocument = {
  slug: string;
  /** A message (msg), shown with t(). */
  title: string;
  /** A message (msg) with the `{name}` of the product, shown with t(). */
  summary: string;
  sections: LegalSection[];
  /** A versioned notice (the Privacy Policy): its version and the ISO date it took effect. */
  version?: { number: string; effective: string };
};
