import type { Transaction } from '@escrow/shared/schemas/transactions';
import { formatMoney } from '../../../../lib/format';
import { t } from '../../../../lib/i18n';
import { BROKER_NOTE } from '../../lib/broker';

/**
 * What the broker of a brokered trade reads on its details page (docs/partner-api.md "Role BROKER"): it
 * only watches, its commission, and that cancelling (before payment) goes through the partner API.
 */
export function BrokerNote({ transaction: tx }: { transaction: Transaction }) {
  return (
    <div
      role="note"
      data-testid="broker-note"
      className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900"
    >
      <p className="font-semibold">{t(BROKER_NOTE.title)}</p>
      <p className="mt-1">
        {t(
          'Your commission is {amount}, taken from what the seller receives and paid to your wallet when the money is released (in part on a partial refund, nothing on a full refund).',
          { amount: formatMoney(tx.commission ?? 0, tx.currency) },
        )}
      </p>
      <p className="mt-1">{t(BROKER_NOTE.body)}</p>
      <p className="mt-1">{t(BROKER_NOTE.cancelMessage, { endpoint: BROKER_NOTE.cancelEndpoint })}</p>
    </div>
  );
}
