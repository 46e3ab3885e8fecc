export { describeBeta } from './beta.service.ts';
export { betaBalance } from './beta.balances.ts';
export { ping } from './beta.ping.ts';
export { peopleTable } from './beta.people.ts';
export { directoryView } from './beta.directory.ts';
export { betaEscrowTotal } from './beta.ledger-sql.ts';
