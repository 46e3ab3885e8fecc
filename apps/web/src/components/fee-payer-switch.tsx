import { useId } from 'react';
import { FEE_PAYER_LABELS, FEE_PAYERS, type FeePayer } from '@escrow/shared/domain/fees';
import { cn } from '../lib/cn';
import { t } from '../lib/i18n';

/** Who pays the fee, as a row of three radio buttons (the fee calculators' payer switch). */
export function FeePayerSwitch({
  value,
  onChange,
  legend = t('Who pays the fee?'),
}: {
  value: FeePayer;
  onChange: (payer: FeePayer) => void;
  legend?: string;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
        {FEE_PAYERS.map((payer) => (
          <label
            key={payer}
            className={cn(
              'flex cursor-pointer items-center justify-center rounded-md px-2 py-2 text-center text-sm font-medium leading-tight focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-brand-700',
              value === payer ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:text-slate-900',
            )}
          >
            <input
              type="radio"
              name={name}
              value={payer}
              checked={value === payer}
              onChange={() => onChange(payer)}
              className="sr-only"
            />
            {t(FEE_PAYER_LABELS[payer])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
