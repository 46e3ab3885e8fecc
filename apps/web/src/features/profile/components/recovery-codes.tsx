import { useEffect, useRef } from 'react';
import DownloadIcon from 'lucide-react/icons/download';
import { TWO_FACTOR_TEXT } from '@escrow/shared/texts/two-factor';
import { CopyButton } from '../../../components/copy-button';
import { Button } from '../../../components/ui/button';
import { saveTextFile } from '../../../lib/download';
import { t } from '../../../lib/i18n';

/**
 * The 10 recovery codes, shown once (the server keeps only their hashes): copy, download as a text file,
 * and an explicit "I have saved them" that forgets them. The heading takes the focus when they appear, so
 * a screen reader starts reading here.
 */
export function RecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const fileText = `${t(TWO_FACTOR_TEXT.codesFileHeadingMessage, { email })}\n\n${codes.join('\n')}\n`;
  return (
    <section aria-labelledby="recovery-codes-title" className="mt-4 space-y-3">
      <h3
        id="recovery-codes-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 focus:outline-none"
      >
        {t(TWO_FACTOR_TEXT.recoveryTitle)}
      </h3>
      <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        {t(TWO_FACTOR_TEXT.recoveryIntro)}
      </p>
      <ul
        aria-label={t(TWO_FACTOR_TEXT.recoveryListLabel)}
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={codes.join('\n')} what={t(TWO_FACTOR_TEXT.recoveryListLabel).toLowerCase()} />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => saveTextFile(TWO_FACTOR_TEXT.codesFileName, fileText)}
        >
          <DownloadIcon className="h-4 w-4" aria-hidden />
          {t(TWO_FACTOR_TEXT.downloadCodes)}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t(TWO_FACTOR_TEXT.savedThem)}
        </Button>
      </div>
    </section>
  );
}
