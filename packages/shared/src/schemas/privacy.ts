import { z } from 'zod';
import { CLOSURE_BLOCKER_CODES } from '../texts/privacy.ts';
import { AUTH_TEXT } from './auth.ts';
import { msg } from '../i18n/msg.ts';

/**
 * The user's privacy rights (docs/privacy.md): closing the account and downloading their data:
 * the shapes of their calls, shared by the server and the web app.
 */

// Texts: texts/privacy.ts (zod-free, what screens import); re-exported for forms and the server.
export {
  CLOSED_ACCOUNT_NAME,
  CLOSURE_BLOCKER_CODES,
  closureBlockerText,
  PRIVACY_TEXT,
  type ClosureBlockerCode,
} from '../texts/privacy.ts';

export const closureBlockerSchema = z.object({
  code: z.enum(CLOSURE_BLOCKER_CODES),
  message: z.string(),
});
export type ClosureBlocker = z.infer<typeof closureBlockerSchema>;

/** GET /auth/me/closure: whether the account can be closed now, and what blocks it. */
export const closureCheckSchema = z.object({
  canClose: z.boolean(),
  blockers: z.array(closureBlockerSchema),
});
export type ClosureCheck = z.infer<typeof closureCheckSchema>;

/** POST /auth/me/close; with two-factor sign-in on, a code in `X-Two-Factor-Code` (docs/security.md). */
export const closeAccountSchema = z
  .object({
    password: z
      .string({ error: AUTH_TEXT.passwordRequired })
      .min(1, AUTH_TEXT.passwordRequired)
      .max(128, msg('Password must be at most 128 characters')),
  })
  .strict();
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;

export const DATA_EXPORT_STATUSES = ['PENDING', 'READY', 'FAILED', 'EXPIRED'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** How long a prepared export can be downloaded, and how often one may be asked for. */
export const DATA_EXPORT_TTL_DAYS = 7;
export const DATA_EXPORT_INTERVAL_HOURS = 24;

export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Bytes of the ZIP once READY. */
  size: z.number().int().nullable(),
  /** `/api/auth/me/exports/{id}/download` while READY, else null. */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /auth/me/exports: the newest first, and when the next one may be asked for (null: now). */
export const dataExportListSchema = z.object({
  exports: z.array(dataExportSchema),
  nextRequestAt: z.string().nullable(),
});
export type DataExportList = z.infer<typeof dataExportListSchema>;

/**
 * A user's export as the console shows it to staff (docs/privacy.md "Consent and notices"): its state
 * and times, never the file, its size or a download link (staff cannot download a user's export).
 * `failedAt` is when it became FAILED; an EXPIRED export expired at `expiresAt`.
 */
export const staffDataExportSchema = dataExportSchema
  .pick({ id: true, status: true, requestedAt: true, readyAt: true, expiresAt: true })
  .extend({ failedAt: z.string().nullable() });
export type StaffDataExport = z.infer<typeof staffDataExportSchema>;

export const dataExportDownloadUrl = (id: string) =>
  `/api/auth/me/exports/${encodeURIComponent(id)}/download`;
