// Bad: the ledger's tables used outside modules/ledger (ledger-tables-belong-to-ledger).
import { ledgerAccounts } from '../../db/schema/ledger.ts';

export function betaBalance() {
  return ledgerAccounts.name;
}
