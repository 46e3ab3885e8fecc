import { t } from '../../lib/i18n';

export function Spinner({ label = t('Loading...') }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-slate-600">
      <span
        className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700"
        aria-hidden="true"
      />
      <span>{label}</span>
    </span>
  );
}
