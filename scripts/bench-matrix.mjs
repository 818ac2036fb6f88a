// The placement-matrix benchmark of ../shared/perf (its README): goref, the Go reference, and this package on the
// same generated cluster, alternately, in fresh processes; checksums compared, medians and ratios printed with the
// load average; the last line is the figures as JSON (`BENCH {…}`, read by scripts/bench.mjs). The loader's
// figures are scripts/bench-load.mjs's. Run with `npm run bench` (after a build); never part of CI, never a timed test.
//
//   node scripts/bench-matrix.mjs [--dist dist] [--runs 3] [--scheduleOn-runs 1] [--seeds 1:20,2:50 | none] [--workloads 2000] [--nodes 5000]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const perf = path.resolve(repo, '../shared/perf');
let dist = path.join(repo, 'dist', 'index.js');

const ADMIT = { defaultTolerationSeconds: { notReady: 300, unreachable: 300 }, daemonSetTolerations: true, nodeConditionTaints: true };
// goref has no NodeName PreFilter, which kube-scheduler gained in 1.37 (plugins/nodename/index.ts
// nodeNameHasPreFilter): a pod naming another node is rejected there by NodeName before NodeUnschedulable runs. So
// the package is run at a release before it, whatever the default is.
const RELEASE = '1.35';

function fnv1a64(bytes) {
  let hi = 0xcbf29ce4, lo = 0x84222325;
  for (let i = 0; i < bytes.length; i++) {
    lo = (lo ^ bytes[i]) >>> 0;
    const a = lo * 0x1b3;
    const b = hi * 0x1b3 + lo * 0x100 + Math.floor(a / 4294967296);
    lo = a >>> 0;
    hi = b >>> 0;
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

function collectGarbage() {
  try {
    v8.setFlagsFromString('--expose_gc');
    vm.runInNewContext('gc')();
  } catch {
    // no collection: measured as is
  }
}

/**
 * The CPU time of this process's main thread so far, in ms (Linux's schedstat; NaN elsewhere): on a loaded machine
 * the evaluation's wall time is mostly waiting for a core, and the process's CPU time counts V8's compiler and
 * collector threads, which a quiet 2-core machine runs beside the main thread.
 */
function mainThreadMs() {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return NaN;
  }
}

// ---- child modes: one measurement in a fresh process, one JSON line out
const mode = process.argv[2];
if (mode === '--child-matrix') {
  // scheduleMatrix from the parsed input to the filled Uint8Array, caches cold (as jkp-matrix times scheduleOn)
  const [input, out, shapes, distDir] = process.argv.slice(3);
  if (distDir) dist = path.join(distDir, 'index.js');
  const require = createRequire(import.meta.url);
  // the library loaded, and scheduleMatrix resolved (its modules load on first use), before the timed span: as
  // jkp-matrix.js times its library load apart from the evaluation, and goref's eval_ms leaves out loading the binary
  const tl = performance.now();
  const lib = require(dist);
  if (typeof lib.scheduleMatrix !== 'function') throw new Error(`${dist} exports no scheduleMatrix`);
  const loadMs = performance.now() - tl;
  const { pods, nodes } = JSON.parse(readFileSync(input, 'utf8'));
  lib.resetConfiguration();
  lib.configure({ kubernetesVersion: RELEASE, admission: ADMIT });
  collectGarbage(); // the parser's garbage is not the evaluation's (goref and jkp-matrix.js collect here too)
  const main0 = mainThreadMs();
  const t = performance.now();
  const m = lib.scheduleMatrix(pods, nodes, { shapes: shapes === 'shapes' });
  const evalMs = performance.now() - t;
  const mainMs = mainThreadMs() - main0;
  writeFileSync(out, m.codes);
  console.log(JSON.stringify({ eval_ms: evalMs, main_ms: mainMs, load_ms: loadMs, evaluations: m.evaluations, checksum: fnv1a64(m.codes) }));
  process.exit(0);
}
// ---- driver
const args = process.argv.slice(2);
const opt = { runs: 3, scheduleOnRuns: 1, seeds: '1:20,2:50', workloads: 2000, nodes: 5000 };
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--dist') {
    dist = path.join(path.resolve(args[++i]), 'index.js');
    continue;
  }
  const m = /^--(runs|scheduleOn-runs|seeds|workloads|nodes)$/.exec(args[i]);
  if (!m) {
    console.error(`bench-matrix: unknown argument ${args[i]}`);
    process.exit(2);
  }
  const key = m[1] === 'scheduleOn-runs' ? 'scheduleOnRuns' : m[1];
  opt[key] = key === 'seeds' ? args[++i] : Number(args[++i]);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
};
const fmt = (x) => (x === undefined ? '—' : x.toFixed(0));
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const node = (script, ...rest) => {
  const r = spawnSync(process.execPath, [script, ...rest], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${path.basename(script)} ${rest.join(' ')} failed:\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop());
};

