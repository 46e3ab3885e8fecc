/**
 * A message's id is its English text (the spec's texts stay where they are, and a catalogue maps each
 * to its translation: docs/languages.md). The web build keys compiled catalogues by this short hash of
 * the id instead of the whole English text, so a catalogue carries only translations. cyrb53: a 53-bit
 * string hash, fast and small; the catalogue build refuses two ids with one key.
 */
export function messageKey(id: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < id.length; i++) {
    const ch = id.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
