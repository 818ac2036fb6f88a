// npm run test:oracle [-- --cases N] [-- --seed S] [-- --release 1.37[,1.35]]: build the oracle binaries from
// upstream's Go packages (cached by Go), check the copied upstream code and the texts marked @upstream for drift
// (go test, scripts/upstream-texts.mjs --check), then run the
// differential comparison per release (test/oracle/run.ts), every oracle/k8s-<minor>/ module unless --release
// names some. Exit 1 on any unexplained difference or stale known deviation. Needs Go; `npm test` does not.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
// Every argument is `--name value` with a known name; anything else (`--help` too) prints the usage, runs nothing.
const KNOWN = ['cases', 'seed', 'release', 'domains', 'jobs', 'corpus-draws'];
if (args.some((a, i) => (i % 2 === 0 ? !KNOWN.includes(a.replace(/^--/, '')) || !a.startsWith('--') : false)) || args.length % 2) {
  console.log(`usage: npm run test:oracle -- [--cases N] [--seed S] [--release 1.37[,1.35|karpenter-1.15]] [--domains a,b] [--jobs J] [--corpus-draws D]
(the bounded CI run: no arguments; domains: test/oracle/domains.ts)`);
  process.exit(args.includes('--help') ? 0 : 2);
}
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const cases = flag('cases', '2000');
const seed = flag('seed', String(Date.now() % 1_000_000));
// a Karpenter module is named as it is (`--release karpenter-1.14`)
const only = flag('release')?.split(',').map((r) => (r.trim().startsWith('karpenter-') ? r.trim() : `k8s-${r.trim()}`));
// --domains a,b: only those domains (test/oracle/domains.ts names)
const domains = flag('domains');
// Releases run side by side (one Node and one oracle process each); the TypeScript side is the bottleneck.
const jobs = Number(flag('jobs', String(Math.max(1, availableParallelism()))));
// the corpus pass (test/oracle/corpus.ts): cases per real workload and release (run.ts's default when not given)
const corpusDraws = flag('corpus-draws');

const go = spawnSync('go', ['version'], { encoding: 'utf8' });
if (go.status !== 0) {
  console.error('test:oracle needs Go (the oracle is built from k8s.io/kubernetes); see oracle/README.md');
  process.exit(2);
}
// GOTOOLCHAIN=local: a module asking for a newer Go fails at once instead of downloading a toolchain, unless its
// go.mod names one (toolchainOf).
const goEnv = { ...process.env, GOTOOLCHAIN: 'local', CGO_ENABLED: '0', GOFLAGS: '-mod=readonly' };
const modules = readdirSync(path.join(root, 'oracle'))
  .filter((d) => /^(k8s|karpenter)-\d+\.\d+$/.test(d) && existsSync(path.join(root, 'oracle', d, 'go.mod')));
const unknown = (only ?? []).filter((d) => !modules.includes(d));
if (unknown.length) {
  console.error(`test:oracle: no module oracle/${unknown.join(', oracle/')} (have: ${modules.map((d) => (d.startsWith('k8s-') ? d.slice(4) : d)).join(', ')})`);
  process.exit(2);
}
const releases = modules.filter((d) => !only || only.includes(d))
  .sort((a, b) => (a.startsWith('karpenter-') === b.startsWith('karpenter-')
    ? Number(a.split('.')[1]) - Number(b.split('.')[1]) : a.startsWith('karpenter-') ? 1 : -1)); // Karpenter last

/**
 * What the release's kube-scheduler binary reports as its version: upstream stamps it with -ldflags -X
 * (hack/lib/version.sh); a plain `go build` leaves "v0.0.0-master+$Format:%H$", which NodeDeclaredFeatures
 * (1.36+) cannot parse. The version is the module's pinned k8s.io/kubernetes.
 */
function versionLdflags(cwd) {
  const m = /^\s*k8s\.io\/kubernetes v(\d+)\.(\d+)\.(\d+)\s*$/m.exec(readFileSync(path.join(cwd, 'go.mod'), 'utf8'));
  if (!m) throw new Error(`${cwd}/go.mod: no k8s.io/kubernetes requirement`);
  const pkg = 'k8s.io/component-base/version';
  return `-ldflags=-X ${pkg}.gitVersion=v${m[1]}.${m[2]}.${m[3]} -X ${pkg}.gitMajor=${m[1]} -X ${pkg}.gitMinor=${m[2]}`;
}

/**
 * The module's Go: its go.mod `toolchain` line, else its `go` line when that is newer than the machine's Go (a release
 * that asks for a newer Go, e.g. Karpenter v1.14.3's go 1.26.10: the Go module proxy serves that toolchain once, then
 * Go's module cache keeps it), else the machine's (GOTOOLCHAIN=local).
 */
function toolchainOf(cwd) {
  const mod = readFileSync(path.join(cwd, 'go.mod'), 'utf8');
  const toolchain = /^toolchain\s+(go\d+\.\d+(?:\.\d+)?)\s*$/m.exec(mod);
  if (toolchain) return toolchain[1];
  const want = /^go\s+(\d+)\.(\d+)(?:\.(\d+))?\s*$/m.exec(mod);
  const have = /go(\d+)\.(\d+)(?:\.(\d+))?/.exec(go.stdout);
  const num = (m) => (m ? [1, 2, 3].map((i) => Number(m[i] ?? 0)) : [0, 0, 0]);
  const [w, h] = [num(want), num(have)];
  const newer = w[0] - h[0] || w[1] - h[1] || w[2] - h[2];
  return newer > 0 ? `go${w.join('.')}` : 'local';
}

