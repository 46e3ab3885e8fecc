// Good: the ledger module owns the ledger tables.
import { ledgerAccounts } from '../../db/schema/ledger.ts';

export const ledgerTable = ledgerAccounts.name;
