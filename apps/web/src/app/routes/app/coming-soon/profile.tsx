import { ComingSoonPage } from './coming-soon-page';

export default function ProfilePage() {
  return (
    <ComingSoonPage
      title="User Profile"
      purpose="Manage your name, e-mail, profile picture, password and preferences."
      links={[
        {
          label: 'Change your password',
          to: '/forgot-password',
          description: 'Request a reset link by e-mail and choose a new password.',
        },
      ]}
    />
  );
}
