/**
 * Person names as identity checks compare them (docs/identity.md; docs/privacy.md "Correct my data").
 * Zod-free: the profile form reads it to warn before a name change that withdraws a verified check.
 */

/** Case- and accent-insensitive comparison form of a name ('Adéọlá ' → 'adeola'). */
export function normalizeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export type PersonName = { firstName: string; lastName: string };

/**
 * Whether two first-and-last names are the same name for identity checks: a change of case, accents,
 * spacing or punctuation only ('adeola' → 'Adéọlá') is not a change; any other is.
 */
export function sameLegalName(a: PersonName, b: PersonName): boolean {
  return (
    normalizeName(a.firstName) === normalizeName(b.firstName) &&
    normalizeName(a.lastName) === normalizeName(b.lastName)
  );
}
