import type { ReactNode } from 'react';

export type LegalSection = { heading: string; body: ReactNode };
export type LegalDocument = {
  slug: string;
  title: string;
  summary: string;
  sections: LegalSection[];
  /** A versioned notice (the Privacy Policy): its version and the ISO date it took effect. */
  version?: { number: string; effective: string };
};
