import { describe, expect, it } from 'vitest';
import { computeTrustScore } from './trust-score.ts';
import { maskNumber, normalizeName } from '../schemas/identity.ts';

const none = {
  ninVerified: false,
  bvnVerified: false,
  approvedDocuments: 0,
  completedTransactions: 0,
  accountAgeDays: 0,
  disputesLost: 0,
};

describe('trust score', () => {
  it.each([
    [{}, 0],
    [{ ninVerified: true }, 25],
    [{ ninVerified: true, bvnVerified: true }, 60],
    [{ ninVerified: true, bvnVerified: true, approvedDocuments: 1 }, 70],
    [{ completedTransactions: 3 }, 6],
    [{ completedTransactions: 50 }, 20],
    [{ accountAgeDays: 90 }, 0],
    [{ accountAgeDays: 91 }, 10],
    [{ disputesLost: 1 }, 0],
    [{ ninVerified: true, disputesLost: 1 }, 15],
    [
      {
        ninVerified: true,
        bvnVerified: true,
        approvedDocuments: 5,
        completedTransactions: 20,
        accountAgeDays: 400,
      },
      100,
    ],
  ])('%o scores %i', (facts, score) => {
    expect(computeTrustScore({ ...none, ...facts }).score).toBe(score);
  });

  it('explains each point', () => {
    const { reasons } = computeTrustScore({ ...none, ninVerified: true, completedTransactions: 1 });
    expect(reasons).toEqual([
      { label: 'NIN verified', points: 25 },
      { label: '1 completed transaction', points: 2 },
    ]);
  });
});

describe('identity helpers', () => {
  it('masks all but the last four digits', () => {
    expect(maskNumber('12345678901')).toBe('*******8901');
  });
  it('compares names without case or accents', () => {
    expect(normalizeName('  ADÉỌLÁ ')).toBe(normalizeName('adeola'));
    expect(normalizeName('Chiamaka')).not.toBe(normalizeName('Chioma'));
  });
});
