// Allowed: test code may reach into any module and any table.
import { findAlpha } from '../alpha/alpha.repository.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';

export const betaFixture = { alpha: findAlpha('a1'), table: ledgerAccounts.name };
