// What the package costs each Jest test file (issue 37: "start-up per spec file, the first answer, a suite of 200 spec
// files"): a real Jest run (--runInBand, one process) over N spec files that each make one toBeSchedulableOn assertion,
// against the same run over N spec files that assert nothing of the package, in a temporary project that installs the
// package from --dist as `jest-k8s-placement`. Each asserting spec file times its own use of the package on Jest's main
// thread (Jest compiles every module a test file loads, again for each test file): the median is the package's cost per
// spec file; times 200, a suite's. The difference of the two whole runs' CPU time over N is printed beside it. The same
// with a loadManifests of 50 objects first (read back from the package's disk cache, as every spec file after the
// first reads them). The package is copied into the project's node_modules, as npm installs it (so Jest does not
// transform it). Jest's transform cache and the disk cache are warmed by a first run of each, not timed. Part of
// `npm run bench`, never a test.
//
//   node scripts/bench-specs.mjs [--dist dist] [--files 40] [--runs 3]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './bench-cluster.mjs';

const here = fileURLToPath(import.meta.url);
const repo = path.resolve(path.dirname(here), '..');

// Each spec file also times what it asks of the package (the main thread's CPU time, as the runs below) into
// $JKP_SPEC_TIMES: the package's load on the first call included, and the loading spec file's require and load.
const ASSERTING = `const cpu = require('../cpu.js');
const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'web:1', resources: { requests: { cpu: '500m', memory: '256Mi' } } }] } };
const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, status: { allocatable: { cpu: '2', memory: '4Gi', pods: '110' } } };
test('web fits n1', () => { const t = cpu.now(); expect(pod).toBeSchedulableOn(node); cpu.record(t); });
`;
// the same assertion on manifests a spec file loads: read back from the disk cache after the first spec file
const LOADING = `const cpu = require('../cpu.js');
const t = cpu.now();
const { loadManifests } = require('jest-k8s-placement');
const m = loadManifests('manifests/*.yaml', { cwd: require('node:path').join(__dirname, '..') });
const web = m.get('Deployment/web-7');
test('web-7 fits n1', () => { expect(web).toBeSchedulableOn(m.nodes()[0]); cpu.record(t); });
`;
const CPU = `const fs = require('node:fs');
// the main thread's CPU time in ms (Linux's schedstat; the process's elsewhere)
exports.now = () => {
  try {
    return Number(fs.readFileSync('/proc/self/task/' + process.pid + '/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
};
exports.record = (since) => { if (process.env.JKP_SPEC_TIMES) fs.appendFileSync(process.env.JKP_SPEC_TIMES, (exports.now() - since) + '\\n'); };
`;
const EMPTY = `test('nothing of the package', () => { expect(1).toBe(1); });
`;
/** 40 Deployments and 10 Nodes, as a repository's manifests hold them. */
const MANIFESTS = [
  ...Array.from({ length: 40 }, (_, i) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web-${i}, namespace: default, labels: {app: web-${i}}}
spec:
  replicas: 2
  selector: {matchLabels: {app: web-${i}}}
  template:
    metadata: {labels: {app: web-${i}}}
    spec:
      tolerations: [{key: dedicated, operator: Equal, value: web, effect: NoSchedule}]
      containers: [{name: web, image: 'registry.example/web:${i}', resources: {requests: {cpu: 250m, memory: 256Mi}}}]
`),
  ...Array.from({ length: 10 }, (_, i) => `apiVersion: v1
kind: Node
metadata: {name: n${i + 1}, labels: {kubernetes.io/hostname: n${i + 1}, topology.kubernetes.io/zone: zone-${i % 3}}}
status: {allocatable: {cpu: '4', memory: 16Gi, pods: '110'}}
`),
].join('---\n');

/** A project with the package from `dist`, Jest from this repository, and two folders of spec files. */
function project(dist, files) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jkp-bench-specs-'));
  const pkg = path.join(dir, 'node_modules', 'jest-k8s-placement');
  mkdirSync(pkg, { recursive: true });
  cpSync(path.join(repo, 'package.json'), path.join(pkg, 'package.json'));
  // copied, as npm installs it: a symlink would resolve outside node_modules, where Jest's default transform
  // (babel-jest) compiles every module of the package, as no user's install does
  cpSync(dist, path.join(pkg, 'dist'), { recursive: true });
  // the package's own dependencies, as an install would place them beside it
  symlinkSync(path.join(repo, 'node_modules'), path.join(pkg, 'node_modules'), 'dir');
  writeFileSync(path.join(dir, 'jest.config.js'), `module.exports = {
  rootDir: __dirname, testEnvironment: 'node', setupFilesAfterEnv: ['jest-k8s-placement/jest'],
  testMatch: ['<rootDir>/' + process.env.JKP_SPECS + '/*.test.js'], cacheDirectory: '<rootDir>/.jest-cache',
};
`);
  mkdirSync(path.join(dir, 'manifests'));
  writeFileSync(path.join(dir, 'manifests', 'cluster.yaml'), MANIFESTS);
  writeFileSync(path.join(dir, 'cpu.js'), CPU);
  for (const [folder, text] of [['asserting', ASSERTING], ['loading', LOADING], ['empty', EMPTY]]) {
    mkdirSync(path.join(dir, folder));
    for (let i = 0; i < files; i++) writeFileSync(path.join(dir, folder, `s${i}.test.js`), text);
  }
  return dir;
}

/** One Jest run over a folder of the project: its main thread's CPU time in ms. */
function jestCpu(dir, folder, times = '') {
  const jest = path.join(path.dirname(createRequire(path.join(repo, 'package.json')).resolve('jest/package.json')), 'bin', 'jest.js');
  // the main thread's CPU time (Linux's schedstat; the process's elsewhere): with --runInBand every spec file runs on
  // it, and the garbage collector's and Jest's other threads only add noise
  const wrapper = `process.on('exit', () => { let ms; try { ms = Number(require('fs').readFileSync('/proc/self/task/' + process.pid + '/schedstat', 'utf8').split(' ')[0]) / 1e6; } catch { const u = process.cpuUsage(); ms = (u.user + u.system) / 1000; } process.stderr.write('JKP_CPU ' + ms + '\\n'); });
process.argv = [process.argv[0], ${JSON.stringify(jest)}, '-c', 'jest.config.js', '--runInBand', '--silent'];
require(${JSON.stringify(jest)});`;
  const env = { ...process.env, JKP_SPECS: folder, CI: 'true', JEST_K8S_PLACEMENT_CACHE: path.join(dir, '.jkp-cache'), JKP_SPEC_TIMES: times };
  const r = spawnSync(process.execPath, ['-e', wrapper], { cwd: dir, encoding: 'utf8', env });
  const cpu = /JKP_CPU ([\d.]+)/.exec(r.stderr);
  if (r.status !== 0 || !cpu) throw new Error(`jest over ${folder} failed:\n${r.stderr.slice(-2000)}`);
  return Number(cpu[1]);
}

export function run({ dist = path.join(repo, 'dist'), files = 40, runs = 3 } = {}) {
  const dir = project(path.resolve(dist), files);
  try {
    // Jest's transform cache and the package's disk cache, not timed
    for (const folder of ['asserting', 'loading', 'empty']) jestCpu(dir, folder);
    const perFile = [];
    const loading = [];
    const times = { asserting: path.join(dir, 'asserting.times'), loading: path.join(dir, 'loading.times') };
    for (let r = 0; r < runs; r++) {
      const empty = jestCpu(dir, 'empty');
      perFile.push((jestCpu(dir, 'asserting', times.asserting) - empty) / files);
      loading.push((jestCpu(dir, 'loading', times.loading) - empty) / files);
    }
    // every spec file's own time, over the runs: steadier than a difference of two whole runs
    const timed = (file) => readFileSync(file, 'utf8').trim().split('\n').map(Number);
    const figure = median(timed(times.asserting));
    const loaded = median(timed(times.loading));
    console.log(`spec files: Jest --runInBand over ${files} spec files with one toBeSchedulableOn assertion each (and ${files} that first load 50 manifests, read back from the disk cache), against ${files} that assert nothing of the package, ${runs} interleaved runs; CPU time of Jest's main thread`);
    console.log(`  the package's per spec file, timed in each: median ${figure.toFixed(1)} ms; a suite of 200 spec files: ${(figure * 200 / 1000).toFixed(1)} s; the runs against the empty ones: [${perFile.map((x) => x.toFixed(1)).join(', ')}] ms`);
    console.log(`  with loadManifests first: median ${loaded.toFixed(1)} ms; a suite of 200: ${(loaded * 200 / 1000).toFixed(1)} s; the runs against the empty ones: [${loading.map((x) => x.toFixed(1)).join(', ')}] ms`);
    return { perFile: figure, loading: loaded };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === here) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  run({ dist: option('--dist', path.join(repo, 'dist')), files: Number(option('--files', 40)), runs: Number(option('--runs', 3)) });
}
