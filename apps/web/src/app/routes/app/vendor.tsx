import { useEffect, type ReactNode } from 'react';
import { Link, Route, Routes, useParams } from 'react-router';
import { t } from '../../../lib/i18n';
import { VendorDirectory } from '../../../features/vendors/components/vendor-directory';
import { VendorPage } from '../../../features/vendors/components/vendor-page';
import { VendorProfileEditor } from '../../../features/vendors/components/vendor-profile-form';

function Titled({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = t('{title} — Amana Escrow', { title });
  }, [title]);
  return <>{children}</>;
}

function ProfileEditPage() {
  return (
    <Titled title={t('My Vendor Profile')}>
      <div className="mx-auto max-w-3xl space-y-4">
        <Link to="/app/vendor" className="text-sm font-medium text-brand-800 hover:underline">
          {t('← Vendor Directory')}
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{t('My Vendor Profile')}</h1>
        <p className="text-sm text-slate-600">
          {t(
            'Publish your business so buyers can find you. Your completed orders, ratings and response time come from your trades on Amana.',
          )}
        </p>
        <VendorProfileEditor />
      </div>
    </Titled>
  );
}

function VendorDetailPage() {
  const { id = '' } = useParams();
  return (
    <Titled title={t('Vendor Profile')}>
      <div className="mx-auto max-w-5xl">
        <VendorPage key={id} id={id} />
      </div>
    </Titled>
  );
}

/** /app/vendor (directory), /app/vendor/profile (publish or edit), /app/vendor/{id} (a vendor's page). */
export default function VendorRoutes() {
  return (
    <Routes>
      <Route
        index
        element={
          <Titled title={t('Vendor Directory')}>
            <div className="mx-auto max-w-6xl">
              <VendorDirectory />
            </div>
          </Titled>
        }
      />
      <Route path="profile" element={<ProfileEditPage />} />
      <Route path=":id" element={<VendorDetailPage />} />
    </Routes>
  );
}
