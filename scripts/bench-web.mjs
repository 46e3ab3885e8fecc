#!/usr/bin/env node
/**
 * Web bench: what each route of the built app loads (raw and gzip, from the Vite manifest) and the
 * Lighthouse scores (mobile settings, simulated throttling) of its pages, measured against the
 * production server (built web app, real Fastify server on a free port, throwaway DATA_DIR).
 *
 *   npm run bench:web                      build (into a private temporary directory), then measure
 *   npm run bench:web -- --no-build        measure the existing apps/web/dist
 *   npm run bench:web -- --dist=dir        measure a build kept elsewhere (e.g. to compare before/after)
 *   npm run bench:web -- --runs=3          Lighthouse 3 times per page, the median run is reported
 *   npm run bench:web -- --sizes-only      bundle sizes only (no server, no browser)
 *   npm run bench:web -- --json=out.json   also write the figures as JSON
 *   npm run bench:web -- --lhr-dir=dir     also keep each page's median Lighthouse report (JSON) there
 *   npm run bench:web -- --artifacts-dir=dir   also keep every run's Lighthouse artifacts (trace, network
 *                                          log) there, for `lighthouse -A` or a Lantern simulation
 *   npm run bench:web -- --install-prompt=shown   let signed-in pages show the Install card (see
 *                                          SHOW_INSTALL_PROMPT below for why the default hides it)
 *   npm run bench:web -- --url=http://host:port   Lighthouse against a server that is already running
 *   npm run bench:web -- --pages=/,/login  only these pages (default: /, /legal/privacy-policy, /login)
 *   npm run bench:web -- --pages=first     the pages people open first: sign-in, sign-up, a join link,
 *                                          the dashboard, a transaction's details and the wallet
 *   npm run bench:web -- --language=yo     the pages in another language (en, pcm, yo, ha, ig): chosen on
 *                                          the device (localStorage) before each run; the landing page's
 *                                          initial JS counts its texts (docs/languages.md)
 *
 * Pages under /app/ are measured signed in, with real data: before Lighthouse the bench signs up a
 * seller and a buyer through the API, the seller creates two transactions, the buyer joins the first
 * and deposits into the wallet; `{transaction}` in a page stands for the joined transaction's id and
 * `{invite}` for the second one's invitation code (the buyer has not joined it). The buyer's token is put
 * where the app keeps it (localStorage `authToken`) before each signed-in run and removed before the
 * others. Every run must end on the page asked for, with its heading (`h1`) on screen and a largest
 * paint that is not the session spinner: a run that ends on /login, or on a spinner, fails the bench
 * instead of being measured as the page.
 *
 * The JSON also holds, per page, every run's figures, and for the median run the long tasks, the
 * script boot-up time, the unused JavaScript and the main-thread work by category; the load average
 * (/proc/loadavg) before and after is printed and stored, since a busy machine inflates TBT. Each run also
 * gives Lighthouse's benchmarkIndex (how fast it found this machine's CPU) and the CPU blocking time (see
 * cpuBlocking), which, unlike TBT, does not move with what else the machine is running.
 *
 * Results and their interpretation: docs/performance.md (Web section).
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
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
const LANGUAGE = args.get('language') ?? 'en';
if (!['en', 'pcm', 'yo', 'ha', 'ig'].includes(LANGUAGE))
  throw new Error(`--language=${LANGUAGE}: not a language`);
/** The pages a signed-out or signed-in person opens first (docs/performance.md). */
const FIRST_PAGES = [
  '/login',
  '/signup',
  '/app/join-transaction/{invite}',
  '/app/dashboard',
  '/app/transactions/{transaction}',
  '/app/wallet',
];
const PAGES = !args.has('pages')
  ? ['/', '/legal/privacy-policy', '/login']
  : args.get('pages') === 'first'
    ? FIRST_PAGES
    : args.get('pages').split(',');
