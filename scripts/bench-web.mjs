#!/usr/bin/env node
/**
 * Web bench: what each route of the built app loads (raw and gzip, from the Vite manifest) and the
 * Lighthouse scores (mobile settings, simulated throttling) of the public pages, measured against the
 * production server (built web app, real Fastify server on a free port, throwaway DATA_DIR).
 *
 *   npm run bench:web                      build (into a private temporary directory), then measure
 *   npm run bench:web -- --no-build        measure the existing apps/web/dist
 *   npm run bench:web -- --dist=dir        measure a build kept elsewhere (e.g. to compare before/after)
 *   npm run bench:web -- --runs=3          Lighthouse 3 times per page, the median run is reported
 *   npm run bench:web -- --sizes-only      bundle sizes only (no server, no browser)
 *   npm run bench:web -- --json=out.json   also write the figures as JSON
 *   npm run bench:web -- --url=http://host:port   Lighthouse against a server that is already running
 *   npm run bench:web -- --pages=/,/login  only these pages (default: /, /legal/privacy-policy, /login)
 *
 * The JSON also holds, per page, every run's figures, and for the median run the long tasks, the
 * script boot-up time, the unused JavaScript and the main-thread work by category; the load average
 * (/proc/loadavg) before and after is printed and stored, since a busy machine inflates TBT.
 *
 * Results and their interpretation: docs/performance.md (Web section).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = 'true'] = arg.replace(/^--/, '').split('=');
    return [key, value];
  }),
);
const shouldBuild = !args.has('no-build') && !args.has('dist');
// A private build: nothing else that builds apps/web/dist at the same time can change it mid-run.
const dist = shouldBuild
  ? mkdtempSync(path.join(tmpdir(), 'escrow-bench-dist-'))
  : path.resolve(args.get('dist') ?? path.join(root, 'apps/web/dist'));
const RUNS = Math.max(1, Number(args.get('runs') ?? 1));
const PAGES = args.has('pages') ? args.get('pages').split(',') : ['/', '/legal/privacy-policy', '/login'];
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The budget from the task: initial JavaScript for `/` under 120 KB gzipped. */
const LANDING_JS_BUDGET_GZIP = 120 * 1024;

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function build() {
  console.log(`Building the web app into ${dist} ...`);
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('web build failed');
}

/** Per route: the files a first visit downloads before the page renders (entry + route chunk, with static imports). */
function bundleSizes() {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no Vite manifest at ${manifestPath}: build first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const sizeCache = new Map();
  const sizeOf = (file) => {
    if (!sizeCache.has(file)) {
      const bytes = readFileSync(path.join(dist, file));
      sizeCache.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    }
    return sizeCache.get(file);
  };
  const closure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return seen;
  };
  const measure = (keys) => {
    const chunks = [...closure(keys)];
    const js = chunks.map((k) => sizeOf(manifest[k].file));
    const css = [...new Set(chunks.flatMap((k) => manifest[k].css ?? []))].map(sizeOf);
    const sum = (list, field) => list.reduce((total, s) => total + s[field], 0);
    return {
      files: chunks.length,
      jsRaw: sum(js, 'raw'),
      jsGzip: sum(js, 'gzip'),
      cssRaw: sum(css, 'raw'),
      cssGzip: sum(css, 'gzip'),
      chunks: chunks.map((k) => manifest[k].file),
    };
  };
  const routes = Object.keys(manifest)
    .filter((key) => key.startsWith('src/app/routes/') && manifest[key].isDynamicEntry)
    .sort();
  // A first visit to `/` starts with the landing shell (no router); every other page with the router
  // app (apps/web/src/main.tsx). A build from before that split has neither: the entry held the router.
  const LANDING_SHELL = 'src/app/landing-shell.tsx';
  const ROUTER_APP = 'src/app/router-app.tsx';
  const start = (key) => ['index.html', ...(manifest[ROUTER_APP] ? [ROUTER_APP] : []), key];
  const rows = [{ route: 'entry (index.html)', ...measure(['index.html']) }];
  // `/` loads what index.html names (the entry and the modulepreloads of the landing code) and, in a
  // build from before the split, the landing route chunk and its imports.
  const announced = [
    ...readFileSync(path.join(dist, 'index.html'), 'utf8').matchAll(
      /<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g,
    ),
  ].map((match) => Object.keys(manifest).find((key) => manifest[key].file === match[1]));
  const landingKeys = [
    ...announced.filter(Boolean),
    ...(manifest[LANDING_SHELL] ? [LANDING_SHELL] : []),
    ...(manifest[ROUTER_APP] ? [] : ['src/app/routes/landing.tsx']),
  ];
  rows.push({ route: 'landing (/)', ...measure(landingKeys) });
  for (const key of routes) {
    const route = key.replace('src/app/routes/', '').replace(/\.tsx$/, '');
    if (route !== 'landing') rows.push({ route, ...measure(start(key)) });
  }
  return rows;
}

