import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_LOCKED_TEXT,
  SHIPPING_TYPES,
  TRANSACTION_ACTIONS,
  TRANSACTION_STATUSES,
  decide,
  statusWords,
  toStoredStatus,
  type ActorRole,
  type TransactionAction,
  type TransactionStatus,
  type TransitionFacts,
} from './transaction-machine.ts';

const ROLES: ActorRole[] = ['BUYER', 'SELLER', 'SYSTEM'];
const notInPerson = (f: TransitionFacts) => f.shippingType !== 'IN_PERSON' && !f.hasMilestones;
/** One-off trades, and milestone trades with one or more milestones open, released or not. */
const MILESTONE_FACTS: Partial<TransitionFacts>[] = [
  {},
  { hasMilestones: true, openMilestones: 1, anyReleased: true },
  { hasMilestones: true, openMilestones: 3, anyReleased: false },
  { hasMilestones: true, openMilestones: 3, anyReleased: false, anyDelivered: true },
];

/** Who may take each action at all (anyone else gets FORBIDDEN whatever the status). */
const ACTORS: Record<TransactionAction, ActorRole[]> = {
  JOIN: ['BUYER', 'SELLER'],
  PROVIDE_DELIVERY_DETAILS: ['BUYER'],
  PAY: ['BUYER'],
  CONFIRM_SHIPMENT: ['SELLER'],
  CONFIRM_RECEIPT: ['BUYER'],
  CONFIRM_HANDOVER: ['SELLER'],
  DELIVER_MILESTONE: ['SELLER'],
  ACCEPT_MILESTONE: ['BUYER'],
  AUTO_ACCEPT_MILESTONE: ['SYSTEM'],
  EXTEND_MILESTONE_INSPECTION: ['BUYER'],
  CANCEL: ['BUYER', 'SELLER'],
  EXPIRE_INVITATION: ['SYSTEM'],
  RAISE_DISPUTE: ['BUYER', 'SELLER'],
  TIME_RELEASE: ['SYSTEM'],
  MANUAL_RELEASE: ['BUYER'],
  RESOLVE_RELEASE: ['SYSTEM'],
  RESOLVE_REFUND: ['SYSTEM'],
  RESOLVE_PARTIAL: ['SYSTEM'],
  RESOLVE_NO_ACTION: ['SYSTEM'],
  AUTO_RELEASE: ['SYSTEM'],
  EXTEND_INSPECTION: ['BUYER'],
  ADD_DELIVERY_CONDITION: ['BUYER', 'SELLER'],
  SET_TIME_RELEASE: ['BUYER'],
  CONFIRM_DELIVERY: ['BUYER'],
};

/**
 * The allowed transitions, written out by hand from docs/product.md's lifecycle table. `when` limits a row
 * to some facts; every (status, action) not listed here is ILLEGAL_TRANSITION for an allowed actor.
 */