const signedIn = (pagePath) => pagePath.startsWith('/app/');
const slugOf = (pagePath) => pagePath.replace(/^\//, '').replace(/[^a-zA-Z0-9]+/g, '-') || 'landing';
/**
 * Chrome fires `beforeinstallprompt` as soon as a page is installable in headless Chromium, but on a
 * phone only after the person has tapped the site and spent some time on it (web.dev/install-criteria).
 * So a first visit on a phone never shows the app's Install card over the first screen, while in the
 * bench it would show at once and, as the largest text painted last, be taken for the page's LCP. The
 * bench therefore measures as a person who has not been offered installation yet (the card dismissed
 * for the session); `--install-prompt=shown` measures with the card.
 */
const SHOW_INSTALL_PROMPT = args.get('install-prompt') === 'shown';
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
  // A lazily loaded module the build merged into a group (apps/web/vite.config.ts, loadingUnits) has
  // no manifest entry of its own: .vite/lazy-modules.json says which file holds it.
  const lazyModulesPath = path.join(dist, '.vite/lazy-modules.json');
  const lazyModules = existsSync(lazyModulesPath) ? JSON.parse(readFileSync(lazyModulesPath, 'utf8')) : {};
  const chunkOf = (sourceKey) =>
    manifest[sourceKey]
      ? sourceKey
      : Object.keys(manifest).find((key) => manifest[key].file === lazyModules[sourceKey]);
  const routesDir = path.join(root, 'apps/web/src/app/routes');
  const routes = readdirSync(routesDir, { recursive: true })
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .map((file) => `src/app/routes/${file.split(path.sep).join('/')}`)
    .map((key) => ({ key, chunk: chunkOf(key) }))
    .filter(({ chunk }) => chunk)
    .sort((a, b) => a.key.localeCompare(b.key));
  // A first visit to `/` starts with the landing shell (no router); every other page with the router
  // app (apps/web/src/main.tsx). A build from before that split has neither: the entry held the router.
  const LANDING_SHELL = 'src/app/landing-shell.tsx';
  const ROUTER_APP = chunkOf('src/app/router-app.tsx');
  // Every page but the public ones (landing, legal) also loads the providers (session, data cache,
  // toasts), and a page under /app/ its parent route, the signed-in shell: both are part of its first visit.
  const PROVIDERS = chunkOf('src/app/providers.tsx');
  const APP_ROOT = chunkOf('src/app/routes/app/app-root.tsx');
  const optional = (...keys) => keys.filter((key) => key && manifest[key]);
  const start = ({ key, chunk }) => [
    'index.html',
    ...optional(ROUTER_APP),
    ...(key.endsWith('/legal.tsx') ? [] : optional(PROVIDERS)),
    ...(key.startsWith('src/app/routes/app/') ? optional(APP_ROOT) : []),
    chunk,
  ];
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
    ...(ROUTER_APP ? [] : ['src/app/routes/landing.tsx']),
  ];
  // The first page's texts come with it (apps/web/src/lib/i18n.ts): English's and, in another
  // language, that language's `public` catalogue.
  const catalogues = [...new Set(['en', LANGUAGE])].map((language) => {
    const file = readdirSync(path.join(dist, 'assets')).find(
      (name) => name.startsWith(`i18n-${language}-public-`) && name.endsWith('.js'),
    );
    if (!file) throw new Error(`no ${language} public catalogue in the build`);
    return sizeOf(`assets/${file}`);
  });
  const landing = measure(landingKeys);
  rows.push({
    route: `landing (/, ${LANGUAGE})`,
    ...landing,
    files: landing.files + catalogues.length,
    jsRaw: landing.jsRaw + catalogues.reduce((sum, size) => sum + size.raw, 0),
    jsGzip: landing.jsGzip + catalogues.reduce((sum, size) => sum + size.gzip, 0),
  });
  for (const route of routes) {
    const name = route.key.replace('src/app/routes/', '').replace(/\.tsx$/, '');
    if (name !== 'landing') rows.push({ route: name, ...measure(start(route)) });
  }
  return rows;
}

