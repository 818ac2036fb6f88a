// End to end from the packed tarball: the run report from a two-worker Jest run (with jest-junit beside it)
// and from a Vitest run, the HTML checked in headless Chromium, the shard merge, and the CLI's commands as
// subprocesses (stdin included). The example platform's rendered manifests are the input.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';

const root = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const version = (name) => lock.packages[`node_modules/${name}`].version;
const tmp = mkdtempSync(path.join(tmpdir(), 'jest-k8s-placement-report-'));
const env = { ...process.env, FORCE_COLOR: '0', CI: 'true' };
delete env.GITHUB_STEP_SUMMARY;
delete env.JEST_K8S_PLACEMENT_RECORDS;
const started = Date.now();
const run = (cmd, args, cwd, options = {}) => {
  console.log(`$ ${cmd} ${args.join(' ')}  [${((Date.now() - started) / 1000).toFixed(1)}s]`);
  return spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...env, ...options.env }, input: options.input });
};
const ok = (r) => {
  if (r.status !== 0) throw new Error(`exit ${r.status}\n${r.stdout}\n${r.stderr}`);
  return r;
};
const json = (file) => JSON.parse(readFileSync(file, 'utf8'));

// A Jest spec file per team, so that two workers each run one; one assertion fails on purpose.
const specs = {
  'shop.spec.ts': `
import { loadManifests } from 'jest-k8s-placement';
const repo = loadManifests('platform/{apps,system}/*.yaml');
const nodes = loadManifests('platform/nodes/cluster-nodes.yaml').nodes();
const node = (name: string) => nodes.find((n) => n.metadata?.name === name)!;
const web = repo.get('deployment/web');
describe('web', () => {
  test('runs on the healthy general nodes', () => {
    expect(web).toBeSchedulableOn(node('general-b1'));
    expect(web).toBeSchedulableOn(node('general-c1'));
  });
  test('stays off the spot pool', () => {
    expect(web).not.toBeSchedulableOn(node('spot-b1'));
  });
  test('is expected to fail: web on the GPU node', () => {
    expect(web).toBeSchedulableOn(node('gpu-a1'));
  });
  test('a caught failure is not a failure of the run', () => {
    expect(() => expect(web).toBeSchedulableOn(node('system-a1'))).toThrow('TaintToleration');
  });
});
test('payments-db fails over after 30 s', () => {
  expect(repo.get('statefulset/payments-db')).toBeEvictedFrom({ ...node('general-b1'), spec: { taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }] } }).after(30);
});
`,
  'platform.spec.ts': `
import { loadManifests } from 'jest-k8s-placement';
const repo = loadManifests('platform/{apps,system}/*.yaml');
const nodes = loadManifests('platform/nodes/cluster-nodes.yaml').nodes();
test.each(repo.workloads().filter((w) => w.kind === 'DaemonSet'))('%s runs on every node', (agent) => {
  expect(agent).toBeSchedulableOnAllOf(nodes);
});
test('the training job tolerates the GPU taint', () => {
  expect(repo.get('job/train-recommender')).toTolerate('nvidia.com/gpu=present:NoSchedule');
});
`,
};

function distIsFresh() {
  const newest = (dir) => readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile()).reduce((t, e) => Math.max(t, statSync(path.join(e.parentPath, e.name)).mtimeMs), 0);
  const built = path.join(root, 'dist/index.js');
  if (!existsSync(built)) return false;
  const inputs = Math.max(newest(path.join(root, 'src')), ...['package.json', 'tsconfig.json', 'tsconfig.build.json'].map((f) => statSync(path.join(root, f)).mtimeMs));
  return statSync(built).mtimeMs > inputs && newest(path.join(root, 'dist')) >= statSync(built).mtimeMs;
}

