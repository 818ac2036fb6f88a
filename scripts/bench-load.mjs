// The loader's figures (issue 23): parseManifests of the argo-cd bundle against a bare js-yaml loadAll, cold (the
// first call in a fresh process, library load included) and warm (interleaved in one process); and loadManifests of
// the corpus tree (../shared/corpus, about 4.6 MB) read back from the disk cache in a fresh process, against parsing
// it there ({ cache: false }). Part of `npm run bench`, never a test.
//
// Then a large file (issue 37): the corpus's YAML files concatenated to --large-mb (100) MB, and a `kubectl get -o
// yaml` List of as many bytes, each loaded in a fresh process by a bare js-yaml (readFileSync + loadAll) and by
// loadManifests without the cache, with it when it stores the entry, and with it when it reads the entry back: CPU
// time (the machine is shared: wall time is printed beside it) and peak RSS, as ratios to js-yaml's.
// Every figure is printed as the median and the minimum of the runs' ratios, with its goal.
//
//   node scripts/bench-load.mjs [--dist dist] [--runs 7] [--large-mb 100 (0: none)] [--large-runs 3 (1 when runs < 7)]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const repo = path.resolve(path.dirname(here), '..');
const corpus = path.resolve(repo, '../shared/corpus');
const bundle = path.join(corpus, 'argo-cd/ha/install.yaml');
// the two headerless dumps need { kind } and are left out, as SOURCES.md's 313-object tree
const TREE = { cwd: corpus, ignore: ['SOURCES.md', 'insights-operator/*.json'] };

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
};
function collectGarbage() {
  try {
    v8.setFlagsFromString('--expose_gc');
    vm.runInNewContext('gc')();
  } catch {
    // measured as is
  }
}

const mode = process.argv[2];
if (mode === '--child-parse') {
  // the first parse in a fresh process, the library's load included
  const [which, dist] = process.argv.slice(3);
  const require = createRequire(import.meta.url);
  const text = readFileSync(bundle, 'utf8');
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const lib = which === 'js-yaml' ? require('js-yaml') : require(path.resolve(dist, 'index.js'));
  const t1 = performance.now();
  if (which === 'js-yaml') lib.loadAll(text);
  else lib.parseManifests(text, 'install.yaml');
  const t2 = performance.now();
  // the library's modules this path loaded (the loader's, never the engine's)
  const root = path.resolve(dist) + path.sep;
  const modules = Object.keys(require.cache).filter((f) => f.startsWith(root)).map((f) => path.relative(root, f));
  const cpu = process.cpuUsage(c0);
  console.log(JSON.stringify({ require_ms: t1 - t0, parse_ms: t2 - t1, total_ms: t2 - t0, cpu_ms: (cpu.user + cpu.system) / 1000, modules }));
  process.exit(0);
}
if (mode === '--child-large') {
  // one large file in a fresh process: bare js-yaml, or loadManifests (nocache, cache); CPU time, wall time, peak RSS
  const [which, dist, file] = process.argv.slice(3);
  const require = createRequire(import.meta.url);
  const cpu = process.cpuUsage();
  const t = performance.now();
  let objects;
  if (which === 'js-yaml') objects = require('js-yaml').loadAll(readFileSync(file, 'utf8')).length;
  else objects = require(path.resolve(dist, 'index.js')).loadManifests(path.basename(file), { cwd: path.dirname(file), cache: which === 'cache' }).length;
  const used = process.cpuUsage(cpu);
  console.log(JSON.stringify({ cpu_ms: (used.user + used.system) / 1000, wall_ms: performance.now() - t, rss_mb: process.resourceUsage().maxRSS / 1024, objects }));
  process.exit(0);
}

