import { ComingSoonPage } from './coming-soon-page';

/** Every /app/disputes/* path (list, create, details, resolve) lands here until disputes are built. */
export default function DisputesPage() {
  return (
    <ComingSoonPage
      title="Disputes"
      purpose="Raise a dispute about a transaction, add evidence, and follow it until it is resolved."
      links={[
        {
          label: 'My Transactions',
          to: '/app/transactions',
          description: 'Open the transaction you have a problem with; support can help by e-mail.',
        },
      ]}
    />
  );
}