if (!existsSync(dist)) {
  console.error('bench-matrix: no dist/index.js (run npm run build)');
  process.exit(1);
}

if (opt.seeds === 'none') process.exit(0);
if (!existsSync(path.join(perf, 'gen.js'))) {
  console.log(`matrix: skipped (no ${path.relative(repo, perf)}/gen.js; see its README)`);
  process.exit(0);
}

const figures = [];
// per checkout: helpers benchmarking at once must not overwrite each other's ref.bin
const work = path.join(os.tmpdir(), `jkp-bench-matrix-${path.basename(repo)}`);
mkdirSync(work, { recursive: true });
// jkp-matrix.js configures the package itself (resetConfiguration, then configure): it is given the package with
// configure pinned to RELEASE
const pinned = path.join(work, 'pinned.cjs');
writeFileSync(pinned, `const lib = require(${JSON.stringify(dist)});
module.exports = Object.create(lib, { configure: { value: (o) => lib.configure({ kubernetesVersion: ${JSON.stringify(RELEASE)}, ...o }) } });
`);
let goref;
try {
  execFileSync('go', ['version'], { stdio: 'ignore' });
  goref = path.join(work, 'goref');
  execFileSync('go', ['build', '-o', goref, '.'], { cwd: path.join(perf, 'goref'), stdio: 'inherit' });
} catch {
  console.log('matrix: go is not installed, so goref is skipped (apt-get install -y golang-go)');
  goref = undefined;
}

console.log(`matrix: ${opt.nodes} nodes × ${opt.workloads} workloads, ${opt.runs} interleaved runs each, fresh process per run; ` +
  `goref -workers 1 -admit vs the package (admission as -admit, condition taints on); load average at start ${load()}`);
