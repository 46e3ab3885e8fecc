import { t } from '../../lib/i18n';
import { Button } from './button';

/** Previous / 'Page N of M' / Next for a paged list; renders nothing when there is one page. */
export function Pager({
  page,
  pages,
  onPageChange,
  label = t('Pages'),
}: {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  label?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between text-sm">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {t('Previous')}
      </Button>
      <span className="text-slate-600">
        {t('Page {page} of {pages}', { page: String(page), pages: String(pages) })}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        {t('Next')}
      </Button>
    </nav>
  );
}
