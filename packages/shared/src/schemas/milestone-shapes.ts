import { z } from 'zod';
import { MILESTONE_STATUSES } from '../domain/milestones.ts';

/**
 * One milestone as the transaction view carries it (amounts in major units, dates as ISO strings;
 * `dueDate` a calendar day). Listed in the order given at create.
 */
export const milestoneViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  amount: z.number(),
  dueDate: z.string().nullable(),
  status: z.enum(MILESTONE_STATUSES),
  deliveredAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  /** The end of this milestone's inspection window once delivered: accepted then unless disputed. */
  autoReleaseAt: z.string().nullable(),
  inspectionExtendedAt: z.string().nullable(),
  /** What the seller said and sent with the delivery. */
  deliveryNote: z.string().nullable(),
  deliveryFiles: z.array(z.string()),
  trackingNumber: z.string().nullable(),
  /** What the seller receives when it is released (its amount less its part of the seller's fee share). */
  sellerReceives: z.number(),
});
export type MilestoneView = z.infer<typeof milestoneViewSchema>;