/** A go command in a module; resolves when it exits, failing the whole run when it fails. */
function goStep(cwd, dir, step) {
  return new Promise((resolve) => {
    const child = spawn('go', step, { cwd, env: { ...goEnv, GOTOOLCHAIN: toolchainOf(cwd) }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('close', (status) => {
      if (status === 0) return resolve();
      console.error(`oracle/${dir}: go ${step[0]} failed`);
      process.exit(2);
    });
  });
}

/**
 * go test (the drift checks), then go build. Releases build side by side: with warm caches a build is a link, which
 * is mostly one core, and after `git clean` every release relinks.
 */
async function build(dir) {
  const cwd = path.join(root, 'oracle', dir);
  // bin/ is git-ignored; each module has its own, so the binaries of two releases never overwrite each other, and
  // Go's build cache (outside the tree) keeps both releases' packages. An up-to-date binary is not relinked.
  const binary = path.join(cwd, 'bin', 'oracle');
  await goStep(cwd, dir, ['test', './...']);
  // Karpenter's module has no kube-scheduler version to stamp
  await goStep(cwd, dir, ['build', ...(dir.startsWith('k8s-') ? [versionLdflags(cwd)] : []), '-o', binary, '.']);
  // the outageTimeline domain's answer is a test binary (oracle/shared/outage_test.go: synctest.Test needs a
  // *testing.T), beside bin/oracle; go test -c relinks it only when its packages changed
  if (dir.startsWith('k8s-')) await goStep(cwd, dir, ['test', '-c', '-o', path.join(cwd, 'bin', 'oracle-outage'), '.']);
  return [dir, binary];
}

const tsNode = createRequire(import.meta.url).resolve('ts-node/register');

// The bounded run (no --cases) shares the Karpenter domains' cases among the Karpenter modules, so that a release more
// costs no CI time: each module runs the same domains on another release (2,000 cases per domain in all).
const karpenterModules = releases.filter((d) => d.startsWith('karpenter-')).length;
const casesFor = (dir) => (dir.startsWith('karpenter-') && flag('cases') === undefined && karpenterModules > 1
  ? String(Math.ceil(Number(cases) / karpenterModules)) : cases);

/** One release's differential run; resolves with its whole output, so that parallel runs print one after another. */
function run(dir, binary) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', tsNode, path.join(root, 'test/oracle/run.ts'),
      '--oracle', binary, '--release', dir.startsWith('k8s-') ? dir.slice(4) : dir, '--cases', casesFor(dir), '--seed', seed, ...(domains ? ['--domains', domains] : []),
      ...(corpusDraws ? ['--corpus-draws', corpusDraws] : [])], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        TS_NODE_TRANSPILE_ONLY: '1',
        TS_NODE_COMPILER_OPTIONS: JSON.stringify({ module: 'commonjs', moduleResolution: 'node10', ignoreDeprecations: '6.0' }),
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b) => (stdout += b));
    child.stderr.on('data', (b) => (stderr += b));
    child.on('close', (status) => resolve({ dir, status, stdout, stderr }));
  });
}

async function runAll(binaries) {
  const results = [];
  const queue = [...releases];
  const worker = async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) results.push(await run(dir, binaries.get(dir)));
  };
  await Promise.all(Array.from({ length: Math.min(jobs, releases.length) }, worker));
  return releases.map((dir) => results.find((r) => r.dir === dir));
}

const binaries = new Map(await Promise.all(releases.map(build)));
// the drift check of upstream's exact texts (CONTRIBUTING.md): once the builds have the pinned sources in Go's module
// cache, each text marked @upstream in src/ must still be a string literal there, as test/fixtures/upstream-texts.json says
if (spawnSync(process.execPath, [path.join(root, 'scripts/upstream-texts.mjs'), '--check'], { stdio: 'inherit' }).status !== 0) process.exit(1);
const totals = { cases: 0, differences: 0, known: 0 };
// the corpus pass's own line per release (`oracle corpus k8s 1.37: N workloads × M cases, …` or `… skipped: why`)
const corpus = { workloads: 0, cases: 0, differences: 0, known: 0, skipped: '', seen: false };
let failed = false;
for (const r of await runAll(binaries)) {
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  // run.ts ends with its release's summary line
  const m = /^oracle (?:k8s [\d.]+|karpenter-[\d.]+): (\d+) cases, (\d+) differences, (\d+) known$/m.exec(r.stdout);
  if (!m || r.status !== 0) failed = true;
  const c = /^oracle corpus k8s [\d.]+: (?:(\d+) workloads × (\d+) cases, (\d+) differences, (\d+) known|skipped: (.*))$/m.exec(r.stdout);
  if (c) {
    corpus.seen = true;
    if (c[5] !== undefined) corpus.skipped = c[5];
    else {
      corpus.workloads = Math.max(corpus.workloads, Number(c[1]));
      corpus.cases += Number(c[2]);
      corpus.differences += Number(c[3]);
      corpus.known += Number(c[4]);
    }
  }
  if (m) {
    totals.cases += Number(m[1]);
    totals.differences += Number(m[2]);
    totals.known += Number(m[3]);
  }
}
// N workloads × M cases: M is the cases per workload over every release run
if (corpus.seen) {
  console.log(corpus.skipped && !corpus.workloads ? `oracle corpus: skipped: ${corpus.skipped}`
    : `oracle corpus: ${corpus.workloads} workloads × ${corpus.cases} cases, ${corpus.differences} differences, ${corpus.known} known`);
}
console.log(`oracle: ${totals.cases} cases, ${totals.differences} differences, ${totals.known} known`);
process.exit(failed ? 1 : 0);
