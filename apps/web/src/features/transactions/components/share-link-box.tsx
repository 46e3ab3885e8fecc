import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n';
import { copyToClipboard, shareLink } from '../lib/share';

/**
 * A read-only share link with Copy and Share (the system sheet where the browser has one). `title` and
 * `copyLabel` come in the reader's language.
 */
export function ShareLinkBox({
  link,
  title,
  copyLabel = t('Copy'),
}: {
  link: string;
  title: string;
  copyLabel?: string;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <label htmlFor="share-link" className="sr-only">
        {t('Share link')}
      </label>
      <input
        id="share-link"
        readOnly
        value={link}
        onFocus={(event) => event.target.select()}
        className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-800"
      />
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => void copyToClipboard(link)}>
          {copyLabel}
        </Button>
        <Button variant="secondary" onClick={() => void shareLink(link, title)}>
          {t('Share')}
        </Button>
      </div>
    </div>
  );
}