const ALLOWED: [
  TransactionStatus,
  TransactionAction,
  TransactionStatus,
  ((f: TransitionFacts) => boolean)?,
][] = [
  ['PENDING', 'JOIN', 'ACTIVE', (f) => !f.hasCounterparty],
  ['ACTIVE', 'PROVIDE_DELIVERY_DETAILS', 'WAITING_FOR_PAYMENT', (f) => f.useCourier],
  ['WAITING_FOR_PAYMENT', 'PROVIDE_DELIVERY_DETAILS', 'WAITING_FOR_PAYMENT', (f) => f.useCourier],
  // The buyer corrects the address until the seller ships, or delivers a first milestone.
  ['WAITING_FOR_SHIPMENT', 'PROVIDE_DELIVERY_DETAILS', 'WAITING_FOR_SHIPMENT', (f) => f.useCourier],
  [
    'IN_PROGRESS',
    'PROVIDE_DELIVERY_DETAILS',
    'IN_PROGRESS',
    (f) => f.useCourier && !!f.hasMilestones && !f.anyDelivered && !f.anyReleased,
  ],
  [
    'ACTIVE',
    'PAY',
    'WAITING_FOR_SHIPMENT',
    (f) => !f.useCourier && f.shippingType !== 'IN_PERSON' && !f.hasMilestones,
  ],
  [
    'ACTIVE',
    'PAY',
    'IN_PROGRESS',
    (f) => !f.useCourier && f.shippingType !== 'IN_PERSON' && !!f.hasMilestones,
  ],
  ['WAITING_FOR_PAYMENT', 'PAY', 'IN_PROGRESS', (f) => !!f.hasMilestones],
  ['IN_PROGRESS', 'DELIVER_MILESTONE', 'IN_PROGRESS'],
  ['IN_PROGRESS', 'ACCEPT_MILESTONE', 'IN_PROGRESS', (f) => (f.openMilestones ?? 0) > 1],
  ['IN_PROGRESS', 'ACCEPT_MILESTONE', 'COMPLETED', (f) => (f.openMilestones ?? 0) <= 1],
  ['IN_PROGRESS', 'AUTO_ACCEPT_MILESTONE', 'IN_PROGRESS', (f) => (f.openMilestones ?? 0) > 1],
  ['IN_PROGRESS', 'AUTO_ACCEPT_MILESTONE', 'COMPLETED', (f) => (f.openMilestones ?? 0) <= 1],
  ['IN_PROGRESS', 'EXTEND_MILESTONE_INSPECTION', 'IN_PROGRESS'],
  ['IN_PROGRESS', 'RAISE_DISPUTE', 'DISPUTED'],
  ['DISPUTED', 'RESOLVE_NO_ACTION', 'IN_PROGRESS', (f) => f.statusBeforeDispute === 'IN_PROGRESS'],
  ['ACTIVE', 'PAY', 'WAITING_FOR_HANDOVER', (f) => !f.useCourier && f.shippingType === 'IN_PERSON'],
  ['WAITING_FOR_HANDOVER', 'CONFIRM_HANDOVER', 'COMPLETED'],
  ['WAITING_FOR_HANDOVER', 'RAISE_DISPUTE', 'DISPUTED'],
  [
    'DISPUTED',
    'RESOLVE_NO_ACTION',
    'WAITING_FOR_HANDOVER',
    (f) => f.statusBeforeDispute === 'WAITING_FOR_HANDOVER',
  ],
  ['WAITING_FOR_PAYMENT', 'PAY', 'WAITING_FOR_SHIPMENT', (f) => !f.hasMilestones],
  ['WAITING_FOR_SHIPMENT', 'CONFIRM_SHIPMENT', 'WAITING_FOR_BUYER_CONFIRMATION'],
  ['WAITING_FOR_BUYER_CONFIRMATION', 'CONFIRM_RECEIPT', 'COMPLETED'],
  ['PENDING', 'CANCEL', 'CANCELLED'],
  ['ACTIVE', 'CANCEL', 'CANCELLED'],
  ['WAITING_FOR_PAYMENT', 'CANCEL', 'CANCELLED'],
  ['PENDING', 'EXPIRE_INVITATION', 'CANCELLED'],
  ['WAITING_FOR_SHIPMENT', 'RAISE_DISPUTE', 'DISPUTED'],
  ['WAITING_FOR_BUYER_CONFIRMATION', 'RAISE_DISPUTE', 'DISPUTED'],
  ['WAITING_FOR_BUYER_CONFIRMATION', 'TIME_RELEASE', 'COMPLETED'],
  ['WAITING_FOR_BUYER_CONFIRMATION', 'MANUAL_RELEASE', 'COMPLETED'],
  ['DISPUTED', 'RESOLVE_RELEASE', 'COMPLETED'],
  ['DISPUTED', 'RESOLVE_REFUND', 'CANCELLED', (f) => !f.anyReleased],
  ['DISPUTED', 'RESOLVE_REFUND', 'COMPLETED', (f) => !!f.anyReleased],
  ['DISPUTED', 'RESOLVE_PARTIAL', 'COMPLETED'],
  [
    'DISPUTED',
    'RESOLVE_NO_ACTION',
    'WAITING_FOR_SHIPMENT',
    (f) => f.statusBeforeDispute === 'WAITING_FOR_SHIPMENT',
  ],
  [
    'DISPUTED',
    'RESOLVE_NO_ACTION',
    'WAITING_FOR_BUYER_CONFIRMATION',
    (f) => f.statusBeforeDispute === 'WAITING_FOR_BUYER_CONFIRMATION',
  ],
  ['WAITING_FOR_BUYER_CONFIRMATION', 'AUTO_RELEASE', 'COMPLETED'],
  ['WAITING_FOR_BUYER_CONFIRMATION', 'EXTEND_INSPECTION', 'WAITING_FOR_BUYER_CONFIRMATION'],
  // Payment-condition steps keep the status.
  ['ACTIVE', 'ADD_DELIVERY_CONDITION', 'ACTIVE'],
  ['WAITING_FOR_PAYMENT', 'ADD_DELIVERY_CONDITION', 'WAITING_FOR_PAYMENT'],
  ['WAITING_FOR_SHIPMENT', 'ADD_DELIVERY_CONDITION', 'WAITING_FOR_SHIPMENT'],
  ['WAITING_FOR_BUYER_CONFIRMATION', 'ADD_DELIVERY_CONDITION', 'WAITING_FOR_BUYER_CONFIRMATION'],
  // An in-person trade is released only by the buyer's code, never by a timer.
  ['ACTIVE', 'SET_TIME_RELEASE', 'ACTIVE', notInPerson],
  ['WAITING_FOR_PAYMENT', 'SET_TIME_RELEASE', 'WAITING_FOR_PAYMENT', notInPerson],
  ['WAITING_FOR_SHIPMENT', 'SET_TIME_RELEASE', 'WAITING_FOR_SHIPMENT', notInPerson],
  ['WAITING_FOR_BUYER_CONFIRMATION', 'SET_TIME_RELEASE', 'WAITING_FOR_BUYER_CONFIRMATION', notInPerson],
  ['WAITING_FOR_BUYER_CONFIRMATION', 'CONFIRM_DELIVERY', 'WAITING_FOR_BUYER_CONFIRMATION'],
];

