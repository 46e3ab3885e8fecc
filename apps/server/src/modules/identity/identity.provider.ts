import type { IdentityKind } from '@escrow/shared/schemas/identity';

/** One NIN or BVN check as a provider sees it. */
export type IdentityQuery = {
  kind: IdentityKind;
  number: string;
  firstName: string;
  lastName: string;
  dateOfBirth?: string;
  phoneNumber?: string;
};

/**
 * What the provider said: the record's names (to compare with the profile), that the names it was
 * given did not match its record, or that the number does not exist. Anything else (network error,
 * timeout, 5xx, wrong credentials, an answer we cannot read) is thrown as IdentityProviderUnavailable.
 */
export type IdentityAnswer =
  | { status: 'FOUND'; firstName: string; lastName: string }
  | { status: 'NAME_MISMATCH' }
  | { status: 'NOT_FOUND' };

export interface IdentityProvider {
  readonly name: 'sandbox' | 'dojah';
  lookup(query: IdentityQuery): Promise<IdentityAnswer>;
}

/** The provider could not give an answer; nothing is recorded against the user (503). */
export class IdentityProviderUnavailable extends Error {
  constructor(
    message: string,
    readonly reason: 'network' | 'timeout' | 'server' | 'credentials' | 'malformed' | 'rate_limited',
  ) {
    super(message);
  }
}

/**
 * The default provider (docs/identity.md "Sandbox identities (default provider)"): 00000000000 is not found;
 * a number starting with 2 is found under another name (a name mismatch); 12345678901 and any other number
 * starting with 1 is found under the submitted names; anything else is not found. Same rules for NIN and BVN.
 */
export const sandboxIdentityProvider: IdentityProvider = {
  name: 'sandbox',
  async lookup(query) {
    if (query.number === '00000000000') return { status: 'NOT_FOUND' };
    if (query.number.startsWith('2')) return { status: 'FOUND', firstName: 'Sandbox', lastName: 'Mismatch' };
    if (query.number.startsWith('1'))
      return { status: 'FOUND', firstName: query.firstName, lastName: query.lastName };
    return { status: 'NOT_FOUND' };
  },
};
