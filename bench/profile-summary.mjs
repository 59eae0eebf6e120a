// A text flame graph of a V8 .cpuprofile (`node --cpu-prof`, as bench/hot-path.mjs writes with
// BENCH_CPU_PROF_DIR): the functions with the most self time, and the share of the samples spent
// under each of a few named parts of the request path (inclusive: a sample counts once per part
// whose frame is on its stack).
//
//   node bench/profile-summary.mjs bench/profiles/issue-32/before-load.cpuprofile.gz [--top 30]
//   … --last 60     only the samples of the profile's last 60 s (an idle spell before the stop)
//   … --under dashboard   only the samples with a frame whose function or file matches
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const TOP = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 30;
const lastAt = args.indexOf('--last');
const LAST_S = lastAt >= 0 ? Number(args.splice(lastAt, 2)[1]) : Infinity;
const underAt = args.indexOf('--under');
const UNDER = underAt >= 0 ? new RegExp(args.splice(underAt, 2)[1]) : null;

/** Parts of the request path, recognised by a frame's function name or file. */
const PARTS = [
  ['logging (pino, redaction, serializers)', /pino|fast-redact|sonic-boom|[/]logging|redactUrl/],
  [
    'response serialisation (zod encode, JSON.stringify)',
    /fastify-type-provider-zod|serialize|stringify/,
  ],
  ['zod (any use)', /node_modules[/]zod[/]/],
  [
    'authentication (JWT, session, cookie)',
    /jose|authenticate|session-cache|session-cookie|credential/,
  ],
  ['database client (pg, drizzle)', /node_modules[/](pg|pg-protocol|drizzle-orm)[/]/],
  ['fastify routing and hooks', /node_modules[/](fastify|find-my-way|avvio|light-my-request)[/]/],
  ['engine (reconciler, drivers)', /[/]engine[/]|reconcil/],
  ['garbage collection', /^\(garbage collector\)$/],
];

const where = (n) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url ? path.basename(n.callFrame.url) : ''}:${n.callFrame.lineNumber + 1}`;
const matchText = (n) => `${n.callFrame.functionName} ${n.callFrame.url}`;

for (const file of args) {
  const raw = await readFile(file);
  const profile = JSON.parse((file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const hits = new Map();
  // Sample times (µs), rebuilt from the deltas, to keep only the last LAST_S seconds.
  const times = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) times.push((t += d));
  const from = profile.endTime - LAST_S * 1e6;
  profile.samples = profile.samples.filter((_, i) => times[i] >= from);
  if (Number.isFinite(LAST_S)) profile.startTime = Math.max(profile.startTime, from);
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const idle = [...hits].filter(([id]) => byId.get(id).callFrame.functionName === '(idle)');
  const idleHits = idle.reduce((s, [, h]) => s + h, 0);
  const busy = total - idleHits;

  const self = new Map();
  const inclusive = new Map();
  const parts = new Map(PARTS.map(([name]) => [name, 0]));
  for (const [id, count] of hits) {
    const node = byId.get(id);
    if (node.callFrame.functionName === '(idle)') continue;
    if (UNDER) {
      let inside = false;
      for (let cur = id; cur !== undefined && !inside; cur = parent.get(cur))
        inside = UNDER.test(matchText(byId.get(cur)));
      if (!inside) continue;
    }
    const key = where(node);
    self.set(key, (self.get(key) ?? 0) + count);
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const text = matchText(byId.get(cur));
      for (const [name, re] of PARTS) if (!seen.has(name) && re.test(text)) seen.add(name);
    }
    for (const name of seen) parts.set(name, parts.get(name) + count);
    const own = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const frame = byId.get(cur);
      if (/apps[/]api[/]dist/.test(frame.callFrame.url)) own.add(where(frame));
    }
    for (const key of own) inclusive.set(key, (inclusive.get(key) ?? 0) + count);
  }
  const pct = (x) => `${((100 * x) / busy).toFixed(1).padStart(5)} %`;
  const seconds = ((profile.endTime - profile.startTime) / 1e6).toFixed(1);
  console.log(`\n# ${file}\n${seconds} s profiled, ${busy} busy samples of ${total}\n`);
  console.log('## Share of the busy samples under each part (inclusive)\n');
  for (const [name, count] of parts) console.log(`${pct(count)}  ${name}`);
  console.log(`\n## Top ${TOP} functions by self time\n`);
  for (const [key, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`${pct(count)}  ${key}`);
  console.log(
    `\n## Top ${TOP} functions of the platform's own code (main.js, chunks), inclusive\n`,
  );
  for (const [key, count] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`${pct(count)}  ${key}`);
}
