/** The risk-based fee calculator (estimates; the fee charged is always the flat 2.5%). */
export { escrowCalculatorRoutes } from './escrow-calculator.routes.ts';
