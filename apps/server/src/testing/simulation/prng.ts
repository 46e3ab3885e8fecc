/**
 * A small seeded PRNG (mulberry32) so a simulation's choices are reproducible from its seed. Each actor
 * derives its own stream (`fork`), so one actor's extra draws do not shift another's sequence.
 */
export class Prng {
  private state: number;
  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A choice by weight: `[[weight, value], ...]`, weights ≥ 0 and at least one positive. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T {
    const total = choices.reduce((sum, [weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [weight, value] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices.at(-1)![1];
  }

  /** An independent stream for one actor, derived from this seed and the actor's number. */
  fork(stream: number): Prng {
    return new Prng(Math.imul(this.seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(stream + 1, 0xc2b2ae35));
  }
}

/** The seed from SIMULATION_SEED, or a random one (always printed, so a failure can be replayed). */
export function simulationSeed(fromEnv: string | undefined): number {
  if (fromEnv && /^\d+$/.test(fromEnv)) return Number(fromEnv) >>> 0;
  return Math.floor(Math.random() * 2 ** 32) >>> 0;
}