let browserChecked = false;
try {
  // `npm test` has just built dist/ for the package test; build again only when a source is newer.
  ok(run('npm', ['pack', '--silent', '--pack-destination', tmp, ...(distIsFresh() ? ['--ignore-scripts'] : [])], root));
  const tarball = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
  const project = path.join(tmp, 'project');
  mkdirSync(project);
  cpSync(path.join(root, 'examples/platform'), path.join(project, 'platform'), { recursive: true });
  for (const [name, text] of Object.entries(specs)) writeFileSync(path.join(project, name), text);
  // Vitest: the same spec, plus the matrix serializer the /vitest entry registers
  writeFileSync(path.join(project, 'vitest.spec.ts'), `import { expect, test } from 'vitest';
import { placementMatrix } from 'jest-k8s-placement';
${specs['platform.spec.ts']}
test('the matrix prints as a table', () => {
  expect(placementMatrix([repo.get('job/train-recommender')], nodes, { groupBy: 'pool' })).toMatchInlineSnapshot(\`
    PlacementMatrix: 4 node group(s) of 7 node(s), grouped by pool

    workload                  general     gpu         spot        system
    Job ml/train-recommender  0/4 [1sb0]  1/1         0/1 [1qd6]  0/1 [180g]

    [1sb0] NodeAffinity: node(s) didn't match Pod's node affinity/selector (nodeSelector nvidia.com/gpu.present=true: node has no label nvidia.com/gpu.present)
    [180g] TaintToleration: node(s) had untolerated taint(s) (taint CriticalAddonsOnly=true:NoSchedule is not tolerated)
    [1qd6] TaintToleration: node(s) had untolerated taint(s) (taint spot=true:NoSchedule is not tolerated)
  \`);
});
`);
  writeFileSync(path.join(project, 'vitest-fail.spec.ts'), `import { expect, test } from 'vitest';
import { loadManifests } from 'jest-k8s-placement';
const gpu = loadManifests('platform/nodes/cluster-nodes.yaml').nodes().find((n) => n.metadata?.name === 'gpu-a1')!;
test('is expected to fail: web on the GPU node', () => {
  expect(loadManifests('platform/apps/web.yaml').get('deployment/web')).toBeSchedulableOn(gpu);
});
`);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }, null, 2));
  writeFileSync(path.join(project, 'jest.config.js'), `
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\\\.ts$': '@swc/jest' },
  testMatch: ['<rootDir>/*.spec.ts'],
  testPathIgnorePatterns: ['vitest'],
  setupFilesAfterEnv: ['jest-k8s-placement/jest'],
  reporters: ['default', ['jest-k8s-placement/reporter', { outputDirectory: 'report-jest' }], ['jest-junit', { outputDirectory: 'report-jest' }]],
};
`);
  writeFileSync(path.join(project, 'vitest.config.mjs'), `
export default { test: { include: ['vitest.spec.ts', 'vitest-fail.spec.ts'], setupFiles: ['jest-k8s-placement/vitest'],
  reporters: ['default', ['jest-k8s-placement/vitest-reporter', { outputDirectory: 'report-vitest' }]] } };
`);
  const deps = ['jest', '@swc/jest', '@swc/core', 'vitest', 'jest-junit'].map((n) => `${n}@${version(n)}`);
  ok(run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', path.join(tmp, tarball), ...deps], project));

  // Jest, two workers, one failing test: exit 1, and the report says why.
  const summary = path.join(tmp, 'step-summary.md');
  writeFileSync(summary, '# earlier step\n');
  const jest = run('npx', ['jest', '--ci', '--maxWorkers=2'], project, { env: { GITHUB_STEP_SUMMARY: summary } });
  assert.equal(jest.status, 1, `the run has one failing test:\n${jest.stderr}`);
  const jr = json(path.join(project, 'report-jest/placement-report.json'));
  // 2+1+1+1(caught)+1 in shop.spec.ts; 2 DaemonSets + 1 toleration in platform.spec.ts
  assert.deepEqual(jr.summary, { assertions: 9, passed: 8, failed: 1, files: 2 });
  const pids = new Set(jr.records.map((r) => r.id.split('-')[0]));
  assert.equal(pids.size, 2, `records come from two worker processes (ids ${[...pids]})`);
  const failed = jr.records.find((r) => r.testStatus === 'failed');
  assert.equal(failed.file, 'shop.spec.ts');
  assert.equal(failed.test, 'web is expected to fail: web on the GPU node');
  assert.equal(failed.subject, 'Deployment shop/web');
  assert.equal(failed.origin, 'platform/apps/web.yaml:2');
  assert.equal(failed.target, 'Node gpu-a1');
  assert.equal(failed.reason, 'TaintToleration: node(s) had untolerated taint(s)');
  assert.equal(failed.detail, 'taint nvidia.com/gpu=present:NoSchedule is not tolerated');
  assert.match(failed.message, /taint nvidia.com\/gpu=present:NoSchedule is not tolerated/);
  const caught = jr.records.find((r) => r.target === 'Node system-a1');
  assert.equal(caught.passed, false);
  assert.equal(caught.testStatus, 'passed');
  const evicted = jr.records.find((r) => r.matcher === 'toBeEvictedFrom');
  assert.equal(evicted.verdict, 'evicted after 30s', 'a chained .after(30) gives one record, with its final verdict');
  assert.equal(jr.records.filter((r) => r.matcher === 'toBeEvictedFrom').length, 1);
  const md = readFileSync(path.join(project, 'report-jest/placement-report.md'), 'utf8');
  assert.match(md, /9 placement assertion\(s\) in 2 test file\(s\): 8 passed, 1 failed\./);
  assert.match(md, /\nLegend: ✅ the assertion passed, ❌ it failed, ⚠️ it failed inside a test that passed/);
  assert.match(md, /\| ✅ rejected \(\.not\) \|/, 'a passing .not is marked as passed, apart from its verdict');
  assert.match(md, /### Failures \(1\)/);
  assert.match(md, /\| Deployment shop\/web \|/);
  assert.ok(!md.includes(project), 'no absolute paths in the Markdown');
  assert.equal(readFileSync(summary, 'utf8'), `# earlier step\n${md}\n`, 'the Markdown is appended to $GITHUB_STEP_SUMMARY');
  assert.ok(existsSync(path.join(project, 'report-jest/junit.xml')), 'jest-junit runs beside the reporter');
  const html = readFileSync(path.join(project, 'report-jest/placement-report.html'), 'utf8');
  assert.ok(!/<script|https?:\/\/|<link/.test(html), 'the HTML is self-contained and needs no JavaScript');

  // Jest --shard: each shard writes its own files (the directory from the environment); `report <dir>` merges them
  // into the unsharded run's numbers. An empty run leaves the report as it was.
  for (const shard of ['1/2', '2/2']) {
    const r = run('npx', ['jest', '--ci', `--shard=${shard}`], project, { env: { JEST_K8S_PLACEMENT_REPORT_DIR: 'report-shards' } });
    assert.ok(r.status === 0 || r.status === 1, r.stderr);
  }
  assert.deepEqual(readdirSync(path.join(project, 'report-shards')).filter((f) => f.endsWith('.json')).sort(), ['placement-report.shard-1-of-2.json', 'placement-report.shard-2-of-2.json']);
  ok(run('npx', ['jest-k8s-placement', 'report', 'report-shards', '--out', 'merged-shards'], project));
  assert.deepEqual(json(path.join(project, 'merged-shards/placement-report.json')).summary, jr.summary);
  const before = readFileSync(path.join(project, 'report-jest/placement-report.json'), 'utf8');
  const empty = ok(run('npx', ['jest', '--ci', 'no-such-spec', '--passWithNoTests'], project));
  assert.match(empty.stderr, /jest-k8s-placement: no placement assertions ran; report-jest\/placement-report\.json and its \.md and \.html are left as they were/);
  assert.equal(readFileSync(path.join(project, 'report-jest/placement-report.json'), 'utf8'), before);

  // Vitest: the same report; a failing positive assertion is recorded as failed (Vitest leaves isNot undefined).
  const vitest = run('npx', ['vitest', 'run'], project);
  assert.equal(vitest.status, 1, `the Vitest run has one failing test:\n${vitest.stdout}`);
  const vr = json(path.join(project, 'report-vitest/placement-report.json'));
  assert.deepEqual(vr.summary, { assertions: 4, passed: 3, failed: 1, files: 2 });
  assert.deepEqual(vr.records.map((r) => [r.file, r.test, r.matcher, r.passed, r.testStatus]), [
    ['vitest-fail.spec.ts', 'is expected to fail: web on the GPU node', 'toBeSchedulableOn', false, 'failed'],
    ['vitest.spec.ts', 'DaemonSet kube-system/cilium (platform/system/cni.yaml:2) runs on every node', 'toBeSchedulableOnAllOf', true, 'passed'],
    ['vitest.spec.ts', 'DaemonSet logging/fluent-bit (platform/system/logging.yaml:2) runs on every node', 'toBeSchedulableOnAllOf', true, 'passed'],
    ['vitest.spec.ts', 'the training job tolerates the GPU taint', 'toTolerate', true, 'passed'],
  ]);
  for (const f of ['placement-report.md', 'placement-report.html']) assert.ok(existsSync(path.join(project, 'report-vitest', f)));

  // The JSON reports merge into one.
  const merge = ok(run('npx', ['jest-k8s-placement', 'report', 'report-jest/placement-report.json', 'report-vitest/placement-report.json', '--out', 'merged'], project));
  assert.match(merge.stdout, /placement-report\.html/);
  assert.deepEqual(json(path.join(project, 'merged/placement-report.json')).summary, { assertions: 13, passed: 11, failed: 2, files: 4 });

  // The CLI, as a subprocess, stdin included.
  // the bin npm linked, without npx's start-up cost
  const cli = (args, input) => run(path.join(project, 'node_modules/.bin/jest-k8s-placement'), args, project, { input });
  const help = cli(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /Examples:\n {2}\$ helm template web \.\/charts\/web \| npx jest-k8s-placement explain - --nodes nodes.yaml/);
  const web = readFileSync(path.join(project, 'platform/apps/web.yaml'), 'utf8');
  const explain = cli(['explain', '-', '--nodes', 'platform/nodes/cluster-nodes.yaml'], web);
  assert.equal(explain.status, 0, explain.stderr);
  assert.match(explain.stdout, /^Deployment shop\/web \(<stdin>:2\)\n {2}schedulable on 2 of 7 node\(s\): general-b1, general-c1\n {2}Rejected:\n {4}Node system-a1:\n {6}TaintToleration: node\(s\) had untolerated taint\(s\)\n {8}taint CriticalAddonsOnly=true:NoSchedule is not tolerated/);
  const none = cli(['explain', 'platform/apps/training.yaml', '--nodes', 'platform/nodes/cluster-nodes.yaml', '--namespace', 'ml']);
  assert.match(none.stdout, /schedulable on 1 of 7 node\(s\): gpu-a1/);
  writeFileSync(path.join(project, 'pods.yaml'), 'apiVersion: v1\nkind: Pod\nmetadata: {name: batch, namespace: jobs}\nspec:\n  nodeName: general-b1\n  containers:\n  - {name: b, image: b, resources: {requests: {cpu: "7"}}}\n');
  const existing = cli(['explain', 'platform/apps/payments.yaml', '--nodes', 'platform/nodes/cluster-nodes.yaml', '--existing', 'pods.yaml']);
  assert.match(existing.stdout, /schedulable on 1 of 7 node\(s\): general-c1\n[^]*Node general-b1:\n {6}NodeResourcesFit: Insufficient cpu\n {8}Insufficient cpu: requested 2000m, allocatable 7910m, already requested by 1 pod\(s\) 7000m, free 910m/);
  const matrix = cli(['matrix', 'platform/apps', 'platform/system', '--nodes', 'platform/nodes/cluster-nodes.yaml', '--group-by', 'pool', '--format', 'json', '--failure', 'NotReady']);
  assert.equal(matrix.status, 0, matrix.stderr);
  const m = JSON.parse(matrix.stdout);
  assert.deepEqual(m.groups.map((g) => g.name), ['general', 'gpu', 'spot', 'system']);
  const payments = m.rows.find((r) => r.workload === 'StatefulSet shop/payments-db');
  assert.deepEqual(payments.cells.map((c) => `${c.accepted}/${c.nodes}`), ['2/4', '0/1', '0/1', '0/1']);
  assert.deepEqual(payments.eviction, [{ failure: 'NotReady', after: 60 }]);
  const text = cli(['matrix', '-', '--nodes', 'platform/nodes/cluster-nodes.yaml', '--group-by', 'pool'], web);
  assert.match(text.stdout, /^PlacementMatrix: 4 node group\(s\) of 7 node\(s\), grouped by pool\n\nworkload {18}general {5}gpu {9}spot {8}system\nDeployment shop\/web {7}2\/4 \[1gos\] {2}0\/1 \[1tp7\]/);
  const nodeYaml = path.join(project, 'node.yaml');
  writeFileSync(nodeYaml, 'apiVersion: v1\nkind: Node\nmetadata: {name: general-b1}\nspec: {}\n');
  const payYaml = readFileSync(path.join(project, 'platform/apps/payments.yaml'), 'utf8');
  const evict = cli(['evict', '-', '--node', 'node.yaml', '--taint', 'node.kubernetes.io/unreachable:NoExecute'], payYaml);
  assert.equal(evict.status, 0, evict.stderr);
  assert.match(evict.stdout, /^StatefulSet shop\/payments-db \(<stdin>:3\): evicted after 30s\n {2}NoExecute taints on Node general-b1 and the toleration used for each:\n {4}node.kubernetes.io\/unreachable:NoExecute\n {6}tolerated for 30s by the first matching toleration, tolerations\[0\]:/);
  // usage errors exit 1; bad input exits 2 with the loader's file:line
  assert.equal(cli(['matrix', 'platform/apps', '--nodes', 'node.yaml', '--format', 'xml']).status, 1);
  assert.equal(cli(['explain', 'platform/apps']).status, 1);
  assert.equal(cli(['evict', 'platform/apps', '--node', 'node.yaml', '--taint', 'no effect']).status, 1);
  const bad = cli(['explain', '-', '--nodes', 'node.yaml'], 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec: [unclosed\n');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /<stdin>:\d+/);
  assert.ok(!/\n\s+at /.test(bad.stderr), 'no stack trace');
  const refused = cli(['explain', '-', '--nodes', 'node.yaml'], 'apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec:\n  tolerations: [{key: a, operator: Exists, value: b}]\n  containers: [{name: a, image: a}]\n');
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /^Pod default\/x \(<stdin>:1\) would be rejected by the API server:\n {2}spec\.tolerations\[0\]/);
  const missing = cli(['explain', 'nope.yaml', '--nodes', 'node.yaml']);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /nope\.yaml/);

  // The HTML in headless Chromium: the grid's cells and reasons are in the DOM; the CSS-only filters work.
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.log(`SKIPPED the browser check: no Chromium at ${chromium} (apt-get install chromium, as .ci/run does, or set CHROMIUM_PATH)`);
  } else {
    const puppeteer = createRequire(path.join(root, 'package.json'))('puppeteer-core');
    const browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      await page.setJavaScriptEnabled(false);
      await page.goto(`file://${path.join(project, 'report-jest/placement-report.html')}`);
      const cells = await page.$$eval('td.cell:not(.none)', (tds) => tds.map((td) => ({ cls: td.className, title: td.title, text: td.textContent })));
      assert.ok(cells.length >= 6, `cells in the grid: ${cells.length}`);
      const gpu = cells.find((c) => c.title.includes('TaintToleration: node(s) had untolerated taint(s) (taint nvidia.com/gpu=present:NoSchedule is not tolerated)'));
      assert.ok(gpu && /rejected/.test(gpu.cls) && /failed/.test(gpu.cls), `the failed GPU cell is red and outlined: ${JSON.stringify(gpu)}`);
      assert.ok(cells.some((c) => /accepted/.test(c.cls)));
      assert.equal(await page.$eval('#failure-1 pre', (p) => p.textContent.includes('nvidia.com/gpu=present:NoSchedule')), true);
      // the reason opens on click (details/summary)
      await page.click('td.cell.failed summary');
      assert.equal(await page.$eval('td.cell.failed details', (d) => d.open), true);
      const shown = async () => page.$$eval('tbody tr', (trs) => trs.filter((tr) => getComputedStyle(tr).display !== 'none').length);
      const all = await shown();
      await page.click('label[for=v-failed]');
      assert.equal(await shown(), 1, 'the "failed assertions" filter leaves the one row with a failure');
      await page.click('label[for=v-all]');
      // each row's class names its namespace's radio button
      await page.click(`label[for=${await page.$eval('tbody tr[data-namespace="shop"]', (tr) => tr.className)}]`);
      const rows = await page.$$eval('tbody tr', (trs) => trs.filter((tr) => getComputedStyle(tr).display !== 'none').map((tr) => tr.dataset.namespace));
      assert.ok(rows.length > 0 && rows.length < all && rows.every((ns) => ns === 'shop'), `the namespace filter shows only shop rows: ${rows}`);
      await page.click('label[for=ns-all]');
      const out = path.join(root, 'test/output');
      mkdirSync(out, { recursive: true });
      await page.screenshot({ path: path.join(out, 'placement-report.png'), fullPage: true });
      browserChecked = true;
      console.log(`browser check passed; screenshot in ${path.relative(root, path.join(out, 'placement-report.png'))}`);
    } finally {
      await browser.close();
    }
  }
  console.log(`report test: Jest (2 workers) and Vitest reports, shard merge, CLI explain/matrix/evict/report from the packed tarball${browserChecked ? ', HTML in Chromium' : ''} passed`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
