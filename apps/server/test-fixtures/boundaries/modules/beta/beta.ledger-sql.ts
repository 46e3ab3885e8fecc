// Bad: raw SQL naming a ledger table outside modules/ledger (escrow/no-ledger-tables-in-sql, ESLint).
export const betaEscrowTotal = `select sum(amount) from escrow_holds where status = 'HELD'`;
