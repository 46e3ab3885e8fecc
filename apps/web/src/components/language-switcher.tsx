import { Languages } from 'lucide-react';
import { useState } from 'react';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@escrow/shared/i18n/languages';
import { cn } from '../lib/cn';
import { htmlLang, setLanguage, t } from '../lib/i18n';
import { useLanguage } from '../lib/use-language';

/**
 * Chooses the screens' language (docs/languages.md): the page re-renders in it once its texts have
 * arrived, and this device remembers it. `onChange` runs after the switch (Profile saves it on the
 * account). Each language is named in itself, so a reader finds their own.
 */
export function LanguageSwitcher({
  onChange,
  className,
}: {
  onChange?: (language: Language) => void | Promise<void>;
  className?: string;
}) {
  const language = useLanguage();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const choose = (next: string) => {
    if (!isLanguage(next) || next === language) return;
    setPending(true);
    setFailed(false);
    setLanguage(next).then(
      () => onChange?.(next),
      () => {
        setPending(false);
        setFailed(true);
      },
    );
  };
  return (
    <div className={cn('inline-flex flex-col gap-1', className)}>
      <label className="inline-flex items-center gap-2 text-sm">
        <Languages aria-hidden="true" className="size-4 shrink-0" />
        <span className="sr-only">{t('Language')}</span>
        <select
          value={language}
          disabled={pending}
          onChange={(event) => choose(event.target.value)}
          className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm text-gray-900"
        >
          {LANGUAGES.map((option) => (
            <option key={option} value={option} lang={htmlLang(option)}>
              {LANGUAGE_NAMES[option]}
            </option>
          ))}
        </select>
      </label>
      {failed && (
        <p role="alert" className="text-xs text-red-700">
          {t('This language could not be loaded. Check your connection and try again.')}
        </p>
      )}
    </div>
  );
}
