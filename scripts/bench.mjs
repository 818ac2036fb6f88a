// `npm run bench`: every figure of issue 23's "Done when" (and issue 34's volume figure, issue 35's preemption figure) in one run, as medians with the load average, and as ratios
// where an anchor exists (js-yaml, goref, parsing without the cache). Not a test and not in CI: the machine may be
// shared, so read the ratios of one run, and the CPU times the cluster figures print beside the wall times.
//
//   node scripts/bench.mjs [--dist dist] [--quick] [--skip entries,specs,load,matrix,cluster,render,volumes,preemption]
//
// 1. entries      /jest, /jest-globals, /vitest per fresh module registry (scripts/bench-entries.mjs)
//    specs        the package's CPU time per Jest spec file with one toBeSchedulableOn assertion (bench-specs.mjs)
// 2. load         parseManifests cold and warm vs js-yaml loadAll; the disk cache's reload ratio (bench-load.mjs)
// 3. matrix       2,000 × 5,000 through scheduleOn and scheduleMatrix vs goref -admit, checksums compared (bench-matrix.mjs)
// 4. cluster      spread + anti-affinity over 5,000 nodes and 20,000 pods; placeReplicas of 300 (bench-cluster.mjs)
// 5. render       the render cache over 20 spec files (bench-render.mjs; needs the pinned helm)
// 6. volumes      pods with claims over 5,000 nodes, 20,000 pods (3,000 with bound claims), CSINodes (bench-volumes.mjs)
// 7. preemption   a pod that must preempt over 5,000 nodes, 20,000 pods of mixed priorities (bench-preemption.mjs)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run as entries } from './bench-entries.mjs';
import { run as specs } from './bench-specs.mjs';
import { run as load } from './bench-load.mjs';
import { run as cluster } from './bench-cluster.mjs';
import { run as volumes } from './bench-volumes.mjs';
import { run as preemption } from './bench-preemption.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const dist = path.resolve(option('--dist') ?? path.join(here, '..', 'dist'));
const quick = args.includes('--quick');
const skip = new Set((option('--skip') ?? '').split(',').filter(Boolean));
if (!existsSync(path.join(dist, 'index.js'))) {
  console.error(`bench: no ${path.join(dist, 'index.js')} (npm run build)`);
  process.exit(1);
}
const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`bench: ${dist}, node ${process.version}, ${os.cpus().length} cpus, load average ${loadAverage()}\n`);

