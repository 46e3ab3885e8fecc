import { AuthLayout } from '../../features/auth/components/auth-layout';
import { SIGN_IN_CAROUSEL } from '../../features/auth/components/feature-slides';
import { LoginForm } from '../../features/auth/components/login-form';
import { t } from '../../lib/i18n';

export default function LoginPage() {
  return (
    <AuthLayout
      title={t('Welcome back')}
      subtitle={t('Sign in to your account')}
      carousel={SIGN_IN_CAROUSEL}
      languageSwitcher
    >
      <LoginForm />
    </AuthLayout>
  );
}
