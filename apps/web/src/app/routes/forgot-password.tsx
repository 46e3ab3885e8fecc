import { AuthLayout } from '../../features/auth/components/auth-layout';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { t } from '../../lib/i18n';

export default function ForgotPasswordPage() {
  return (
    <AuthLayout
      title={t('Forgot your password?')}
      subtitle={t(
        'Enter the e-mail address of your account and we will send you a link to set a new password.',
      )}
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
