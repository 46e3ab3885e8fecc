import type { z } from 'zod';
import { MIN_MILESTONES } from '@escrow/shared/domain/milestones';
import type { ShippingType } from '@escrow/shared/domain/transaction-machine';
import { refineMilestones, transactionDraftSchemaFor } from '@escrow/shared/schemas/transactions';
import { deviceClock } from '../../../lib/dates';

/*
 * The create wizard's milestone list (docs/money.md "Milestones"): drafts as typed, what the API is sent, and
 * step 3's check of them with the shared schema and sum rule.
 */

/** One milestone as typed: the amount read by `amountValue`, the due date by `dateValue` ('' when blank). */
export type MilestoneDraft = {
  title: string;
  amount: number | undefined;
  description: string;
  dueDate: string;
};

export const EMPTY_MILESTONE: MilestoneDraft = { title: '', amount: undefined, description: '', dueDate: '' };

/** A new list starts with the fewest milestones a trade can have, blank. */
export const firstMilestones = (): MilestoneDraft[] =>
  Array.from({ length: MIN_MILESTONES }, () => ({ ...EMPTY_MILESTONE }));

/** Milestones are sent only when switched on, and never for 'Meet and inspect' (paid in one part). */
export const milestonesActive = (values: { milestonesOn: boolean; shippingType: ShippingType | undefined }) =>
  values.milestonesOn && values.shippingType !== 'IN_PERSON';

/** The milestones as the API takes them: blank optional fields are not sent. */
export function milestonesPayload(drafts: readonly MilestoneDraft[]) {
  return drafts.map((m) => ({
    title: m.title,
    amount: m.amount ?? Number.NaN,
    ...(m.description.trim() ? { description: m.description } : {}),
    ...(m.dueDate.trim() ? { dueDate: m.dueDate } : {}),
  }));
}

const milestonesField = transactionDraftSchemaFor(deviceClock).shape.milestones.unwrap();

/**
 * Step 3's milestone list, when on: each milestone by the shared schema (its messages on its fields),
 * the count, and the amounts adding up to the price (the shared rule, on the list as a whole). Checked
 * with the other fields of the step, so every message shows at once.
 */
export function refineMilestoneDrafts(
  value: { price?: number | undefined; milestonesOn: boolean; shippingType: unknown; milestones: unknown },
  ctx: z.RefinementCtx,
) {
  const shippingType = value.shippingType as ShippingType | undefined;
  if (!milestonesActive({ milestonesOn: value.milestonesOn, shippingType })) return;
  const payload = milestonesPayload(value.milestones as MilestoneDraft[]);
  const parsed = milestonesField.safeParse(payload);
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: ['milestones', ...issue.path], message: issue.message });
  if (payload.every((m) => Number.isFinite(m.amount) && m.amount > 0))
    refineMilestones({ price: value.price, milestones: payload }, ctx);
}
