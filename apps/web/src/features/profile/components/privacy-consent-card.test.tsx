import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PrivacyConsent } from '@escrow/shared/schemas/auth';
import { PrivacyConsentCard } from './privacy-consent-card';

describe('Profile → Privacy: the consent record', () => {
  it.each<[string, PrivacyConsent, string]>([
    [
      'an accepted version, on its Lagos day (dd/mm/yyyy)',
      { version: '1.0', acceptedAt: '2026-11-20T23:30:00.000Z' },
      'You accepted the Privacy Policy (version 1.0) on 21/11/2026.',
    ],
    [
      'another version',
      { version: '2.1', acceptedAt: '2027-03-05T09:00:00.000Z' },
      'You accepted the Privacy Policy (version 2.1) on 05/03/2027.',
    ],
    ['no record (create-admin, the demo seed)', null, 'Your acceptance of the Privacy Policy: Not recorded.'],
  ])('shows %s', (_label, consent, text) => {
    render(<PrivacyConsentCard consent={consent} />);
    expect(screen.getByTestId('privacy-consent')).toHaveTextContent(text);
    const link = screen.getByRole('link', { name: 'Read the Privacy Policy' });
    expect(link).toHaveAttribute('href', '/legal/privacy-policy');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
