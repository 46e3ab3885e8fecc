// Start-up time and resident memory of the server, run from source with tsx and compiled (apps/server/dist),
// on the embedded database. Each run starts the server on a free port with a data directory that is already
// migrated and seeded (a restart, the usual case), times spawn → first 200 from GET /api/health, reads the
// process's CPU time (user + system) and resident memory (VmRSS) then, and its memory 5 s later, and stops
// it with SIGTERM. Runs alternate between the two ways so that the machine's load hits both alike. Prints
// medians. CPU time moves less than wall time with the machine's load.
//
//   node scripts/measure-startup.mjs [--runs 5] [--ways tsx,compiled,no-maps] [--database-url postgres://…]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildServer } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    ways: { type: 'string', default: 'tsx,compiled' },
    // A PostgreSQL database to use instead of the embedded one (created beforehand; migrated on the first start).
    'database-url': { type: 'string' },
  },
});
const runs = Number(values.runs);

const allWays = {
  tsx: ['--import', 'tsx', 'apps/server/src/server.ts'],
  compiled: ['--enable-source-maps', 'apps/server/dist/server.js'],
  // The same output without source maps, to see what they cost.
  'no-maps': ['apps/server/dist/server.js'],
};
const ways = Object.fromEntries(values.ways.split(',').map((name) => [name, allWays[name]]));

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) / 1024;
};

/** User + system CPU the process has used so far, in ms (clock ticks of 10 ms). */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function startOnce(args, dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(values['database-url']
        ? {
            DATABASE_URL: values['database-url'],
            SEED_DEMO: 'true',
            JWT_SECRET: 'startup-measurement-secret-that-is-long-enough-0123456789',
            IDENTITY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
          }
        : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((res) => res.status === 200)
        .catch(() => false);
      if (ok) break;
      await sleep(10);
    }
    const readyMs = performance.now() - started;
    const cpuReady = cpuMs(child.pid);
    const rssReady = rssMb(child.pid);
    await sleep(5000);
    return { readyMs, cpuReady, rssReady, rssSettled: rssMb(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

await buildServer();
const dataDir = mkdtempSync(path.join(tmpdir(), 'amana-startup-'));
try {
  // The first start migrates and seeds; it is not counted.
  await startOnce(allWays.compiled, dataDir);
  const results = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
  const loadBefore = loadavg()[0];
  for (let i = 0; i < runs; i++)
    for (const [name, args] of Object.entries(ways)) results[name].push(await startOnce(args, dataDir));
  console.log(values['database-url'] ? 'PostgreSQL' : 'embedded database (PGlite)');
  console.log(`node ${process.version}, load average ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}`);
  for (const [name, rows] of Object.entries(results)) {
    const ms = rows.map((r) => Math.round(r.readyMs)).join(', ');
    console.log(
      `${name.padEnd(8)} ready ${Math.round(median(rows.map((r) => r.readyMs)))} ms (${ms}); ` +
        `CPU until ready ${Math.round(median(rows.map((r) => r.cpuReady)))} ms; ` +
        `RSS at ready ${median(rows.map((r) => r.rssReady)).toFixed(0)} MB, ` +
        `5 s later ${median(rows.map((r) => r.rssSettled)).toFixed(0)} MB`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
