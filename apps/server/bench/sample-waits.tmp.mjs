// temporary: samples pg_stat_activity of escrow_bench databases every 10 ms for N seconds once a ledger call shows up
import pg from 'pg';
const seconds = Number(process.argv[2] || 8);
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await c.connect();
const counts = new Map();
let started = 0, n = 0;
const q = `select coalesce(wait_event_type,'CPU')||':'||coalesce(wait_event,'-')||' | '||state||' | '||left(regexp_replace(query,'\\s+',' ','g'),32) as s, datname from pg_stat_activity where datname like 'escrow_bench%' and pid<>pg_backend_pid() and backend_type='client backend'`;
const deadline = Date.now() + 120000;
while (Date.now() < deadline) {
  const { rows } = await c.query(q);
  const hit = rows.find((r) => r.s.includes('ledger_hold'));
  if (!started && hit) { started = Date.now() + 1500; globalThis.db = hit.datname; }
  if (started && Date.now() > started) {
    n++;
    for (const r of rows) if (r.datname === globalThis.db) counts.set(r.s, (counts.get(r.s) || 0) + 1);
    if (Date.now() > started + seconds * 1000) break;
  }
  await new Promise((r) => setTimeout(r, 10));
}
console.log(`samples: ${n}`);
for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1])) console.log(String(v).padStart(6), k);
await c.end();