const figures = {};
const section = (name, fn) => {
  if (skip.has(name)) return;
  try {
    figures[name] = fn();
  } catch (e) {
    console.log(`${name}: failed: ${e.message}`);
  }
  console.log('');
};
section('entries', () => entries({ dist, runs: quick ? 10 : 40 }));
section('specs', () => specs({ dist, files: quick ? 20 : 40, runs: quick ? 1 : 3 }));
section('load', () => load({ dist, runs: quick ? 3 : 7 }));
section('matrix', () => {
  const r = spawnSync(process.execPath, [path.join(here, 'bench-matrix.mjs'), '--dist', dist, '--seeds', '1:20', '--runs', quick ? '1' : '3', '--scheduleOn-runs', quick ? '1' : '3'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26 });
  const lines = r.stdout.trim().split('\n');
  for (const l of lines) if (!l.startsWith('BENCH ')) console.log(l);
  const last = lines.find((l) => l.startsWith('BENCH '));
  if (r.status !== 0 || !last) throw new Error('bench-matrix.mjs did not finish');
  return JSON.parse(last.slice(6)).matrix[0];
});
section('cluster', () => cluster({ dist, runs: quick ? 1 : 3 }));
section('volumes', () => volumes({ dist, runs: quick ? 1 : 3 }));
section('preemption', () => preemption({ dist, runs: quick ? 1 : 3, later: quick ? 1 : 5 }));
section('render', () => {
  const r = spawnSync(process.execPath, [path.join(here, 'bench-render.mjs')], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('bench-render.mjs failed');
});

// the summary: each figure next to its target
const f = (x, digits = 2) => (x === undefined || Number.isNaN(x) ? '—' : x.toFixed(digits));
const e = figures.entries ?? {};
const sp = figures.specs ?? {};
const l = figures.load ?? {};
const m = figures.matrix ?? {};
const c = figures.cluster ?? {};
const v = figures.volumes ?? {};
const pr = figures.preemption ?? {};
const rows = [
  ['/jest entry per fresh registry', `${f(e.jest)} ms`, '≤ 3 ms'],
  ['/jest-globals entry', `${f(e['jest-globals'])} ms`, '≤ 3 ms'],
  ['/vitest entry', `${f(e.vitest)} ms`, '≤ 3 ms'],
  ['a Jest spec file with one toBeSchedulableOn (CPU)', `${f(sp.perFile, 1)} ms`, '(no goal: shorter)'],
  ['  … loading 50 manifests (from the disk cache) first', `${f(sp.loading, 1)} ms`, '(no goal: shorter)'],
  ['parseManifests cold / js-yaml', `${f(l.coldRatio)}×`, '≤ 1.1×'],
  ['parseManifests warm / js-yaml', `${f(l.warmRatio)}×`, '≤ 1.1×'],
  ['scheduleOn 2,000 × 5,000 / goref', `${f(m.scheduleOn, 3)}×`, '(see its floor)'],
  ['  … its floor: answers of its shape alone / goref', `${f(m.scheduleOnFloor, 3)}×`, '(no scheduling at all)'],
  ['scheduleOn / its floor (issue 37)', `${f(m.scheduleOn / m.scheduleOnFloor, 2)}×`, '≤ 1.2×'],
  ['scheduleMatrix / goref', `${f(m.scheduleMatrix, 3)}×`, '≤ 0.25×'],
  ['matrices byte-identical to goref -admit', m.agree === undefined ? '—' : m.agree ? 'yes' : 'NO', 'yes'],
  ['cluster plugins, first pod', `${f(c.first, 0)} ms (cpu ${f(c.firstCpu, 0)}, min ${f(c.firstCpuMin, 0)})`, '≤ 200 ms'],
  ['cluster plugins, each later pod', `${f(c.later, 1)} ms (cpu ${f(c.laterCpu, 1)})`, '≤ 50 ms'],
  ['  … snapshot shared (snapshotFor)', `${f(c.shared, 1)} ms (cpu ${f(c.sharedCpu, 1)})`, '≤ 50 ms'],
  ['placeReplicas 300', `${f(c.place, 0)} ms (cpu ${f(c.placeCpu, 0)})`, '≤ 3000 ms'],
  ['volumes, first pod with a claim', `${f(v.first, 0)} ms (cpu ${f(v.firstCpu, 0)}, min ${f(v.firstCpuMin, 0)})`, '≤ 250 ms'],
  ['volumes, each later pod with a claim', `${f(v.later, 1)} ms (cpu ${f(v.laterCpu, 1)})`, '≤ 50 ms'],
  ['  … each later StatefulSet (its claims made)', `${f(v.sets, 1)} ms (cpu ${f(v.setsCpu, 1)})`, '≤ 50 ms'],
  ['  … first pod without volumes, same cluster', `${f(v.plain, 0)} ms (cpu ${f(v.plainCpu, 0)})`, '(reference)'],
  ['preemption, first pod that must preempt', `${f(pr.first, 0)} ms (cpu ${f(pr.firstCpu, 0)})`, '≤ 200 ms'],
  ['  … each later pod that must preempt', `${f(pr.later, 0)} ms (cpu ${f(pr.laterCpu, 0)})`, '≤ 200 ms'],
  ['  … first with spread + anti-affinity', pr.spread === Infinity ? `> ${pr.timeout} s (killed)` : `${f(pr.spread, 0)} ms (cpu ${f(pr.spreadCpu, 0)})`, '(no goal)'],
  ['loadManifests from the cache / parsing', l.cacheRatio === undefined ? '—' : `${f(100 * l.cacheRatio, 1)} %`, '≤ 15 %'],
  // bench-load.mjs's large files (100 MB of documents, and one List): CPU and peak RSS over js-yaml's
  ...['large', 'largeList'].flatMap((key) => [['nocache', 'without the cache', '≤ 1.5×'], ['store', 'storing in the cache', '≤ 1.5×'], ['cached', 'from the cache', '< 1×']]
    .map(([name, label, goal]) => {
      const x = l[`${key}-${name}`];
      return [`100 MB ${key === 'large' ? 'documents' : 'List'}, ${label} / js-yaml`, x ? `${f(x.cpu)}× cpu, ${f(x.rss)}× rss` : '—', goal];
    })),
];
const width = Math.max(...rows.map((r) => r[0].length));
console.log(`summary (load average now ${loadAverage()}; first-pod figures: median wall ms, with the median and minimum CPU ms of the runs):`);
for (const [name, value, target] of rows) console.log(`  ${name.padEnd(width)}  ${value.padEnd(24)} target ${target}`);
