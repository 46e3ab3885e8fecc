import { msg } from '../i18n/msg.ts';

/**
 * The privacy notice (the Privacy Policy at /legal/privacy-policy) and the consent to it at sign-up
 * (docs/privacy.md "Consent and notices"), without zod: the sign-up form, the notice page and
 * Profile → Privacy import them from here, the server's sign-up schema too.
 *
 * PRIVACY_NOTICE_VERSION is the one source of truth for the notice's version: the notice page shows it,
 * and POST /auth/signup records it (with the time) on the account that accepted it. Change the version
 * and the effective date whenever the notice's text changes; accounts keep the version they accepted.
 */
export const PRIVACY_NOTICE_VERSION = '1.0';
/** The day this version took effect (ISO date; shown through the web's date formatting). */
export const PRIVACY_NOTICE_EFFECTIVE_DATE = '2025-11-01';
/** Where the notice is read (same site; the sign-up form opens it in a new tab). */
export const PRIVACY_NOTICE_PATH = '/legal/privacy-policy';

export const CONSENT_TEXT = {
  /** The sign-up checkbox's label; "Privacy Policy" in it is the link to the notice. */
  checkboxBefore: msg('I have read and accept the '),
  linkLabel: msg('Privacy Policy'),
  /** The field message of a sign-up without acceptance (form and API alike). */
  required: msg('Please accept the Privacy Policy to create an account'),
  /** Profile → Privacy and the console, when an account's acceptance was recorded. */
  accepted: (version: string, date: string) =>
    `You accepted the Privacy Policy (version ${version}) on ${date}`,
  acceptedMessage: msg('You accepted the Privacy Policy (version {version}) on {date}'),
  /** Accounts made by the create-admin command or the demo seed, before consent was recorded. */
  notRecorded: msg('Not recorded'),
} as const;
