import { setTimeout as sleep } from 'node:timers/promises';
import type { FaultProxy } from './db-proxy.ts';
import type { SimRedis } from './sim-redis.ts';
import type { ServerInstance } from './instances.ts';
import type { Prng } from './prng.ts';

export type FaultRecord = { t: number; fault: string; detail: string; ms: number };

export type FaultTargets = {
  proxy: FaultProxy;
  redis: SimRedis;
  instances: ServerInstance[];
  /** Ends every backend of the simulation's database; answers how many. */
  terminateBackends: () => Promise<number>;
  /** Checks the invariants between two faults. */
  checkpoint: () => Promise<void>;
  startedAt: number;
};

const FAULTS = [
  [4, 'terminate-backends'],
  [3, 'cut-database'],
  [2, 'stop-redis'],
  [2, 'kill-instance'],
] as const;

/**
 * The fault schedule, drawn from its own PRNG: one fault at a time, each healed before a pause, and a
 * checkpoint of the invariants every ~20 s. Returns what was injected, for the report.
 */
export async function runFaults(
  targets: FaultTargets,
  prng: Prng,
  until: number,
  problems: string[],
): Promise<FaultRecord[]> {
  const log: FaultRecord[] = [];
  let lastCheckpoint = Date.now();
  await sleep(prng.int(2000, 4000));
  // Every kind once (in a seeded order), then drawn by weight.
  const firsts = FAULTS.map(([, fault]) => fault).sort(() => prng.next() - 0.5);
  while (Date.now() < until - 8000) {
    const fault = firsts.shift() ?? prng.weighted(FAULTS);
    const started = Date.now();
    let detail = '';
    try {
      detail = await inject(targets, prng, fault);
    } catch (error) {
      problems.push(`fault ${fault} could not be healed: ${(error as Error).message}`);
      detail = 'FAILED';
    }
    log.push({ t: started - targets.startedAt, fault, detail, ms: Date.now() - started });
    await sleep(prng.int(1500, 4000));
    if (Date.now() - lastCheckpoint > 20_000) {
      await targets.checkpoint();
      lastCheckpoint = Date.now();
    }
  }
  return log;
}

async function inject(targets: FaultTargets, prng: Prng, fault: (typeof FAULTS)[number][1]) {
  switch (fault) {
    case 'terminate-backends': {
      const bursts = prng.int(1, 3);
      let ended = 0;
      for (let i = 0; i < bursts; i += 1) {
        ended += await targets.terminateBackends();
        await sleep(prng.int(50, 600));
      }
      return `${bursts} burst(s), ${ended} backends ended`;
    }
    case 'cut-database': {
      const hold = prng.int(1000, 6000);
      await targets.proxy.cut();
      await sleep(hold);
      await targets.proxy.restore();
      return `cut for ${hold} ms`;
    }
    case 'stop-redis': {
      const hold = prng.int(2000, 8000);
      await targets.redis.stop();
      // Sometimes an instance also restarts while Redis is away (it must start without it).
      const restart = prng.chance(0.4) ? prng.pick(targets.instances) : null;
      if (restart) {
        await restart.kill();
        await restart.start();
      }
      await sleep(hold);
      await targets.redis.start();
      return `stopped for ${hold} ms${restart ? `, ${restart.name} SIGKILLed and restarted meanwhile` : ''}`;
    }
    case 'kill-instance': {
      const instance = prng.pick(targets.instances);
      const hold = prng.int(500, 3000);
      await instance.kill();
      await sleep(hold);
      const restarting = Date.now();
      await instance.start();
      return `${instance.name} SIGKILLed, down ${hold} ms, ready ${Date.now() - restarting} ms after restart`;
    }
  }
}

/** Everything back: the database reachable, Redis up, every instance running. */
export async function healAll(targets: FaultTargets): Promise<void> {
  if (!targets.proxy.isOpen) await targets.proxy.restore();
  if (!targets.redis.running) await targets.redis.start();
  for (const instance of targets.instances) if (!instance.running) await instance.start();
}
