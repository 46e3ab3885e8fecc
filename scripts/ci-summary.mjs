// Sums the vitest JSON reports given as arguments and prints the runners' totals and the final
// plain line "N passed, N failed". In CI a skipped or todo test counts as a failure of the run.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const firstLine = (text) =>
  String(text ?? '')
    .split('\n')[0]
    .slice(0, 300);

let passed = 0;
let failed = 0;
let skipped = 0;
let missing = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`${path.basename(file)}: no report (the runner did not finish)`);
    missing += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const p = report.numPassedTests ?? 0;
  // A file that failed without a failed test (it did not load, or a hook threw) counts once;
  // a file whose tests failed is already counted through them.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  const f = (report.numFailedTests ?? 0) + brokenFiles;
  const s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`${path.basename(file, '.json')}: ${p} passed, ${f} failed, ${s} skipped`);
  // Named here too, so the failures stand in the last lines of a long log, with their first message.
  for (const result of report.testResults ?? []) {
    const name = path.relative(process.cwd(), result.name ?? '');
    if (result.status === 'failed' && !(result.assertionResults ?? []).some((t) => t.status === 'failed'))
      console.log(`  failed: ${name}: ${firstLine(result.message)}`);
    for (const test of result.assertionResults ?? [])
      if (test.status === 'failed')
        console.log(`  failed: ${name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  }
  passed += p;
  failed += f;
  skipped += s;
}
const skippedFail = process.env.CI && skipped > 0;
if (skippedFail) console.log(`${skipped} skipped test(s): a skipped test is a failure in CI`);
console.log(`${passed} passed, ${failed + (skippedFail ? skipped : 0)} failed`);
process.exit(failed > 0 || skippedFail || missing > 0 ? 1 : 0);
