// Good: modules through their doors.
import { describeBeta } from './modules/beta/index.ts';
import { ledgerTable } from './modules/ledger/index.ts';
import { usersTable } from './modules/auth/index.ts';
// Bad: a module's internal file from outside modules/ (one-door-from-outside-modules).
import { findAlpha } from './modules/alpha/alpha.repository.ts';

export const app = [describeBeta('b1'), ledgerTable, usersTable, findAlpha('a1').id];