const BEFORE_DISPUTE: (TransactionStatus | null)[] = [null, ...TRANSACTION_STATUSES];
const FACTS: TransitionFacts[] = [false, true].flatMap((useCourier) =>
  [false, true].flatMap((hasCounterparty) =>
    [false, true].flatMap((hasDeliveryDetails) =>
      [undefined, ...SHIPPING_TYPES].flatMap((shippingType) =>
        BEFORE_DISPUTE.flatMap((statusBeforeDispute) =>
          MILESTONE_FACTS.map((milestones) => ({
            useCourier,
            hasCounterparty,
            hasDeliveryDetails,
            shippingType,
            statusBeforeDispute,
            ...milestones,
          })),
        ),
      ),
    ),
  ),
);

const cases = TRANSACTION_STATUSES.flatMap((status) =>
  TRANSACTION_ACTIONS.flatMap((action) => ROLES.map((role) => [status, action, role] as const)),
);

describe('transition table', () => {
  it('covers every (status, action, role) triple', () => {
    expect(cases).toHaveLength(10 * 24 * 3);
  });

  it.each(cases)('%s + %s by %s', (status, action, role) => {
    for (const facts of FACTS) {
      const result = decide(status, action, role, facts);
      if (!ACTORS[action].includes(role)) {
        expect(result).toMatchObject({ ok: false, code: 'FORBIDDEN' });
        continue;
      }
      const row = ALLOWED.find(([s, a, , when]) => s === status && a === action && (!when || when(facts)));
      if (row) expect(result).toEqual({ ok: true, next: row[2] });
      else expect(result).toMatchObject({ ok: false, code: 'ILLEGAL_TRANSITION' });
    }
  });

  it('gives a readable reason that names the current status', () => {
    const facts = { useCourier: false, hasCounterparty: true, hasDeliveryDetails: false };
    expect(decide('COMPLETED', 'CONFIRM_RECEIPT', 'BUYER', facts)).toEqual({
      ok: false,
      code: 'ILLEGAL_TRANSITION',
      reason: 'Confirming receipt is not possible while the transaction is {status}',
      params: { status: statusWords('COMPLETED') },
    });
    expect(decide('ACTIVE', 'PAY', 'BUYER', { ...facts, useCourier: true })).toMatchObject({
      reason: 'Please provide delivery details before payment',
    });
    expect(decide('WAITING_FOR_SHIPMENT', 'PAY', 'SELLER', facts)).toMatchObject({
      reason: 'Only the buyer can pay for this transaction',
    });
    const courier = { ...facts, useCourier: true, hasDeliveryDetails: true };
    for (const status of ['WAITING_FOR_BUYER_CONFIRMATION', 'COMPLETED'] as const)
      expect(decide(status, 'PROVIDE_DELIVERY_DETAILS', 'BUYER', courier)).toMatchObject({
        reason: DELIVERY_LOCKED_TEXT,
      });
    expect(
      decide('IN_PROGRESS', 'PROVIDE_DELIVERY_DETAILS', 'BUYER', {
        ...courier,
        hasMilestones: true,
        anyDelivered: true,
      }),
    ).toMatchObject({ reason: DELIVERY_LOCKED_TEXT });
    expect(decide('DISPUTED', 'PROVIDE_DELIVERY_DETAILS', 'BUYER', courier)).toMatchObject({
      reason: 'Providing delivery details is not possible while the transaction is {status}',
      params: { status: statusWords('DISPUTED') },
    });
  });

  it('maps the spec aliases to stored statuses', () => {
    expect(toStoredStatus('SHIPMENT_CONFIRMED')).toBe('WAITING_FOR_BUYER_CONFIRMATION');
    expect(toStoredStatus('PAYMENT_MADE')).toBe('WAITING_FOR_SHIPMENT');
    expect(toStoredStatus('ACTIVE')).toBe('ACTIVE');
    expect(toStoredStatus('NOPE')).toBeNull();
  });
});

