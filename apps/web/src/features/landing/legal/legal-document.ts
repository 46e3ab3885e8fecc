import type { ReactNode } from 'react';

export type LegalSection = { heading: string; body: ReactNode };
export type LegalDocument = { slug: string; title: string; summary: string; sections: LegalSection[] };
