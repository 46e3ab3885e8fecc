import { useMutation } from '@tanstack/react-query';
import type { LedgerCheckReport } from '@escrow/shared/schemas/wallet';
import { api } from '../../../lib/api-client';

/**
 * GET /admin/ledger/check: reconciles the whole ledger (balanced entries, cached balances, no negative
 * wallets, escrow = holds). Run on demand, never in the background: it reads every posting.
 */
export const useLedgerCheck = () =>
  useMutation({
    mutationFn: () => api<{ report: LedgerCheckReport }>('/admin/ledger/check').then((a) => a.report),
  });
