// What the package costs each Jest test file (issue 37: "start-up per spec file, the first answer, a suite of 200 spec
// files"): a real Jest run (--runInBand, one process) over N spec files that each make one toBeSchedulableOn assertion,
// against the same run over N spec files that assert nothing of the package, in a temporary project that installs the
// package from --dist as `jest-k8s-placement`. The difference of the two runs' CPU time over N is the package's cost per
// spec file (Jest compiles every module a test file loads, again for each test file); times 200, a suite's. Jest's
// transform cache is warmed by a first run of each, not timed. Part of `npm run bench`, never a test.
//
//   node scripts/bench-specs.mjs [--dist dist] [--files 40] [--runs 3]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const repo = path.resolve(path.dirname(here), '..');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
};

const ASSERTING = `const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'web:1', resources: { requests: { cpu: '500m', memory: '256Mi' } } }] } };
const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, status: { allocatable: { cpu: '2', memory: '4Gi', pods: '110' } } };
test('web fits n1', () => { expect(pod).toBeSchedulableOn(node); });
`;
const EMPTY = `test('nothing of the package', () => { expect(1).toBe(1); });
`;

/** A project with the package from `dist`, Jest from this repository, and two folders of spec files. */
function project(dist, files) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jkp-bench-specs-'));
  const pkg = path.join(dir, 'node_modules', 'jest-k8s-placement');
  mkdirSync(pkg, { recursive: true });
  cpSync(path.join(repo, 'package.json'), path.join(pkg, 'package.json'));
  symlinkSync(dist, path.join(pkg, 'dist'), 'dir');
  // the package's own dependencies, as an install would place them beside it
  symlinkSync(path.join(repo, 'node_modules'), path.join(pkg, 'node_modules'), 'dir');
  writeFileSync(path.join(dir, 'jest.config.js'), `module.exports = {
  rootDir: __dirname, testEnvironment: 'node', setupFilesAfterEnv: ['jest-k8s-placement/jest'],
  testMatch: ['<rootDir>/' + process.env.JKP_SPECS + '/*.test.js'], cacheDirectory: '<rootDir>/.jest-cache',
};
`);
  for (const [folder, text] of [['asserting', ASSERTING], ['empty', EMPTY]]) {
    mkdirSync(path.join(dir, folder));
    for (let i = 0; i < files; i++) writeFileSync(path.join(dir, folder, `s${i}.test.js`), text);
  }
  return dir;
}

/** One Jest run over a folder of the project: its process's CPU time in ms. */
function jestCpu(dir, folder) {
  const jest = path.join(path.dirname(createRequire(path.join(repo, 'package.json')).resolve('jest/package.json')), 'bin', 'jest.js');
  const wrapper = `process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write('JKP_CPU ' + (u.user + u.system) / 1000 + '\\n'); });
process.argv = [process.argv[0], ${JSON.stringify(jest)}, '-c', 'jest.config.js', '--runInBand', '--silent'];
require(${JSON.stringify(jest)});`;
  const r = spawnSync(process.execPath, ['-e', wrapper], { cwd: dir, encoding: 'utf8', env: { ...process.env, JKP_SPECS: folder, CI: 'true' } });
  const cpu = /JKP_CPU ([\d.]+)/.exec(r.stderr);
  if (r.status !== 0 || !cpu) throw new Error(`jest over ${folder} failed:\n${r.stderr.slice(-2000)}`);
  return Number(cpu[1]);
}

export function run({ dist = path.join(repo, 'dist'), files = 40, runs = 3 } = {}) {
  const dir = project(path.resolve(dist), files);
  try {
    jestCpu(dir, 'asserting'); // Jest's transform cache, not timed
    jestCpu(dir, 'empty');
    const perFile = [];
    for (let r = 0; r < runs; r++) perFile.push((jestCpu(dir, 'asserting') - jestCpu(dir, 'empty')) / files);
    const figure = median(perFile);
    console.log(`spec files: Jest --runInBand over ${files} spec files with one toBeSchedulableOn assertion each, against ${files} that assert nothing of the package, ${runs} interleaved runs`);
    console.log(`  the package's CPU time per spec file: median ${figure.toFixed(1)} ms, runs [${perFile.map((x) => x.toFixed(1)).join(', ')}]; a suite of 200 spec files: ${(figure * 200 / 1000).toFixed(1)} s`);
    return { perFile: figure };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === here) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  run({ dist: option('--dist', path.join(repo, 'dist')), files: Number(option('--files', 40)), runs: Number(option('--runs', 3)) });
}
