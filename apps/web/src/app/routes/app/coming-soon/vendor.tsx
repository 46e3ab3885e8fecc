import { ComingSoonPage } from './coming-soon-page';

/** /app/vendor and /app/vendor/profile (the same screen in the spec). */
export default function VendorPage() {
  return (
    <ComingSoonPage
      title="Vendor Directory"
      purpose="Find verified vendors by name or specialty and start a protected transaction with them."
      links={[
        {
          label: 'Create Transaction',
          to: '/app/create-transaction',
          description: 'Already agreed with a vendor? Start the escrow transaction and invite them.',
        },
      ]}
    />
  );
}
