import { AuthLayout } from '../../features/auth/components/auth-layout';
import { SIGN_UP_CAROUSEL } from '../../features/auth/components/feature-slides';
import { SignupForm } from '../../features/auth/components/signup-form';
import { t } from '../../lib/i18n';

export default function SignupPage() {
  return (
    <AuthLayout
      title={t('Create your account')}
      subtitle={t('Buy and sell safely: your money stays in escrow until the goods arrive.')}
      carousel={SIGN_UP_CAROUSEL}
      languageSwitcher
    >
      <SignupForm />
    </AuthLayout>
  );
}
