import { ComingSoonPage } from './coming-soon-page';

export default function NotificationsPage() {
  return (
    <ComingSoonPage
      title="Notifications"
      purpose="Updates on your transactions, payments, shipments and messages, with settings for each kind."
      links={[
        {
          label: 'My Transactions',
          to: '/app/transactions',
          description: 'The current status and next step of every transaction.',
        },
      ]}
    />
  );
}
