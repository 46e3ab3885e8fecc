/**
 * The bench's server processes and how the parent talks to them over IPC: a child says `ready` with
 * what the parent needs (ports, token, ids), answers `cpu` with its own process.cpuUsage() and the
 * time on the monotonic clock the CPU profiler also uses, and closes cleanly on `stop` (so that
 * --cpu-prof can write its profile).
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** CPU time used by a process so far (user + system, µs) and when it was read (µs, monotonic clock). */
export type CpuSample = { cpuUs: number; atUs: number };

type ToChild = { type: 'cpu'; id: number } | { type: 'stop' };
type FromChild = { type: 'ready'; info: unknown } | ({ type: 'cpu'; id: number } & CpuSample);

export const nowUs = () => Number(process.hrtime.bigint() / 1000n);

export function cpuSample(): CpuSample {
  const { user, system } = process.cpuUsage();
  return { cpuUs: user + system, atUs: nowUs() };
}

/** True when `moduleUrl` is the script the process was started with. */
export const isMain = (moduleUrl: string) => process.argv[1] === fileURLToPath(moduleUrl);

/** Child side: reports `info` to the parent, then serves CPU probes until told to stop. */
export function serveParent(info: unknown, close: () => Promise<void>) {
  process.on('message', (message: ToChild) => {
    if (message.type === 'cpu') process.send!({ type: 'cpu', id: message.id, ...cpuSample() } as FromChild);
    if (message.type === 'stop')
      void close()
        .catch((error) => console.error(error))
        .finally(() => process.exit(0));
  });
  // If the parent dies without saying stop, do not keep serving (or holding the scratch database).
  process.on('disconnect', () => process.exit(1));
  process.send!({ type: 'ready', info } as FromChild);
}

export type ChildServer<Info> = {
  info: Info;
  pid: number;
  cpu: () => Promise<CpuSample>;
  stop: () => Promise<void>;
};

/**
 * Starts `script` (a .ts file, run through the same tsx loader as this process) and waits until it is
 * ready. `stdout` is a file descriptor for the child's standard output (the app's request log).
 */
export function startChild<Info>(
  script: string,
  options: { env?: Record<string, string>; execArgv?: string[]; stdout?: number | 'inherit' } = {},
): Promise<ChildServer<Info>> {
  const child = fork(script, [], {
    env: { ...process.env, ...options.env },
    execArgv: [...process.execArgv, ...(options.execArgv ?? [])],
    stdio: ['ignore', options.stdout ?? 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { answer: (sample: CpuSample) => void; fail: (error: Error) => void }>();
  let nextId = 0;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const error = new Error(`${path.basename(script)} exited (code ${code})`);
      reject(error);
      for (const probe of waiting.values()) probe.fail(error);
    });
    child.on('message', (message: FromChild) => {
      if (message.type === 'cpu') {
        waiting.get(message.id)?.answer(message);
        waiting.delete(message.id);
      }
      if (message.type !== 'ready') return;
      resolve({
        info: message.info as Info,
        pid: child.pid!,
        cpu: () =>
          new Promise((answer, fail) => {
            const id = (nextId += 1);
            waiting.set(id, { answer, fail });
            child.send({ type: 'cpu', id } as ToChild);
          }),
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.send({ type: 'stop' } as ToChild);
          const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
          await exited;
          clearTimeout(timer);
        },
      });
    });
  });
}
