/**
 * Marketing claims, stats and badges in one place, with the product's values.
 * An operator changes a value here, or switches a whole group off with its `show` flag.
 */
export const content = {
  productName: 'Amana Escrow',
  xProfileUrl: 'https://x.com/amanaescrow',
  supportEmail: 'support@amana.ng',
  registration: { country: 'Nigeria', rcNumber: 'RC 1234567', vatNumber: 'VAT 12345678-0001' },
  launch: 'Q4 2025',
  /** Shown on the legal pages (/legal/...); change it whenever their text changes. */
  legalLastUpdated: '1 November 2025',
  landingStats: {
    show: true,
    items: [
      { value: '10M+', label: 'Monthly volume (₦)' },
      { value: '250+', label: 'Marketplace partners' },
      { value: '840,000+', label: 'Users' },
      { value: '99%', label: 'Average success rate' },
    ],
  },
  authClaims: {
    show: true,
    items: [
      { value: '50K+', label: 'Users' },
      { value: '2B+', label: 'Protected' },
    ],
  },
  complianceBadges: { show: true, items: ['PCI DSS', 'SOC 2', 'ISO 27001'] },
} as const;
