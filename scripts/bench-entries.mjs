// What each runner entry costs per test file (issue 23): Jest evaluates the setup entry in a fresh module registry
// for every test file. `/jest` and `/jest-globals` (CommonJS) are required with the whole require cache emptied
// first, N times in one process (as a Jest worker does, V8's compile cache warm); `/vitest` (ESM) is imported N times
// under a fresh URL per run (see --child-esm). The runners are stand-ins that record what the entry registers. Part
// of `npm run bench`, never a test.
//
//   node scripts/bench-entries.mjs [--dist dist] [--runs 40]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(import.meta.url);
const repo = path.resolve(path.dirname(here), '..');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
};

// a runner's expect and hooks, enough for the entries to register themselves
const runner = () => {
  const noop = () => {};
  return { expect: Object.assign(() => ({}), { extend: noop, addSnapshotSerializer: noop }), beforeEach: noop, afterEach: noop, beforeAll: noop, afterAll: noop };
};

if (process.argv[2] === '--child-cjs') {
  const [entry, dist, runs] = process.argv.slice(3);
  const require = createRequire(import.meta.url);
  const file = path.resolve(dist, `${entry}.js`);
  const globalsPath = require.resolve('@jest/globals', { paths: [repo] });
  const times = [];
  for (let i = 0; i < Number(runs); i++) {
    for (const k of Object.keys(require.cache)) delete require.cache[k];
    const r = runner();
    Object.assign(globalThis, r);
    // @jest/globals only works inside Jest: the stand-in takes its place in the (empty) registry
    require.cache[globalsPath] = { id: globalsPath, filename: globalsPath, loaded: true, exports: { ...r, jest: {} } };
    const t = performance.now();
    require(file);
    times.push(performance.now() - t);
  }
  console.log(JSON.stringify({ times }));
  process.exit(0);
}
if (process.argv[2] === '--child-esm') {
  const [dist, runs] = process.argv.slice(3);
  const require = createRequire(import.meta.url);
  // `vitest` resolves to a stand-in (a data: URL); every module of the build imported from `vitest.mjs?v=N` gets the
  // same `?v=N`, so each import is a fresh ESM graph (and the CommonJS modules behind it, with the require cache
  // emptied, are evaluated again): one fresh registry per run, V8's compile cache warm as in a Vitest worker
  const { register } = await import('node:module');
  const stub = `data:text/javascript,${encodeURIComponent('const noop=()=>{};export const expect=Object.assign(()=>({}),{extend:noop,addSnapshotSerializer:noop});export const beforeEach=noop,afterEach=noop,afterAll=noop,beforeAll=noop;')}`;
  const root = pathToFileURL(path.resolve(dist)).href;
  const hooks = `export async function resolve(s, c, next) {
    if (s === 'vitest') return { url: ${JSON.stringify(stub)}, shortCircuit: true };
    const r = await next(s, c);
    const q = c.parentURL && c.parentURL.startsWith(${JSON.stringify(root)}) ? c.parentURL.slice(c.parentURL.indexOf('?') + 1 || c.parentURL.length) : '';
    return q && r.url.startsWith(${JSON.stringify(root)}) && !r.url.includes('?') ? { ...r, url: r.url + '?' + q } : r;
  }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
  const times = [];
  for (let i = 0; i < Number(runs); i++) {
    for (const k of Object.keys(require.cache)) delete require.cache[k];
    const t = performance.now();
    await import(`${pathToFileURL(path.resolve(dist, 'vitest.mjs')).href}?v=${i}`);
    times.push(performance.now() - t);
  }
  console.log(JSON.stringify({ times }));
  process.exit(0);
}

export function run({ dist = path.join(repo, 'dist'), runs = 40 } = {}) {
  const child = (...args) => {
    const r = spawnSync(process.execPath, [here, ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`bench-entries ${args.join(' ')} failed:\n${r.stderr}`);
    return JSON.parse(r.stdout.trim().split('\n').pop()).times;
  };
  console.log(`entries: cost per fresh module registry, median of ${runs}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const figures = {};
  for (const entry of ['jest', 'jest-globals']) {
    const times = child('--child-cjs', entry, dist, String(runs));
    figures[entry] = median(times);
    console.log(`  /${entry.padEnd(13)} ${figures[entry].toFixed(2)} ms (target ≤ 3; first ${times[0].toFixed(1)} ms)`);
  }
  const esm = child('--child-esm', dist, String(runs));
  figures.vitest = median(esm);
  console.log(`  /vitest        ${figures.vitest.toFixed(2)} ms (target ≤ 3; first ${esm[0].toFixed(1)} ms)`);
  return figures;
}

if (process.argv[1] === here) {
  const args = process.argv.slice(2);
  const opt = {};
  for (let i = 0; i < args.length; i += 2) opt[args[i].replace(/^--/, '')] = args[i] === '--dist' ? path.resolve(args[i + 1]) : Number(args[i + 1]);
  run(opt);
}
