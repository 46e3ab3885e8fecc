import { msg } from '../i18n/msg.ts';

/**
 * What each identity check sends to the identity provider and why, shown on the verification screens
 * before the user sends it (docs/privacy.md "Consent and notices"). Without zod.
 *
 * These say exactly what the server's Dojah adapter (modules/identity/identity.dojah.ts) sends, as
 * identity.check-notice.test.ts checks on the queries that reach the provider: the NIN alone to the NIN
 * lookup; the BVN with the first and last name to the BVN check. The date of birth (NIN form) and the
 * phone number (BVN form) go no further than our server and are not kept. Documents go to no provider:
 * staff review them. Change these together with the adapter.
 */
export const IDENTITY_PROVIDER_NAME = 'Dojah';

export type IdentityCheckNotice = {
  title: string;
  /** What is sent to whom, and why. */
  sent: string;
  /** What is not sent, and how what is kept is kept. */
  kept: string;
};

/** The provider's name is written out in the texts (english-messages.test.ts checks it is IDENTITY_PROVIDER_NAME). */
export const IDENTITY_CHECK_NOTICES: Record<'NIN' | 'BVN' | 'DOCUMENT', IdentityCheckNotice> = {
  NIN: {
    title: msg('What we send to check your NIN'),
    sent: msg(
      'When you press Verify NIN, we send your NIN to our identity provider (Dojah) to look it up in the national identity register (NIMC). It tells us the first and last name on record, and we check they match the names on your profile.',
    ),
    kept: msg(
      'Your date of birth is not sent to the provider and not kept. We keep your NIN encrypted and show only its last four digits.',
    ),
  },
  BVN: {
    title: msg('What we send to check your BVN'),
    sent: msg(
      'When you press Verify BVN, we send your BVN, first name and last name to our identity provider (Dojah) to confirm they match the bank verification record (NIBSS).',
    ),
    kept: msg(
      'Your phone number is not sent to the provider and not kept. We keep your BVN encrypted and show only its last four digits.',
    ),
  },
  DOCUMENT: {
    title: msg('Who sees your document'),
    sent: msg(
      'Your document image and number are not sent to an identity provider. They are stored with us so that our staff can review them; only you and our review staff can open the image, and every time staff open it is recorded.',
    ),
    kept: msg(
      'We keep the document number encrypted and show it masked. Closing your account deletes the document and its image.',
    ),
  },
};
