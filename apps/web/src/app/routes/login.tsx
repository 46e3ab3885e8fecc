import { AuthLayout } from '../../features/auth/components/auth-layout';
import { SIGN_IN_CAROUSEL } from '../../features/auth/components/feature-slides';
import { LoginForm } from '../../features/auth/components/login-form';

export default function LoginPage() {
  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to your account" carousel={SIGN_IN_CAROUSEL}>
      <LoginForm />
    </AuthLayout>
  );
}
