import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { t } from '../../../lib/i18n';

/**
 * The 'Transaction Not Found' screen in its several wordings (details, join link, payment page). `title` and
 * `message` come in the reader's language.
 */
export function NotFoundCard({
  title = t('Transaction Not Found'),
  message,
  children,
}: {
  title?: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <Card role="alert" className="mx-auto max-w-xl space-y-3 text-center">
      <h2 className="text-xl font-bold text-slate-900">{title}</h2>
      <p className="text-sm text-slate-600">{message}</p>
      {children ? <div className="flex flex-wrap justify-center gap-2 pt-2">{children}</div> : null}
    </Card>
  );
}
