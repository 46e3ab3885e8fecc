import { compliance } from './compliance';
import { cookiePolicy } from './cookie-policy';
import type { LegalDocument } from './legal-document';
import { privacyPolicy } from './privacy-policy';
import { termsOfService } from './terms-of-service';

/** The four legal pages linked from the footer, by their /legal/:page slug. */
export const LEGAL_DOCUMENTS: Record<string, LegalDocument> = Object.fromEntries(
  [privacyPolicy, termsOfService, cookiePolicy, compliance].map((doc) => [doc.slug, doc]),
);
