import { z } from 'zod';

/** `{ success: true, data, message? }`: the only success shape the API answers with. */
export function ok<T>(data: T, message?: string) {
  return message === undefined ? { success: true as const, data } : { success: true as const, data, message };
}

/** Response schema for a success envelope around `data` (used in route declarations and OpenAPI). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

export const errorEnvelope = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
  /** The request's id (also its x-request-id header): what a user quotes to support. */
  requestId: z.string().optional(),
});