function printSizes(rows) {
  console.log(
    '\nInitial download per route (entry, landing shell or router app, route chunk, and their static imports):\n',
  );
  console.log(
    `${'route'.padEnd(34)}${'JS raw'.padStart(11)}${'JS gzip'.padStart(11)}${'CSS gzip'.padStart(11)}  files`,
  );
  for (const row of rows) {
    console.log(
      `${row.route.padEnd(34)}${kb(row.jsRaw).padStart(11)}${kb(row.jsGzip).padStart(11)}${kb(row.cssGzip).padStart(11)}  ${row.files}`,
    );
  }
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function startProductionServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'escrow-bench-web-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: dist,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not become ready within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, stop };
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** What Lighthouse says about the run's JavaScript: where the main-thread time went and what was unused. */
function diagnostics(lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const shortUrl = (url) => (url.startsWith('http') ? new URL(url).pathname : url);
  return {
    longTasks: items('long-tasks').map((t) => ({
      url: shortUrl(t.url),
      startMs: Math.round(t.startTime),
      durationMs: Math.round(t.duration),
    })),
    bootupTime: items('bootup-time').map((t) => ({
      url: shortUrl(t.url),
      totalMs: Math.round(t.total),
      scriptingMs: Math.round(t.scripting),
      parseCompileMs: Math.round(t.scriptParseCompile),
    })),
    mainThreadWork: Object.fromEntries(
      items('mainthread-work-breakdown').map((t) => [t.group, Math.round(t.duration)]),
    ),
    unusedJavaScript: items('unused-javascript').map((t) => ({
      url: shortUrl(t.url),
      transferredBytes: t.totalBytes,
      unusedBytes: t.wastedBytes,
    })),
    scripts: items('network-requests')
      .filter((r) => r.resourceType === 'Script')
      .map((r) => ({ url: shortUrl(r.url), transferredBytes: r.transferSize })),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function runLighthouse(baseUrl) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const results = [];
  try {
    for (const pagePath of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        // A headless trace now and then fails to record (NO_NAVSTART, NO_FCP); such a run is retried.
        let lhr;
        for (let attempt = 1; ; attempt += 1) {
          ({ lhr } = await lighthouse(`${baseUrl}${pagePath}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          }));
          if (!lhr.runtimeError) break;
          if (attempt === 3)
            throw new Error(`Lighthouse could not measure ${pagePath}: ${lhr.runtimeError.message}`);
          console.warn(`  ${pagePath}: ${lhr.runtimeError.code}, measuring again`);
        }
        runs.push(lhr);
      }
      const metric = (r, id) => r.audits[id].numericValue;
      const perf = median(runs.map((r) => r.categories.performance.score));
      const lhr = runs.find((r) => r.categories.performance.score === perf);
      const audit = (id) => lhr.audits[id];
      results.push({
        page: pagePath,
        formFactor: lhr.configSettings.formFactor,
        scores: Object.fromEntries(
          Object.entries(lhr.categories).map(([id, category]) => [id, Math.round(category.score * 100)]),
        ),
        metrics: Object.fromEntries(
          [
            'first-contentful-paint',
            'largest-contentful-paint',
            'total-blocking-time',
            'cumulative-layout-shift',
            'speed-index',
          ].map((id) => [id, audit(id).displayValue]),
        ),
        transferred: audit('total-byte-weight').displayValue,
        runs: runs.map((r) => ({
          performance: Math.round(r.categories.performance.score * 100),
          tbtMs: Math.round(metric(r, 'total-blocking-time')),
          fcpMs: Math.round(metric(r, 'first-contentful-paint')),
          lcpMs: Math.round(metric(r, 'largest-contentful-paint')),
          transferredBytes: metric(r, 'total-byte-weight'),
        })),
        diagnostics: diagnostics(lhr),
        failing: Object.values(lhr.categories)
          .flatMap((category) => category.auditRefs)
          .map((ref) => lhr.audits[ref.id])
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 0.9 &&
              a.scoreDisplayMode !== 'informative' &&
              a.scoreDisplayMode !== 'manual',
          )
          .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`),
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

function printLighthouse(results) {
  console.log(
    `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}against the production server, mobile settings:\n`,
  );
  for (const r of results) {
    const s = r.scores;
    console.log(
      `${r.page.padEnd(24)} performance ${s.performance}  accessibility ${s.accessibility}  best-practices ${s['best-practices']}  seo ${s.seo}`,
    );
    console.log(
      `${''.padEnd(24)} FCP ${r.metrics['first-contentful-paint']}  LCP ${r.metrics['largest-contentful-paint']}  TBT ${r.metrics['total-blocking-time']}  CLS ${r.metrics['cumulative-layout-shift']}  SI ${r.metrics['speed-index']}  transferred ${r.transferred}`,
    );
    console.log(
      `${''.padEnd(24)} runs (performance/TBT): ${r.runs.map((run) => `${run.performance}/${run.tbtMs} ms`).join(', ')}`,
    );
    const longest = r.diagnostics.longTasks
      .slice(0, 3)
      .map((t) => `${t.durationMs} ms ${t.url}`)
      .join(', ');
    if (longest) console.log(`${''.padEnd(24)} longest tasks: ${longest}`);
    if (r.failing.length) console.log(`${''.padEnd(24)} below 90: ${r.failing.join(', ')}`);
  }
}

async function main() {
  if (shouldBuild) build();
  const sizes = bundleSizes();
  printSizes(sizes);
  const landing = sizes.find((row) => row.route === 'landing (/)');
  const withinBudget = landing && landing.jsGzip < LANDING_JS_BUDGET_GZIP;
  console.log(
    `\nInitial JS for / : ${kb(landing?.jsGzip ?? 0)} gzip (budget ${kb(LANDING_JS_BUDGET_GZIP)}): ${withinBudget ? 'OK' : 'OVER BUDGET'}`,
  );

  let lighthouseResults = [];
  const load = { before: loadAverage(), after: null };
  if (!args.has('sizes-only')) {
    console.log(`\nLoad average before Lighthouse: ${load.before}`);
    if (args.has('url')) {
      lighthouseResults = await runLighthouse(args.get('url').replace(/\/$/, ''));
    } else {
      const server = await startProductionServer();
      try {
        lighthouseResults = await runLighthouse(server.url);
      } finally {
        await server.stop();
      }
    }
    load.after = loadAverage();
    printLighthouse(lighthouseResults);
    console.log(`\nLoad average after Lighthouse: ${load.after}`);
  }
  if (args.has('json')) {
    writeFileSync(args.get('json'), JSON.stringify({ load, sizes, lighthouse: lighthouseResults }, null, 2));
  }
  if (!withinBudget) process.exitCode = 1;
  if (shouldBuild) rmSync(dist, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
