import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { t } from '../../lib/i18n';

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();

  if (!token) {
    return (
      <AuthLayout title={t('Reset link missing')}>
        <div className="flex flex-col gap-4 text-sm text-slate-700">
          <p>
            {t(
              'This page needs the reset link from your e-mail. Open the link exactly as it was sent, or request a new one.',
            )}
          </p>
          <Link
            to="/forgot-password"
            className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {t('Request a reset link')}
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('Set a new password')} subtitle={t('Choose a password of at least 8 characters.')}>
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}
