import { AuthLayout } from '../../features/auth/components/auth-layout';
import { SIGN_UP_CAROUSEL } from '../../features/auth/components/feature-slides';
import { SignupForm } from '../../features/auth/components/signup-form';

export default function SignupPage() {
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Buy and sell safely: your money stays in escrow until the goods arrive."
      carousel={SIGN_UP_CAROUSEL}
    >
      <SignupForm />
    </AuthLayout>
  );
}