/** The corpus's YAML files, concatenated as documents until `bytes`; and a List of its objects (no Lists) as large. */
function largeFiles(dir, bytes, yaml) {
  const files = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const f = path.join(d, name);
      if (statSync(f).isDirectory()) walk(f);
      else if (/\.ya?ml$/.test(name)) files.push(readFileSync(f, 'utf8').replace(/^\uFEFF/, ''));
    }
  };
  walk(corpus);
  const documents = [];
  for (let i = 0, size = 0; size < bytes; i++) size += documents[documents.push(files[i % files.length]) - 1].length + 5;
  const stream = path.join(dir, 'stream.yaml');
  writeFileSync(stream, documents.join('\n---\n'));
  // kubectl get -o yaml: one List of many small objects (items under 8 KB, as pods and services are)
  const objects = files.flatMap((t) => yaml.loadAll(t)).filter((o) => o && typeof o.kind === 'string' && !o.kind.endsWith('List') && JSON.stringify(o).length < 8000);
  const items = ['apiVersion: v1\nkind: List\nitems:\n'];
  for (let i = 0, size = 0; size < bytes; i++) size += items[items.push(yaml.dump([objects[i % objects.length]], { lineWidth: -1 })) - 1].length;
  const list = path.join(dir, 'list.yaml');
  writeFileSync(list, items.join(''));
  return [['documents', stream], ['List', list]];
}
if (mode === '--child-tree') {
  const [cache, dist] = process.argv.slice(3);
  const require = createRequire(import.meta.url);
  const lib = require(path.resolve(dist, 'index.js'));
  // the library loaded before the clock starts, as when index.js loaded all of it: the loader, and the modules
  // loadManifests requires on its first call (glob, the disk cache)
  const fromLoader = createRequire(path.resolve(dist, 'loader/index.js'));
  if (typeof lib.loadManifests !== 'function') throw new Error('no loadManifests');
  fromLoader('glob');
  fromLoader('./disk-cache.js');
  const t = performance.now();
  const n = lib.loadManifests('**/*', { ...TREE, cache: cache === 'cache' }).length;
  console.log(JSON.stringify({ ms: performance.now() - t, objects: n }));
  process.exit(0);
}

const ENGINE = /^(admission|controllers|engine|explain|matchers|outage|placement|report|scheduler|karpenter|storage)\//;
const ratios = (ours, bare) => ours.map((x, i) => x / bare[i]);
/** `1.05× (min 0.98×)`: the median and the minimum of per-run ratios. */
const spread = (xs) => `${median(xs).toFixed(2)}× (min ${Math.min(...xs).toFixed(2)}×)`;

