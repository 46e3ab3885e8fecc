import type { SimClient } from './client.ts';
import type { FaultRecord } from './faults.ts';
import { tailOf, type ServerInstance, type UnexpectedExit } from './instances.ts';
import { definitiveAnswers, type World } from './world.ts';

export type RunFacts = {
  seed: number;
  seconds: number;
  elapsedMs: number;
  world: World;
  client: SimClient;
  faults: FaultRecord[];
  exits: UnexpectedExit[];
  instances: ServerInstance[];
  logDir: string;
};

const counted = (values: string[]) => {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k}: ${n}`).join(', ');
};

/** The run in a few lines: seed, duration, operations, faults, keys, where transactions ended. */
export function summary(facts: RunFacts): string {
  const { world, client } = facts;
  const keys = [...world.keyed.values()].map((r) => {
    const last = definitiveAnswers(r).at(-1);
    return `${r.kind} ${last ? last.status : 'open'}`;
  });
  const ops = [...world.opCounts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, n]) => `${k}: ${n}`);
  return [
    `fault simulation: seed ${facts.seed} (replay: SIMULATION_SEED=${facts.seed} SIMULATION_SECONDS=${facts.seconds})`,
    `  ${(facts.elapsedMs / 1000).toFixed(1)} s in all, ${client.log.length} requests, ${world.users.length} users, ${world.txs.length} transactions, ${client.timeouts.length} timed out`,
    `  operations (op status: count): ${ops.join(', ')}`,
    `  faults: ${counted(facts.faults.map((f) => f.fault))}`,
    ...facts.faults.map((f) => `    +${(f.t / 1000).toFixed(1)}s ${f.fault}: ${f.detail}`),
    `  keys (kind last definitive answer): ${counted(keys)}`,
    `  transactions by last known status: ${counted(world.txs.map((t) => t.status))}`,
    `  server logs: ${facts.logDir}`,
  ].join('\n');
}

/** What a failure prints: the problems, the seed, the last operations, how each instance ended. */
export function failureReport(facts: RunFacts, problems: string[]): string {
  return [
    `${problems.length} problem(s) in the fault simulation, seed ${facts.seed}:`,
    ...problems.slice(0, 60).map((p) => `  - ${p}`),
    problems.length > 60 ? `  ... and ${problems.length - 60} more` : '',
    ...facts.exits.map(
      (e) => `instance ${e.instance} exited on its own (code ${e.code}, signal ${e.signal}):\n${e.logTail}`,
    ),
    `last operations:\n${facts.client.tail(150)}`,
    ...facts.instances.map((i) => `log of ${i.name} (${i.logFile}), last lines:\n${tailOf(i.logFile, 25)}`),
    summary(facts),
  ].join('\n');
}
