import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { AssistantAnswer } from '@escrow/shared/schemas/assistant';
import { loadConfig } from '../../config/env.ts';
import { systemClock } from '../../lib/clock.ts';
import { accountCodes } from '../ledger/index.ts';
import type { AccountReader } from './assistant.deps.ts';
import { HELD_OUT_ASKER, type HeldOutExpectation } from './assistant.held-out-set.ts';
import { createAssistant } from './assistant.service.ts';

export const SUPPORT_EMAIL = 'help@amana.example';

/** The asker's data as the composition root would read it: their own wallet and transactions only. */
export function fixtureAccount(asker = HELD_OUT_ASKER): AccountReader {
  return {
    wallet: async () => asker.wallet,
    transactions: async (_userId, filter) => {
      const q = filter.q?.toLowerCase();
      return asker.transactions
        .filter((item) => !filter.status || item.status === filter.status)
        .filter(
          (item) =>
            !q ||
            item.description.toLowerCase().includes(q) ||
            (item.counterpartyName ?? '').toLowerCase().includes(q),
        )
        .slice(0, filter.limit);
    },
    refundsCreditedSince: async () => Math.round(asker.refundedToday * 100),
    transactionEntries: async (userId, transactionId) =>
      (asker.walletCredits[transactionId] ?? []).map((credit) => ({
        kind: credit.kind,
        createdAt: credit.at,
        postings: [{ account: accountCodes.userWallet(userId, 'NGN'), amount: credit.amount }],
      })),
  };
}

/** The assistant as the app builds it (no language-model endpoint), over the fixture account. */
export function fixtureAssistant(account = fixtureAccount()) {
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'escrow-assistant-')),
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      SUPPORT_EMAIL,
    },
    { memoryDatabase: true },
  );
  const ask = createAssistant({
    config,
    log: pino({ level: 'silent' }),
    clock: systemClock(),
    account,
    invitationTtlMs: 7 * 24 * 3600_000,
  });
  return (question: string) => ask('asker', question);
}

/** Where an answer leads, in the evaluation sets' terms. */
export function destinationOf(answer: AssistantAnswer): HeldOutExpectation {
  if (answer.action) return answer.action.value as HeldOutExpectation;
  return answer.response.startsWith("I'm not sure") ? 'not-sure' : 'support';
}

/** 'support' also needs the support address in the answer. */
export function reaches(answer: AssistantAnswer, expected: HeldOutExpectation): boolean {
  const got = destinationOf(answer);
  if (got !== expected) return false;
  return expected === 'support' || expected === 'not-sure' ? answer.response.includes(SUPPORT_EMAIL) : true;
}
