import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { LANGUAGES, type Language } from '@escrow/shared/i18n/languages';
import messages from '@escrow/shared/i18n/messages.json';
import { createTranslator, type Catalogue, type Translate } from '@escrow/shared/i18n/translator';
import type { AssistantAnswer } from '@escrow/shared/schemas/assistant';
import { loadConfig } from '../../config/env.ts';
import { systemClock } from '../../lib/clock.ts';
import { translate as serverTranslate } from '../../lib/i18n.ts';
import { accountCodes } from '../ledger/index.ts';
import type { AccountReader } from './assistant.deps.ts';
import { HELD_OUT_ASKER, type HeldOutExpectation } from './assistant.held-out-set.ts';
import { createAssistant, NOT_SURE } from './assistant.service.ts';

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

/**
 * Every translation of each language as it stands in the working tree: the namespace files, then the
 * helpers' incoming files over them (the precedence of scripts/i18n/sync.mjs), so the tests read the
 * catalogues whether or not sync.mjs has placed the newest translations yet.
 */
export function workingCatalogues(): Partial<Record<Language, Record<string, string>>> {
  const root = fileURLToPath(new URL('../../../../../packages/shared/src/i18n/catalogues/', import.meta.url));
  const catalogues: Partial<Record<Language, Record<string, string>>> = {};
  for (const language of LANGUAGES.filter((item) => item !== 'en')) {
    const files = readdirSync(path.join(root, language))
      .filter((name) => name.endsWith('.json'))
      .sort((a, b) => Number(a.startsWith('incoming')) - Number(b.startsWith('incoming')));
    catalogues[language] = Object.assign(
      {},
      ...files.map((name) => JSON.parse(readFileSync(path.join(root, language, name), 'utf8')) as Catalogue),
    ) as Record<string, string>;
  }
  return catalogues;
}

/** A translator over `workingCatalogues()`, for the messages the code names (as the server's). */
export function workingTranslator(catalogues = workingCatalogues()): Translate {
  return createTranslator(catalogues, new Set(Object.values(messages as Record<string, string[]>).flat()));
}

/**
 * The assistant as the app builds it (no language-model endpoint), over the fixture account; `translate`
 * writes its messages (the server's catalogues unless given). Asked with the user's language (default
 * English).
 */
export function fixtureAssistant(account = fixtureAccount(), translate?: Translate) {
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
    ...(translate ? { translate } : {}),
  });
  return (question: string, userLanguage: Language = 'en') => ask('asker', question, userLanguage);
}

/** The honest "not sure" answer in every language, as the server's catalogues write it. */
const NOT_SURE_ANSWERS = new Set(
  LANGUAGES.map((language) => serverTranslate(language, NOT_SURE, { supportEmail: SUPPORT_EMAIL })),
);

/** Where an answer leads, in the evaluation sets' terms. */
export function destinationOf(answer: AssistantAnswer): HeldOutExpectation {
  if (answer.action) return answer.action.value as HeldOutExpectation;
  return answer.response.startsWith("I'm not sure") || NOT_SURE_ANSWERS.has(answer.response)
    ? 'not-sure'
    : 'support';
}

/** 'support' also needs the support address in the answer. */
export function reaches(answer: AssistantAnswer, expected: HeldOutExpectation): boolean {
  const got = destinationOf(answer);
  if (got !== expected) return false;
  return expected === 'support' || expected === 'not-sure' ? answer.response.includes(SUPPORT_EMAIL) : true;
}
