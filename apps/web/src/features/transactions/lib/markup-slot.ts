/** Stands for the value while its sentence is translated: a private-use character no text contains. */
const SLOT = '\uE000';

/**
 * A value shown in its own markup inside a sentence ('Paying <span>{email}</span>'): the sentence is
 * translated whole, with a stand-in for the value, then split around it, so each language puts the value
 * where its sentence needs it. `translate` gets the stand-in to pass as the value.
 */
export function aroundValue(translate: (slot: string) => string): [before: string, after: string] {
  const [before = '', after = ''] = translate(SLOT).split(SLOT);
  return [before, after];
}
