// The loader's figures (issue 23): parseManifests of the argo-cd bundle against a bare js-yaml loadAll, cold (the
// first call in a fresh process, library load included) and warm (interleaved in one process); and loadManifests of
// the corpus tree (../shared/corpus, about 4.6 MB) read back from the disk cache in a fresh process, against parsing
// it there ({ cache: false }). Part of `npm run bench`, never a test.
//
//   node scripts/bench-load.mjs [--dist dist] [--runs 7]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
  const t0 = performance.now();
  const lib = which === 'js-yaml' ? require('js-yaml') : require(path.resolve(dist, 'index.js'));
  const t1 = performance.now();
  if (which === 'js-yaml') lib.loadAll(text);
  else lib.parseManifests(text, 'install.yaml');
  const t2 = performance.now();
  console.log(JSON.stringify({ require_ms: t1 - t0, parse_ms: t2 - t1, total_ms: t2 - t0 }));
  process.exit(0);
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

export function run({ dist = path.join(repo, 'dist'), runs = 7 } = {}) {
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
  const warm = { bare: [], ours: [] };
  for (let r = 0; r < 3 * runs; r++) {
    // each parse starts from a collected heap, so neither pays for the other's garbage
    collectGarbage();
    let t = performance.now();
    yaml.loadAll(text);
    warm.bare.push(performance.now() - t);
    collectGarbage();
    t = performance.now();
    lib.parseManifests(text, 'install.yaml');
    warm.ours.push(performance.now() - t);
  }
  const cold = { bare: [], ours: [] };
  for (let r = 0; r < runs; r++) {
    cold.bare.push(child('--child-parse', 'js-yaml', dist).total_ms);
    cold.ours.push(child('--child-parse', 'package', dist).total_ms);
  }
  figures.warmRatio = median(warm.ours) / median(warm.bare);
  figures.coldRatio = median(cold.ours) / median(cold.bare);
  console.log(`  warm parseManifests ${median(warm.ours).toFixed(1)} ms vs js-yaml loadAll ${median(warm.bare).toFixed(1)} ms: ${figures.warmRatio.toFixed(2)}× (target ≤ 1.10; ${warm.ours.length} interleaved)`);
  console.log(`  cold (require + first parse, fresh process) ${median(cold.ours).toFixed(1)} ms vs ${median(cold.bare).toFixed(1)} ms: ${figures.coldRatio.toFixed(2)}× (target ≤ 1.10; ${runs} interleaved)`);

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
  return figures;
}

if (process.argv[1] === here) {
  const args = process.argv.slice(2);
  const opt = {};
  for (let i = 0; i < args.length; i += 2) opt[args[i].replace(/^--/, '')] = args[i] === '--dist' ? path.resolve(args[i + 1]) : Number(args[i + 1]);
  run(opt);
}
