import { useState } from 'react';
import type { FeeCalculationResult } from '@escrow/shared/schemas/fee-calculator';
import { Card } from '../../../components/ui/card';
import { FeeCalculatorForm } from '../../../features/fee-calculator/components/fee-calculator-form';
import { FeeHistoryList } from '../../../features/fee-calculator/components/fee-history-list';
import { FeeQuoteCard } from '../../../features/fee-calculator/components/fee-quote-card';
import { t } from '../../../lib/i18n';

/** /app/escrow-calculator: form, the quote for the last calculation, and the history. */
export default function EscrowCalculatorPage() {
  const [quote, setQuote] = useState<FeeCalculationResult | null>(null);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('Escrow Fee Calculator')}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {t(
            'Estimate the fee for a planned transaction from its amount, type, delivery and payment method, and your verification level.',
          )}
        </p>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card className="self-start">
          <FeeCalculatorForm onResult={setQuote} />
        </Card>
        <div aria-live="polite">
          {quote ? (
            <FeeQuoteCard quote={quote} />
          ) : (
            <Card className="text-sm text-slate-600">
              {t('Enter the details and choose Calculate to see your quote.')}
            </Card>
          )}
        </div>
      </div>
      <FeeHistoryList />
    </div>
  );
}