function printSizes(rows) {
  console.log(
    '\nInitial download per route (entry, landing shell or router app, providers, signed-in shell, route chunk, and their static imports):\n',
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
    // An API path asked for twice during the load: most likely an early request (app/screens.ts) whose
    // path no longer matches what the screen asks for.
    repeatedApiCalls: items('network-requests')
      .filter((r) => r.resourceType === 'Fetch' && new URL(r.url).pathname.startsWith('/api/'))
      .map((r) => new URL(r.url).pathname + new URL(r.url).search)
      .filter((url, i, all) => all.indexOf(url) !== i),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Calls the API as a client of the app would; set-up only, so any failure stops the bench. */
async function callApi(baseUrl, method, url, { token, body } = {}) {
  const response = await fetch(`${baseUrl}/api${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = await response.json();
  if (!payload.success) throw new Error(`${method} ${url}: ${response.status} ${payload.error}`);
  return payload.data;
}

/**
 * The data the signed-in pages show, made through the API: a seller with two transactions, a buyer who
 * joined the first one and deposited into the wallet. Returns the buyer's token and what the page
 * placeholders stand for.
 */
async function prepareSignedInData(baseUrl) {
  const person = async (firstName) => {
    const account = {
      email: `bench-${firstName.toLowerCase()}-${Date.now()}@example.com`,
      password: 'bench-horse-battery-9',
      firstName,
      lastName: 'Bench',
    };
    // The account speaks the bench's language (its saved language wins over the device's once signed in).
    await callApi(baseUrl, 'POST', '/auth/signup', {
      body: { ...account, acceptPrivacyNotice: true, language: LANGUAGE },
    });
    const { token } = await callApi(baseUrl, 'POST', '/auth/login', {
      body: { email: account.email, password: account.password },
    });
    // A returning user: the first-visit tour (a dialog over the dashboard) is done.
    await callApi(baseUrl, 'PUT', '/auth/me', { token, body: { onboardingCompleted: true } });
    return token;
  };
  const seller = await person('Tunde');
  const buyer = await person('Adaeze');
  const listing = (description, price) =>
    callApi(baseUrl, 'POST', '/transactions/create', {
      token: seller,
      body: {
        creatorRole: 'SELLER',
        useCourier: false,
        description,
        price,
        itemType: 'Physical Product',
        itemCategory: 'Electronics',
        itemCondition: 'Brand New',
      },
    });
  const joined = await listing('Samsung Galaxy A54, 128 GB, black', 285_000);
  const open = await listing('Tecno Camon 30 with charger', 190_000);
  await callApi(baseUrl, 'POST', '/transactions/join', {
    token: buyer,
    body: { inviteCode: joined.invitation.code },
  });
  await callApi(baseUrl, 'POST', '/wallet/deposit', { token: buyer, body: { amount: 50_000 } });
  return {
    token: buyer,
    placeholders: { transaction: joined.transaction.id, invite: open.invitation.code },
  };
}

async function runLighthouse(baseUrl) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  // Lighthouse's own driver; the bench uses it to set the session up and to check where a run ended.
  const { default: puppeteer } = await import('puppeteer-core');
  const session = PAGES.some(signedIn) ? await prepareSignedInData(baseUrl) : null;
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  });
  const results = [];
  try {
    for (const pattern of PAGES) {
      const pagePath = pattern.replace(/\{(\w+)\}/g, (_, name) => {
        const value = session?.placeholders[name];
        if (!value) throw new Error(`no value for {${name}} in ${pattern}`);
        return value;
      });
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        // A headless trace now and then fails to record (NO_NAVSTART, NO_FCP); such a run is retried.
        let lhr;
        let landed;
        for (let attempt = 1; ; attempt += 1) {
          const page = await browser.newPage();
          try {
            // Lighthouse clears the origin's caches and service workers before a run, not its
            // localStorage, where the app keeps the session: set it (or remove it) on the origin first.
            await page.goto(`${baseUrl}/robots.txt`);
            await page.evaluate(
              ([token, language]) => {
                if (token) localStorage.setItem('authToken', token);
                else localStorage.clear();
                if (language !== 'en') localStorage.setItem('amana.language', language);
              },
              [signedIn(pagePath) ? session.token : null, LANGUAGE],
            );
            if (!SHOW_INSTALL_PROMPT)
              await page.evaluate(() => sessionStorage.setItem('amana:install-prompt-dismissed', '1'));
            ({ lhr } = await lighthouse(
              `${baseUrl}${pagePath}`,
              {
                port: chrome.port,
                output: 'json',
                logLevel: 'error',
                onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
                // Lighthouse's own artifacts (trace, network log), to be audited again or simulated,
                // and read below for the CPU figure.
                gatherMode: artifactsDir(pagePath, i),
                auditMode: artifactsDir(pagePath, i),
              },
              undefined,
              page,
            ));
            // Lighthouse's back/forward-cache check has just left the page and come back to it, which
            // may have loaded it again: give it time to show its heading again.
            await page.waitForSelector('h1', { timeout: 15_000 }).catch(() => undefined);
            landed = await page.evaluate(() => ({
              path: location.pathname,
              heading: document.querySelector('h1')?.textContent ?? null,
              text: document.body.innerText.slice(0, 300),
            }));
            // The measured paint itself: the largest one was the page's, not the session spinner.
            landed.lcpLabel =
              lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
                ?.nodeLabel ?? null;
          } finally {
            await page.close();
          }
          if (!lhr.runtimeError) break;
          if (attempt === 3)
            throw new Error(`Lighthouse could not measure ${pagePath}: ${lhr.runtimeError.message}`);
          console.warn(`  ${pagePath}: ${lhr.runtimeError.code}, measuring again`);
        }
        // The figures are the page's only if the run ended on it, showing its heading.
        if (
          landed.path !== new URL(`${baseUrl}${pagePath}`).pathname ||
          !landed.heading ||
          !landed.lcpLabel ||
          /^Loading/.test(landed.lcpLabel)
        )
          throw new Error(
            `${pagePath}: the run ended on ${landed.path} with heading ${JSON.stringify(landed.heading)} and LCP ${JSON.stringify(landed.lcpLabel)}, not on the page: ${JSON.stringify(landed.text)}`,
          );
        lhr.landed = landed;
        lhr.cpuBlockingMs = cpuBlocking(path.join(artifactsDir(pagePath, i), 'defaultPass.trace.json'));
        if (!args.has('artifacts-dir')) rmSync(artifactsDir(pagePath, i), { recursive: true, force: true });
        runs.push(lhr);
      }
      const metric = (r, id) => r.audits[id].numericValue;
      const perf = median(runs.map((r) => r.categories.performance.score));
      const lhr = runs.find((r) => r.categories.performance.score === perf);
      const audit = (id) => lhr.audits[id];
      if (args.has('lhr-dir')) {
        mkdirSync(args.get('lhr-dir'), { recursive: true });
        writeFileSync(path.join(args.get('lhr-dir'), `${slugOf(pagePath)}.json`), JSON.stringify(lhr));
      }
      results.push({
        page: pattern,
        url: pagePath,
        signedIn: signedIn(pagePath),
        heading: lhr.landed.heading,
        lcpElement:
          audit('largest-contentful-paint-element').details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
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
          scriptBytes: scriptBytes(r),
          cpuBlockingMs: r.cpuBlockingMs,
          benchmarkIndex: r.environment.benchmarkIndex,
        })),
        scriptTransferred: `${kb(scriptBytes(lhr))}`,
        // Each figure's own median over the runs (the run above is the one with the median score).
        medians: {
          performance: median(runs.map((r) => Math.round(r.categories.performance.score * 100))),
          fcpMs: median(runs.map((r) => Math.round(metric(r, 'first-contentful-paint')))),
          lcpMs: median(runs.map((r) => Math.round(metric(r, 'largest-contentful-paint')))),
          tbtMs: median(runs.map((r) => Math.round(metric(r, 'total-blocking-time')))),
          scriptBytes: median(runs.map(scriptBytes)),
          cpuBlockingMs: median(runs.map((r) => r.cpuBlockingMs)),
        },
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
    await browser.disconnect();
    await chrome.kill();
  }
  return results;
}

/** Where a run's Lighthouse artifacts go: under --artifacts-dir, kept; else a scratch folder, removed. */
const scratchArtifacts = args.has('artifacts-dir') ? null : mkdtempSync(path.join(tmpdir(), 'escrow-lh-'));
const artifactsDir = (pagePath, run) =>
  path.join(args.get('artifacts-dir') ?? scratchArtifacts, `${slugOf(pagePath)}-${run + 1}`);

/**
 * TBT as the page's CPU alone would make it: over the page's main-thread tasks from first paint on, 4 × the
 * task's CPU time (the trace's thread time) − 50 ms, summed. Lighthouse's TBT multiplies the tasks' wall
 * time by 4, and on a 2-core machine running the browser, the server and Lighthouse a task often waits for
 * a core: its wall time is then two to four times its CPU time, and TBT moves with the machine's load. This
 * figure does not, so it shows what a change bought when the load differs (docs/performance.md, Web).
 */
function cpuBlocking(traceFile) {
  const { traceEvents } = JSON.parse(readFileSync(traceFile, 'utf8'));
  const navigation = traceEvents.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      e.args.data.documentLoaderURL?.startsWith('http'),
  );
  const paint = traceEvents.find(
    (e) => e.name === 'firstContentfulPaint' && e.args?.frame === navigation?.args.frame,
  );
  if (!navigation || !paint) return null;
  let blocking = 0;
  for (const e of traceEvents)
    if (
      e.name === 'RunTask' &&
      e.ph === 'X' &&
      e.pid === navigation.pid &&
      e.tid === navigation.tid &&
      e.ts >= paint.ts
    )
      blocking += Math.max(0, (4 * (e.tdur ?? e.dur)) / 1000 - 50);
  return Math.round(blocking);
}

/** JavaScript transferred in a run (compressed bytes on the wire, as Lighthouse's network records give them). */
const scriptBytes = (lhr) =>
  (lhr.audits['network-requests'].details?.items ?? [])
    .filter((r) => r.resourceType === 'Script')
    .reduce((total, r) => total + r.transferSize, 0);

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
      `${''.padEnd(24)} FCP ${r.metrics['first-contentful-paint']}  LCP ${r.metrics['largest-contentful-paint']}  TBT ${r.metrics['total-blocking-time']}  CLS ${r.metrics['cumulative-layout-shift']}  SI ${r.metrics['speed-index']}  transferred ${r.transferred} (JS ${r.scriptTransferred})`,
    );
    console.log(
      `${''.padEnd(24)} ${r.signedIn ? 'signed in' : 'signed out'}, heading "${r.heading}", LCP element ${r.lcpElement}`,
    );
    console.log(
      `${''.padEnd(24)} runs (performance/LCP/TBT/CPU blocking): ${r.runs.map((run) => `${run.performance}/${run.lcpMs}/${run.tbtMs}/${run.cpuBlockingMs} ms`).join(', ')}; benchmarkIndex ${r.runs.map((run) => Math.round(run.benchmarkIndex)).join(', ')}`,
    );
    if (r.runs.length > 1) {
      const m = r.medians;
      console.log(
        `${''.padEnd(24)} medians: performance ${m.performance}  FCP ${m.fcpMs} ms  LCP ${m.lcpMs} ms  TBT ${m.tbtMs} ms  CPU blocking ${m.cpuBlockingMs} ms  JS ${kb(m.scriptBytes)}`,
      );
    }
    const longest = r.diagnostics.longTasks
      .slice(0, 3)
      .map((t) => `${t.durationMs} ms ${t.url}`)
      .join(', ');
    if (longest) console.log(`${''.padEnd(24)} longest tasks: ${longest}`);
    if (r.failing.length) console.log(`${''.padEnd(24)} below 90: ${r.failing.join(', ')}`);
    if (r.diagnostics.repeatedApiCalls.length)
      console.log(`${''.padEnd(24)} API paths requested twice: ${r.diagnostics.repeatedApiCalls.join(', ')}`);
  }
}

async function main() {
  if (shouldBuild) build();
  const sizes = bundleSizes();
  printSizes(sizes);
  const landing = sizes.find((row) => row.route.startsWith('landing (/'));
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
  if (scratchArtifacts) rmSync(scratchArtifacts, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