describe('random action sequences', () => {
  const step = fc.record({
    action: fc.constantFrom(...TRANSACTION_ACTIONS),
    role: fc.constantFrom(...ROLES),
  });

  it('never leave the table, and COMPLETED/CANCELLED are terminal', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(step, { maxLength: 40 }), (useCourier, steps) => {
        let status: TransactionStatus = 'PENDING';
        let hasCounterparty = false;
        let hasDeliveryDetails = false;
        let statusBeforeDispute: TransactionStatus | null = null;
        for (const { action, role } of steps) {
          const before = status;
          const facts = { useCourier, hasCounterparty, hasDeliveryDetails, statusBeforeDispute };
          const result = decide(status, action, role, facts);
          if (before === 'COMPLETED' || before === 'CANCELLED') {
            expect(result.ok).toBe(false);
            continue;
          }
          if (!result.ok) continue;
          expect(TRANSACTION_STATUSES).toContain(result.next);
          const row = ALLOWED.find(([s, a, next]) => s === before && a === action && next === result.next);
          expect(row).toBeDefined();
          status = result.next;
          if (action === 'JOIN') hasCounterparty = true;
          if (action === 'PROVIDE_DELIVERY_DETAILS') hasDeliveryDetails = true;
          if (action === 'RAISE_DISPUTE') statusBeforeDispute = before;
        }
      }),
      { numRuns: 500 },
    );
  });

  // The ways a trade completes (money leaves escrow for the seller): the buyer's receipt or a release
  // condition after shipment, the release code at an in-person handover, the last milestone accepted, or a
  // dispute resolution.
  const COMPLETING: Partial<Record<TransactionStatus, readonly TransactionAction[]>> = {
    WAITING_FOR_BUYER_CONFIRMATION: ['CONFIRM_RECEIPT', 'MANUAL_RELEASE', 'TIME_RELEASE', 'AUTO_RELEASE'],
    WAITING_FOR_HANDOVER: ['CONFIRM_HANDOVER'],
    IN_PROGRESS: ['ACCEPT_MILESTONE', 'AUTO_ACCEPT_MILESTONE'],
    DISPUTED: ['RESOLVE_RELEASE', 'RESOLVE_PARTIAL', 'RESOLVE_REFUND'],
  };
  it('money only leaves escrow by receipt, release code, the last milestone or a dispute resolution', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TRANSACTION_STATUSES),
        step,
        fc.record({
          useCourier: fc.boolean(),
          shippingType: fc.constantFrom(undefined, ...SHIPPING_TYPES),
          hasMilestones: fc.boolean(),
          openMilestones: fc.integer({ min: 0, max: 10 }),
          anyReleased: fc.boolean(),
        }),
        (status, { action, role }, facts) => {
          const result = decide(status, action, role, {
            ...facts,
            hasCounterparty: true,
            hasDeliveryDetails: true,
          });
          if (result.ok && result.next === 'COMPLETED') expect(COMPLETING[status] ?? []).toContain(action);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