export function run({ dist = path.join(repo, 'dist'), runs = 7, 'large-mb': largeMb = 100, 'large-runs': largeRuns = runs >= 7 ? 3 : 1 } = {}) {
  let env = {};
  const child = (...args) => {
    const r = spawnSync(process.execPath, [here, ...args], { encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, ...env } });
    if (r.status !== 0) throw new Error(`bench-load ${args.join(' ')} failed:\n${r.stderr}`);
    return JSON.parse(r.stdout.trim().split('\n').pop());
  };
  const figures = {};
  if (!existsSync(bundle)) {
    console.log(`loading: skipped (no ${path.relative(repo, bundle)})`);
    return figures;
  }
  const require = createRequire(import.meta.url);
  const lib = require(path.resolve(dist, 'index.js'));
  const yaml = require('js-yaml');
  const text = readFileSync(bundle, 'utf8');
  console.log(`loading: argo-cd ha/install.yaml, ${(text.length / 1e6).toFixed(2)} MB; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const warm = { bare: [], ours: [], bareCpu: [], oursCpu: [] };
  const cpuMs = (since) => {
    const u = process.cpuUsage(since);
    return (u.user + u.system) / 1000;
  };
  for (let r = 0; r < 3 * runs; r++) {
    // each parse starts from a collected heap, so neither pays for the other's garbage
    collectGarbage();
    let c = process.cpuUsage();
    let t = performance.now();
    yaml.loadAll(text);
    warm.bare.push(performance.now() - t);
    warm.bareCpu.push(cpuMs(c));
    collectGarbage();
    c = process.cpuUsage();
    t = performance.now();
    lib.parseManifests(text, 'install.yaml');
    warm.ours.push(performance.now() - t);
    warm.oursCpu.push(cpuMs(c));
  }
  const cold = { bare: [], ours: [], bareCpu: [], oursCpu: [] };
  let modules = [];
  for (let r = 0; r < runs; r++) {
    const bare = child('--child-parse', 'js-yaml', dist);
    cold.bare.push(bare.total_ms);
    cold.bareCpu.push(bare.cpu_ms);
    const ours = child('--child-parse', 'package', dist);
    cold.ours.push(ours.total_ms);
    cold.oursCpu.push(ours.cpu_ms);
    modules = ours.modules;
  }
  figures.warmRatio = median(warm.ours) / median(warm.bare);
  figures.coldRatio = median(cold.ours) / median(cold.bare);
  figures.warmRatios = ratios(warm.ours, warm.bare);
  figures.coldRatios = ratios(cold.ours, cold.bare);
  console.log(`  warm parseManifests ${median(warm.ours).toFixed(1)} ms vs js-yaml loadAll ${median(warm.bare).toFixed(1)} ms: ${figures.warmRatio.toFixed(2)}×; per pair ${spread(figures.warmRatios)} (goal ≤ 1.10; ${warm.ours.length} interleaved)`);
  console.log(`  cold (require + first parse, fresh process) ${median(cold.ours).toFixed(1)} ms vs ${median(cold.bare).toFixed(1)} ms: ${figures.coldRatio.toFixed(2)}×; per pair ${spread(figures.coldRatios)} (goal ≤ 1.10; ${runs} interleaved)`);
  // CPU time (GC threads included) moves less than wall time when other processes share the cores
  figures.warmCpuRatios = ratios(warm.oursCpu, warm.bareCpu);
  figures.coldCpuRatios = ratios(cold.oursCpu, cold.bareCpu);
  console.log(`  the same in CPU time: warm ${spread(figures.warmCpuRatios)}, cold ${spread(figures.coldCpuRatios)} (goal ≤ 1.10)`);
  const engine = modules.filter((m) => ENGINE.test(m));
  figures.coldModules = modules.length;
  console.log(`  modules the cold parse loads: ${modules.length} of the library's, ${engine.length ? `the engine's too: ${engine.join(', ')}` : 'none of the engine (goal: none)'}`);

  // the disk cache: a private cache directory, filled once, then parse vs cached read in fresh processes
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jkp-bench-load-'));
  env = { JEST_K8S_PLACEMENT_CACHE: dir };
  try {
    const filled = child('--child-tree', 'cache', dist);
    const parse = [];
    const cached = [];
    for (let r = 0; r < runs; r++) {
      parse.push(child('--child-tree', 'nocache', dist).ms);
      cached.push(child('--child-tree', 'cache', dist).ms);
    }
    figures.cacheRatio = median(cached) / median(parse);
    console.log(`  loadManifests of the corpus tree (${filled.objects} objects): from the cache ${median(cached).toFixed(1)} ms vs parsing ${median(parse).toFixed(1)} ms: ` +
      `${(100 * figures.cacheRatio).toFixed(1)} % (target ≤ 15 %; fresh process each, ${runs} interleaved)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (largeMb > 0) large({ dist, child, setEnv: (e) => (env = e), yaml, figures, bytes: largeMb * 1e6, runs: largeRuns });
  return figures;
}

/** The large files: js-yaml, then loadManifests without the cache, storing in it, and reading it back, per run. */
function large({ dist, child, setEnv, yaml, figures, bytes, runs }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jkp-bench-large-'));
  try {
    for (const [what, file] of largeFiles(dir, bytes, yaml)) {
      const size = statSync(file).size;
      const rows = { 'js-yaml': [], nocache: [], store: [], cached: [] };
      for (let r = 0; r < runs; r++) {
        const cache = path.join(dir, `cache-${r}`);
        setEnv({ JEST_K8S_PLACEMENT_CACHE: cache });
        rows['js-yaml'].push(child('--child-large', 'js-yaml', dist, file));
        rows.nocache.push(child('--child-large', 'nocache', dist, file));
        rows.store.push(child('--child-large', 'cache', dist, file));
        rows.cached.push(child('--child-large', 'cache', dist, file));
        rmSync(cache, { recursive: true, force: true });
      }
      console.log(`  a ${(size / 1e6).toFixed(0)} MB file of ${what} (${rows.nocache[0].objects} objects; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}), ${runs} runs, fresh process each:`);
      const bare = rows['js-yaml'];
      console.log(`    js-yaml loadAll         CPU ${median(bare.map((x) => x.cpu_ms)).toFixed(0)} ms (wall ${median(bare.map((x) => x.wall_ms)).toFixed(0)} ms), peak RSS ${median(bare.map((x) => x.rss_mb)).toFixed(0)} MB`);
      const key = what === 'List' ? 'largeList' : 'large';
      for (const [label, name, goal] of [['without the cache', 'nocache', '≤ 1.5×'], ['storing in the cache', 'store', '≤ 1.5×'], ['from the cache', 'cached', '< the store, < 1×']]) {
        const xs = rows[name];
        const cpu = ratios(xs.map((x) => x.cpu_ms), bare.map((x) => x.cpu_ms));
        const rss = ratios(xs.map((x) => x.rss_mb), bare.map((x) => x.rss_mb));
        figures[`${key}-${name}`] = { cpu: median(cpu), rss: median(rss) };
        console.log(`    loadManifests ${label.padEnd(21)} CPU ${median(xs.map((x) => x.cpu_ms)).toFixed(0)} ms ${spread(cpu)}, peak RSS ${median(xs.map((x) => x.rss_mb)).toFixed(0)} MB ${spread(rss)} (goal ${goal})`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === here) {
  const args = process.argv.slice(2);
  const opt = {};
  for (let i = 0; i < args.length; i += 2) opt[args[i].replace(/^--/, '')] = args[i] === '--dist' ? path.resolve(args[i + 1]) : Number(args[i + 1]);
  run(opt);
}
