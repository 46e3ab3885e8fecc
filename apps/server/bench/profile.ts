/**
 * Reads a V8 .cpuprofile (written by `node --cpu-prof`) and lists the functions with the most self time
 * within a time window (one row's load), as a Markdown table. The profile's timestamps and the window
 * are both on the monotonic clock (µs) that process.hrtime() reads.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type CpuProfile = {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};

function where({ url, lineNumber }: CallFrame, root: string): string {
  if (!url) return '';
  let file = url.startsWith('file://') ? new URL(url).pathname : url;
  if (path.isAbsolute(file)) file = path.relative(root, file);
  const modules = file.lastIndexOf('node_modules/');
  if (modules >= 0) file = file.slice(modules);
  return `${file}:${lineNumber + 1}`;
}

export function topSelfTime(
  file: string,
  window: { fromUs: number; toUs: number },
  count = 15,
  root = process.cwd(),
): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const selfUs = new Map<string, { frame: CallFrame; us: number }>();
  let totalUs = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    at += profile.timeDeltas[i] ?? 0;
    // A sample stands for the time until the next one.
    const duration = profile.timeDeltas[i + 1] ?? 0;
    if (at < window.fromUs || at > window.toUs) continue;
    const frame = frames.get(profile.samples[i]!)!;
    const key = `${frame.functionName}|${frame.url}|${frame.lineNumber}`;
    const entry = selfUs.get(key) ?? { frame, us: 0 };
    entry.us += duration;
    selfUs.set(key, entry);
    totalUs += duration;
  }
  const top = [...selfUs.values()].sort((a, b) => b.us - a.us).slice(0, count);
  const lines = [
    '| Self ms | % | Function | Where |',
    '| ---: | ---: | --- | --- |',
    ...top.map(
      ({ frame, us }) =>
        `| ${(us / 1000).toFixed(0)} | ${((100 * us) / totalUs).toFixed(1)} | ${frame.functionName || '(anonymous)'} | ${where(frame, root)} |`,
    ),
  ];
  return `${(totalUs / 1000).toFixed(0)} ms sampled in the window.\n\n${lines.join('\n')}`;
}