for (const spec of opt.seeds.split(',')) {
  const [seed, pools] = spec.split(':').map(Number);
  const input = path.join(work, `perf-n${opt.nodes}-p${pools}-w${opt.workloads}-s${seed}.json`);
  if (!existsSync(input)) {
    execFileSync(process.execPath, [path.join(perf, 'gen.js'), '--nodes', `${opt.nodes}`, '--pools', `${pools}`, '--workloads', `${opt.workloads}`, '--seed', `${seed}`, input], { stdio: 'ignore' });
  }
  const t = { goref: [], shapes: [], shapesMain: [], pairs: [], scheduleOn: [], floor: [], load: [] };
  // per interleaved run, the ratio to that run's goref (and scheduleOn's to that run's floor): min and median
  const runRatio = { shapes: [], scheduleOn: [], overFloor: [] };
  const sums = {};
  let evaluations;
  const same = (name, file, sum) => {
    sums[name] = sum;
    const ref = path.join(work, 'ref.bin');
    if (name !== 'goref' && existsSync(ref) && sums.goref && !readFileSync(ref).equals(readFileSync(file))) {
      console.log(`  ${name}: matrix differs from goref's (node ${path.join(perf, 'matrix-diff.js')} ${input} ${ref} ${file})`);
    }
  };
  for (let r = 0; r < opt.runs; r++) {
    if (goref) {
      const out = spawnSync(goref, ['-workers', '1', '-admit', '-matrix', path.join(work, 'ref.bin'), input], { encoding: 'utf8' });
      if (out.status !== 0) throw new Error(`goref failed: ${out.stderr}`);
      const rep = JSON.parse(out.stdout);
      t.goref.push(rep.eval_ms);
      same('goref', path.join(work, 'ref.bin'), rep.checksum);
    }
    const withShapes = node(fileURLToPath(import.meta.url), '--child-matrix', input, path.join(work, 'shapes.bin'), 'shapes', path.dirname(dist));
    t.shapes.push(withShapes.eval_ms);
    t.shapesMain.push(withShapes.main_ms);
    if (goref) runRatio.shapes.push(withShapes.eval_ms / t.goref[t.goref.length - 1]);
    t.load.push(withShapes.load_ms);
    evaluations = withShapes.evaluations;
    same('scheduleMatrix', path.join(work, 'shapes.bin'), withShapes.checksum);
    const pairs = node(fileURLToPath(import.meta.url), '--child-matrix', input, path.join(work, 'pairs.bin'), 'pairs', path.dirname(dist));
    t.pairs.push(pairs.eval_ms);
    same('scheduleMatrix (shapes off)', path.join(work, 'pairs.bin'), pairs.checksum);
    if (r < opt.scheduleOnRuns) {
      const j = node(path.join(perf, 'jkp-matrix.js'), pinned, input, '-admit', '-condition-taints', 'on', '-matrix', path.join(work, 'scheduleOn.bin'));
      t.scheduleOn.push(j.eval_ms);
      same('scheduleOn (jkp-matrix.js)', path.join(work, 'scheduleOn.bin'), j.checksum);
      // the same harness over answers of scheduleOn's shape built without scheduling (scheduleon-floor.cjs)
      const floor = spawnSync(process.execPath, [path.join(perf, 'jkp-matrix.js'), path.join(here, 'scheduleon-floor.cjs'), input, '-admit', '-condition-taints', 'on', '-matrix', path.join(work, 'floor.bin')],
        { encoding: 'utf8', env: { ...process.env, JKP_DIST: dist, JKP_RELEASE: RELEASE } });
      if (floor.status !== 0) throw new Error(`scheduleon-floor failed:\n${floor.stderr}`);
      const f = JSON.parse(floor.stdout.trim().split('\n').pop());
      t.floor.push(f.eval_ms);
      if (goref) runRatio.scheduleOn.push(j.eval_ms / t.goref[t.goref.length - 1]);
      runRatio.overFloor.push(j.eval_ms / f.eval_ms);
      same('scheduleOn floor', path.join(work, 'floor.bin'), f.checksum);
    }
  }
  const g = t.goref.length ? median(t.goref) : undefined;
  const ratio = (xs) => (g && xs.length ? ` = ${(median(xs) / g).toFixed(3)}× goref` : '');
  const checksums = Object.entries(sums).map(([k, v]) => `${k} ${v}`).join(', ');
  const agree = new Set(Object.values(sums)).size === 1;
  console.log(`seed ${seed}, ${pools} pools: checksums ${agree ? 'agree' : 'DIFFER'} (${checksums})`);
  console.log(`  goref eval_ms               median ${fmt(g)}  runs [${t.goref.map(fmt).join(', ')}]`);
  const minMed = (xs) => (xs.length ? `per run min ${Math.min(...xs).toFixed(3)}×, median ${median(xs).toFixed(3)}×` : '');
  console.log(`  scheduleMatrix (shapes)     median ${fmt(median(t.shapes))}${ratio(t.shapes)} (goal ≤ 0.25×; ${minMed(runRatio.shapes)})  runs [${t.shapes.map(fmt).join(', ')}], ${evaluations} evaluations for ${opt.nodes * opt.workloads} pairs`);
  console.log(`  (its main thread's CPU time: median ${fmt(median(t.shapesMain))} ms, runs [${t.shapesMain.map(fmt).join(', ')}]; the rest of the wall time is waiting for a core or V8's own threads)`);
  console.log(`  (loading the library and resolving scheduleMatrix, before the timed span: median ${fmt(median(t.load))} ms)`);
  console.log(`  scheduleMatrix (every pair) median ${fmt(median(t.pairs))}${ratio(t.pairs)}  runs [${t.pairs.map(fmt).join(', ')}]`);
  if (t.scheduleOn.length) console.log(`  scheduleOn per workload     median ${fmt(median(t.scheduleOn))}${ratio(t.scheduleOn)}  runs [${t.scheduleOn.map(fmt).join(', ')}] (jkp-matrix.js)`);
  if (t.floor.length) console.log(`  scheduleOn's floor          median ${fmt(median(t.floor))}${ratio(t.floor)}  runs [${t.floor.map(fmt).join(', ')}] (answers of its shape, no scheduling: scheduleon-floor.cjs)`);
  if (t.floor.length) console.log(`  scheduleOn / its floor      ${(median(t.scheduleOn) / median(t.floor)).toFixed(3)}× (goal ≤ 1.2×; ${minMed(runRatio.overFloor)})`);
  console.log(`  load average now ${load()}`);
  const r = (xs) => (g && xs.length ? median(xs) / g : undefined);
  figures.push({
    seed, pools, agree, goref: g, scheduleMatrix: r(t.shapes), scheduleOn: r(t.scheduleOn), scheduleOnFloor: r(t.floor),
    scheduleOnOverFloor: t.floor.length ? median(t.scheduleOn) / median(t.floor) : undefined, scheduleMatrixMainMs: median(t.shapesMain),
  });
}
console.log(`BENCH ${JSON.stringify({ matrix: figures })}`);
