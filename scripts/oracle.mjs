// npm run test:oracle [-- --cases N] [-- --seed S]: build the oracle binaries from upstream's Go packages (cached by
// Go), check the copied upstream code for drift (go test), then run the differential comparison per release
// (test/oracle/run.ts). Exit 1 on any unexplained difference or stale known deviation. Needs Go; `npm test` does not.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const cases = flag('cases', '2000');
const seed = flag('seed', String(Date.now() % 1_000_000));
const only = flag('release');

const go = spawnSync('go', ['version'], { encoding: 'utf8' });
if (go.status !== 0) {
  console.error('test:oracle needs Go (the oracle is built from k8s.io/kubernetes); see oracle/README.md');
  process.exit(2);
}
// GOTOOLCHAIN=local: a module asking for a newer Go fails at once instead of downloading a toolchain.
const goEnv = { ...process.env, GOTOOLCHAIN: 'local', CGO_ENABLED: '0', GOFLAGS: '-mod=readonly' };
const releases = readdirSync(path.join(root, 'oracle'))
  .filter((d) => /^k8s-\d+\.\d+$/.test(d) && existsSync(path.join(root, 'oracle', d, 'go.mod')))
  .filter((d) => !only || d === `k8s-${only}`)
  .sort();
// Karpenter: its own modules, oracle/karpenter-<minor> (`--release karpenter-1.14` runs that one alone).
releases.push(...readdirSync(path.join(root, 'oracle'))
  .filter((d) => /^karpenter-\d+\.\d+$/.test(d) && existsSync(path.join(root, 'oracle', d, 'go.mod')))
  .filter((d) => !only || d === only)
  .sort());

const tsNode = createRequire(import.meta.url).resolve('ts-node/register');
const totals = { cases: 0, differences: 0, known: 0 };
let failed = false;
for (const dir of releases) {
  const cwd = path.join(root, 'oracle', dir);
  const binary = path.join(cwd, 'bin', 'oracle');
  for (const step of [['test', './...'], ['build', '-o', binary, '.']]) {
    const r = spawnSync('go', step, { cwd, env: goEnv, stdio: ['ignore', 'inherit', 'inherit'] });
    if (r.status !== 0) {
      console.error(`oracle/${dir}: go ${step[0]} failed`);
      process.exit(2);
    }
  }
  const run = spawnSync(process.execPath, ['-r', tsNode, path.join(root, 'test/oracle/run.ts'),
    '--oracle', binary, '--release', dir.startsWith('k8s-') ? dir.slice(4) : dir, '--cases', cases, '--seed', seed], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 256 << 20,
    env: {
      ...process.env,
      TS_NODE_TRANSPILE_ONLY: '1',
      TS_NODE_COMPILER_OPTIONS: JSON.stringify({ module: 'commonjs', moduleResolution: 'node10', ignoreDeprecations: '6.0' }),
    },
  });
  process.stdout.write(run.stdout ?? '');
  const m = /^oracle: (\d+) cases, (\d+) differences, (\d+) known$/m.exec(run.stdout ?? '');
  if (!m || run.status !== 0) failed = true;
  if (m) {
    totals.cases += Number(m[1]);
    totals.differences += Number(m[2]);
    totals.known += Number(m[3]);
  }
}
if (releases.length > 1) console.log(`oracle: ${totals.cases} cases, ${totals.differences} differences, ${totals.known} known`);
process.exit(failed ? 1 : 0);
