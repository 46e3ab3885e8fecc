/**
 * A bounded map that forgets the least recently used key past `max` entries (a Map keeps insertion
 * order, so re-inserting on read moves a key to the young end).
 */
export class Lru<K, V> {
  readonly #map = new Map<K, V>();

  constructor(readonly max: number) {}

  get(key: K): V | undefined {
    const value = this.#map.get(key);
    if (value !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.max) this.#map.delete(this.#map.keys().next().value as K);
  }

  delete(key: K): void {
    this.#map.delete(key);
  }

  /** Drops every entry the predicate matches (a scan: for rare events such as a user's change). */
  deleteWhere(predicate: (value: V, key: K) => boolean): void {
    for (const [key, value] of this.#map) if (predicate(value, key)) this.#map.delete(key);
  }

  clear(): void {
    this.#map.clear();
  }

  get size(): number {
    return this.#map.size;
  }
}
