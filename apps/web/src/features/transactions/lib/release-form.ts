import { z } from 'zod';
import { manualReleaseSchema } from '@escrow/shared/schemas/payment-conditions';
import { PAYMENT_CONDITION_TEXT } from '@escrow/shared/texts/payment-conditions';
import { lagosMoment } from '../../../lib/dates';

/*
 * The release forms' schemas. The time release is typed as a date (dd/mm/yyyy, read to ISO by
 * lib/dates `dateValue`) and a time, both Lagos time (WAT, as labelled) whatever the device's zone;
 * together they must be a moment after now, sent as the ISO moment
 * the server's `releaseDateSchema` reads.
 */
export type TimeReleaseValues = { releaseDate: string; releaseTime: string };

const required = PAYMENT_CONDITION_TEXT.releaseDateRequired;

export function timeReleaseFormSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      releaseDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, required),
      releaseTime: z.string().regex(/^\d{2}:\d{2}$/, required),
    })
    .transform(({ releaseDate, releaseTime }, ctx) => {
      const moment = lagosMoment(releaseDate, releaseTime);
      if (Number.isNaN(moment.getTime())) {
        ctx.addIssue({ code: 'custom', path: ['releaseDate'], message: required });
        return z.NEVER;
      }
      if (moment.getTime() <= now().getTime()) {
        ctx.addIssue({
          code: 'custom',
          path: ['releaseDate'],
          message: PAYMENT_CONDITION_TEXT.releaseDatePast,
        });
        return z.NEVER;
      }
      return { releaseDate: moment.toISOString() };
    });
}

/** The manual release's one field, as the server checks it. */
export const manualReleaseFormSchema = manualReleaseSchema.pick({ reason: true });
