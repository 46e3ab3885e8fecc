import { useState } from 'react';
import { DEFAULT_FEE_PAYER, tradeAmountsWithFee, type FeePayer } from '@escrow/shared/domain/fees';
import { toMajor, toMinor } from '@escrow/shared/domain/money';
import type { FeeQuoteResponse } from '@escrow/shared/schemas/fee-calculator';
import { FeePayerSwitch } from '../../../components/fee-payer-switch';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatMoney, formatPercent, formatSignedPercent } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { RiskLevelBadge } from './risk-level-badge';

/** What each side pays or gets with the quoted fee, for the chosen payer (the server's split rule). */
function payerSplit(quote: FeeQuoteResponse, payer: FeePayer) {
  const amounts = tradeAmountsWithFee(
    toMinor(quote.transactionAmount) ?? 0,
    toMinor(quote.feeAmount) ?? 0,
    payer,
  );
  return { buyerPays: toMajor(amounts.buyerPaysMinor), sellerReceives: toMajor(amounts.sellerReceivesMinor) };
}

/**
 * The fee quote: figures, risk level, breakdown, recommendations and the estimate note,
 * and a payer switch showing what the buyer pays and the seller receives.
 */
export function FeeQuoteCard({ quote }: { quote: FeeQuoteResponse }) {
  const { breakdown, riskFactors: factors, currency } = quote;
  const [payer, setPayer] = useState<FeePayer>(DEFAULT_FEE_PAYER);
  const split = payerSplit(quote, payer);
  const lines: Array<[string, number]> = [
    [t('Risk adjustment'), quote.riskAdjustment],
    [t('Amount risk'), breakdown.amountRisk],
    [t('Category risk'), breakdown.categoryRisk],
    [t('Delivery risk'), breakdown.deliveryRisk],
    [t('Payment risk'), breakdown.paymentRisk],
    [
      factors.verificationLevel
        ? t('Verification ({level}, ×{multiplier})', {
            level: factors.verificationLevel,
            multiplier: factors.verificationMultiplier,
          })
        : t('Verification'),
      breakdown.verificationRisk,
    ],
    [
      factors.trustScore !== null
        ? t('Trust score ({score}, ×{multiplier})', {
            score: factors.trustScore,
            multiplier: factors.trustMultiplier,
          })
        : t('Trust score'),
      breakdown.historyRisk,
    ],
  ];
  return (
    <Card role="region" aria-labelledby="fee-quote-title" className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle id="fee-quote-title">{t('Fee Estimate')}</CardTitle>
          <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="fee-percentage">
            {formatPercent(quote.feePercentage)}
          </p>
        </div>
        <RiskLevelBadge level={quote.riskLevel} />
      </div>

      <dl className="divide-y divide-slate-200 rounded-lg bg-slate-50 px-3">
        <Figure label={t('Transaction amount')} value={formatMoney(quote.transactionAmount, currency)} />
        <Figure
          label={t('Estimated fee')}
          value={formatMoney(quote.feeAmount, currency)}
          testId="fee-amount"
        />
        <Figure label={t('Total')} value={formatMoney(quote.totalAmount, currency)} testId="fee-total" />
      </dl>

      <div className="space-y-2">
        <FeePayerSwitch value={payer} onChange={setPayer} />
        <dl className="divide-y divide-slate-200 rounded-lg bg-slate-50 px-3" aria-live="polite">
          <Figure
            label={t('Buyer pays')}
            value={formatMoney(split.buyerPays, currency)}
            testId="fee-buyer-pays"
          />
          <Figure
            label={t('Seller receives')}
            value={formatMoney(split.sellerReceives, currency)}
            testId="fee-seller-receives"
          />
        </dl>
      </div>

      <section aria-labelledby="fee-breakdown-title">
        <h3 id="fee-breakdown-title" className="text-sm font-semibold text-slate-900">
          {t('Breakdown')}
        </h3>
        <dl className="mt-2 divide-y divide-slate-100 text-sm">
          <Line label={t('Base fee')} value={formatPercent(breakdown.baseFee)} />
          {lines.map(([label, points]) => (
            <Line key={label} label={label} value={formatSignedPercent(points)} />
          ))}
          <Line label={t('Model total')} value={formatPercent(quote.totalFee)} strong />
          {factors.clamped ? (
            <Line
              label={factors.clamped === 'MAX' ? t('Capped at the maximum') : t('Raised to the minimum')}
              value={formatPercent(quote.feePercentage)}
              strong
            />
          ) : null}
        </dl>
      </section>

      {quote.recommendations.length > 0 ? (
        <section aria-labelledby="fee-recommendations-title">
          <h3 id="fee-recommendations-title" className="text-sm font-semibold text-slate-900">
            {t('Recommendations')}
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {quote.recommendations.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {quote.isEstimate ? (
        <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900" role="note">
          {quote.note}
        </p>
      ) : null}
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="break-all text-lg font-semibold text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className={strong ? 'font-semibold text-slate-900' : 'text-slate-600'}>{label}</dt>
      <dd className={strong ? 'font-semibold text-slate-900' : 'text-slate-900'}>{value}</dd>
    </div>
  );
}
