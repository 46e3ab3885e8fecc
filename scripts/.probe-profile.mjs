// Probe: CPU profile of a signed-in page load at 4x CPU throttling, mobile viewport.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
const root = '/work/main';
const dist = process.argv[2];
const pagePath = process.argv[3] ?? 'tx';
const port = 4000 + Math.floor(Math.random() * 1000);
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'probe-')), WEB_DIST_DIR: dist, LOG_LEVEL: 'warn', SEED_DEMO: 'false', DATABASE_URL: '', REDIS_URL: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (;;) { try { if ((await fetch(base + '/api/ready')).ok) break; } catch {} await new Promise((r) => setTimeout(r, 250)); }
async function api(method, url, token, body) {
  const r = await fetch(base + '/api' + url, { method, headers: { ...(token ? { authorization: 'Bearer ' + token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const p = await r.json(); if (!p.success) throw new Error(url + ' ' + p.error); return p.data;
}
async function person(n) {
  const email = `p-${n}-${Date.now()}@example.com`;
  await api('POST', '/auth/signup', null, { email, password: 'bench-horse-battery-9', firstName: n, lastName: 'Bench', acceptPrivacyNotice: true });
  const { token } = await api('POST', '/auth/login', null, { email, password: 'bench-horse-battery-9' });
  await api('PUT', '/auth/me', token, { onboardingCompleted: true });
  return token;
}
const seller = await person('Tunde'); const buyer = await person('Adaeze');
const joined = await api('POST', '/transactions/create', seller, { creatorRole: 'SELLER', useCourier: false, description: 'Samsung Galaxy A54, 128 GB, black', price: 285000, itemType: 'Physical Product', itemCategory: 'Electronics', itemCondition: 'Brand New' });
await api('POST', '/transactions/join', buyer, { inviteCode: joined.invitation.code });
await api('POST', '/wallet/deposit', buyer, { amount: 50000 });
const target = pagePath === 'tx' ? `/app/transactions/${joined.transaction.id}` : pagePath;
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--headless=new'] });
const page = await browser.newPage();
await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
await page.goto(base + '/login');
await page.evaluate((t) => { localStorage.setItem('authToken', t); sessionStorage.setItem('amana:install-prompt-dismissed', '1'); }, buyer);
await page.goto('about:blank');
const cdp = await page.createCDPSession();
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.evaluateOnNewDocument(() => {
  window.__probe = { commits: [], long: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__probe.long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { isDisabled: false, supportsFiber: true, inject() { return 1; }, onCommitFiberRoot() { window.__probe.commits.push(Math.round(performance.now())); }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {} };
});
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(base + target);
await new Promise((r) => setTimeout(r, 8000));
const { profile } = await cdp.send('Profiler.stop');
const probe = await page.evaluate(() => window.__probe);
const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
console.log('FCP', Math.round(fcp), 'commits', probe.commits.join(' '));
console.log('long tasks', probe.long.map(([s, d]) => `${s}+${d}`).join(' '));
// inclusive time per function (name@file), each sample counted once per function in its stack
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map(), self = new Map();
const dt = profile.timeDeltas; let total = 0;
profile.samples.forEach((id, i) => {
  const d = (dt[i + 1] ?? 0) / 1000; total += d;
  const n = byId.get(id); const key0 = n.callFrame.functionName + '@' + n.callFrame.url.split('/').pop();
  self.set(key0, (self.get(key0) ?? 0) + d);
  const seen = new Set(); let cur = id;
  while (cur !== undefined) { const m = byId.get(cur); const k = m.callFrame.functionName + '@' + m.callFrame.url.split('/').pop(); if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + d); } cur = parent.get(cur); }
});
const top = (m, f, n) => [...m].filter(([k]) => f(k)).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(1)} ${k}`).join('\n');
console.log('total ms', total.toFixed(0));
console.log('--- self\n' + top(self, () => true, 25));
console.log('--- components (inclusive)\n' + top(incl, (k) => /^[A-Z]/.test(k), 40));
// busy stretches: consecutive non-idle samples; print those over 40 ms with their top functions
{
  let t = 0, cur = null; const stretches = [];
  profile.samples.forEach((id, i) => {
    const d = (dt[i + 1] ?? 0) / 1000; t += d;
    const n = byId.get(id); const idle = n.callFrame.functionName === '(idle)';
    if (idle) { if (cur) { stretches.push(cur); cur = null; } return; }
    cur ??= { start: t, dur: 0, ids: [] }; cur.dur += d; cur.ids.push([id, d]);
  });
  for (const st of stretches.filter((x) => x.dur > 40)) {
    const m = new Map();
    for (const [id, d] of st.ids) { const seen = new Set(); let c = id; while (c !== undefined) { const q = byId.get(c); const k = q.callFrame.functionName + '@' + q.callFrame.url.split('/').pop(); if (!seen.has(k)) { seen.add(k); m.set(k, (m.get(k) ?? 0) + d); } c = parent.get(c); } }
    console.log(`== stretch at ${st.start.toFixed(0)} ms, ${st.dur.toFixed(0)} ms`);
    console.log([...m].filter(([k]) => !k.startsWith('(root)')).sort((a, b) => b[1] - a[1]).slice(0, 14).map(([k, v]) => `   ${v.toFixed(0)} ${k}`).join('\n'));
  }
}
await browser.close(); child.kill('SIGTERM');
