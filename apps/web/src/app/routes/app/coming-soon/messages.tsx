import { ComingSoonPage } from './coming-soon-page';

export default function MessagesPage() {
  return (
    <ComingSoonPage
      title="Messages"
      purpose="Chat with the other party of a transaction, with file attachments."
      links={[
        {
          label: 'My Transactions',
          to: '/app/transactions',
          description: 'Each transaction shows who the other party is.',
        },
      ]}
    />
  );
}
