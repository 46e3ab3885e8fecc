export { describeBeta } from './beta.service.ts';
export { betaBalance } from './beta.balances.ts';
export { ping } from './beta.ping.ts';
