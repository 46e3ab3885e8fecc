import { ComingSoonPage } from './coming-soon-page';

export default function VerificationPage() {
  return (
    <ComingSoonPage
      title="Identity Verification"
      purpose="Verify your identity with your NIN, BVN or a document to raise your verification level and wallet limits."
      links={[
        {
          label: 'Wallet',
          to: '/app/wallet',
          description: 'See your balance and the limits of your current verification level.',
        },
      ]}
    />
  );
}
