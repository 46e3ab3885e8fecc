import { describe, expect, it } from 'vitest';
import { HELD_OUT_ASKER } from './assistant.held-out-set.ts';
import { withdrawableToday } from './assistant.balance.ts';
import { amountIn, feeQuote } from './assistant.fee-quote.ts';
import { fixtureAccount, fixtureAssistant, SUPPORT_EMAIL } from './assistant.test-support.ts';
import { DEFAULT_PRICE_BOUNDS } from '@escrow/shared/domain/price-bounds';

/** Answers that once went astray, on the fixture asker of the held-out set. */
const ask = fixtureAssistant();
const ankara = HELD_OUT_ASKER.transactions[0]!;

describe('reporting someone goes to disputes', () => {
  it.each([
    'I wan report this seller',
    'I want to report a seller for fraud',
    'how to report a seller who no send my goods',
  ])('%s', async (question) => {
    expect((await ask(question)).action?.value).toBe('/app/disputes');
  });
});

describe('money questions', () => {
  it('says what a withdrawal would accept today: balance less the fee, the daily limit plus refunds', async () => {
    const answer = await ask('What is my balance');
    expect(answer.response).toContain('Your available balance is ₦48,700.00');
    // Balance 48,700 − ₦50 fee = 48,650; limit 50,000 + 28,700 refunded − 20,000 withdrawn = 58,700.
    expect(answer.response).toContain('A withdrawal today can be up to ₦48,650.00');
    expect(answer.response).toContain('₦28,700.00 refunded to you today');
    expect(answer.response).not.toContain('₦5,000,000');
    expect(answer.action?.value).toBe('/app/wallet');
  });

  it.each([
    // [balance, level, withdrawn today, refunded today (kobo), expected (kobo)]
    [48_700, 'BASIC', 20_000, 28_700_00, 48_650_00],
    [900_000, 'BASIC', 20_000, 0, 30_000_00],
    [900_000, 'BASIC', 50_000, 0, 0],
    [900_000, 'BASIC', 50_000, 10_000_00, 10_000_00],
    [30, 'PREMIUM', 0, 0, 0],
    [10_000_000, 'PREMIUM', 0, 0, 5_000_000_00],
    [300_000, 'ENHANCED', 150_000, 0, 50_000_00],
  ] as const)(
    'balance %d, %s, %d withdrawn, %d refunded → %d',
    (balance, level, withdrawn, refunded, expected) => {
      const wallet = {
        balance,
        verificationLevel: level,
        limits: { dailyWithdrawal: 0, withdrawnToday: withdrawn, maxBalance: null },
      };
      expect(withdrawableToday(wallet, refunded).amount).toBe(expected);
    },
  );

  it('answers where the money of a named trade went, from the caller’s own transactions', async () => {
    const answer = await ask('where is my money for the ankara fabric?');
    expect(answer.response).toContain('“Ankara fabric, 6 yards x 3 pieces” with Halima Musa was refunded');
    expect(answer.response).toContain('₦28,700.00 came back to your wallet on 26 November 2026');
    expect(answer.action?.value).toBe(`/app/transactions/${ankara.id}`);
  });

  it('names no trade from everyday words, and never another user’s', async () => {
    const stranger = fixtureAssistant({
      ...fixtureAccount(),
      transactions: async () => [],
    });
    const answer = await stranger('where is my money for the ankara fabric?');
    expect(answer.response).not.toContain('Ankara');
    expect(answer.action?.value ?? '').not.toContain(ankara.id);
    expect((await ask('where is my payment')).action?.value).not.toContain(ankara.id);
  });

  it('quotes the fee the code charges for an amount named in the question', async () => {
    const answer = await ask('how much will it cost me to buy a car of 4.5 million naira through escrow');
    expect(answer.response).toContain('For a price of ₦4,500,000.00 the escrow fee is ₦112,500.00');
    expect(answer.response).toContain('the buyer pays ₦4,612,500.00');
    expect(answer.action?.value).toBe('/app/escrow-calculator');
  });

  it('quotes each fee payer to the kobo, the odd kobo of a split on the buyer', () => {
    // ₦10,001.00: fee ₦250.03 (25,002.5 kobo rounds up); split: buyer ⌈fee/2⌉ = ₦125.02, seller ₦125.01.
    const quote = feeQuote('escrow fee for ₦10,001', DEFAULT_PRICE_BOUNDS)!;
    expect(quote).toContain('the escrow fee is ₦250.03');
    expect(quote).toContain('If the buyer pays it (the default), the buyer pays ₦10,251.03 in total.');
    expect(quote).toContain(
      'If the seller pays it, the buyer pays ₦10,001.00 and the seller receives ₦9,750.97.',
    );
    expect(quote).toContain('Split 50/50, the buyer pays ₦10,126.02 and the seller receives ₦9,875.99.');
  });

  it.each([
    ['4.5 million naira', 4_500_000],
    ['a 250k laptop', 250_000],
    ['₦80,000 shoe', 80_000],
    ['1m', 1_000_000],
    ['N15000', 15_000],
    ['my 2012 corolla', null],
    ['iphone 13', null],
  ] as const)('reads "%s" as %s', (text, expected) => {
    expect(amountIn(text)).toBe(expected);
  });

  it('quotes nothing outside the price bounds', () => {
    expect(feeQuote('fee for 60 million naira', DEFAULT_PRICE_BOUNDS)).toBeNull();
    expect(feeQuote('fee for ₦50', DEFAULT_PRICE_BOUNDS)).toBeNull();
  });

  it('answers "Is my money safe" with how escrow holds it', async () => {
    expect((await ask('Is my money safe? what if una run away with am')).action?.value).toBe(
      '/app/create-transaction',
    );
  });
});

describe('low confidence', () => {
  it('says it is not sure and how to reach support, with no button', async () => {
    const answer = await ask('how to cook jollof rice');
    expect(answer.response).toMatch(/^I'm not sure/);
    expect(answer.response).toContain(SUPPORT_EMAIL);
    expect(answer.action).toBeUndefined();
  });
});
