export const ledgerAccounts = { name: 'ledger_accounts' };
