// The run report of a real Vitest run (issue 18 point 1): passed is exact for positive and .not assertions, soft
// assertions and deferred chains (Vitest leaves `isNot` undefined without .not); replica, spread and shared-node
// assertions are recorded; copies of one node in different states get their own columns; --shard runs write their
// own files; an empty run leaves the report as it was. Runs report-cases/ in a child Vitest, as stacks.test.ts does.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mergeReports, reportFiles, type PlacementReport } from '../../src/report/report';

const vitest = path.join(path.dirname(createRequire(__filename).resolve('vitest/package.json')), 'vitest.mjs');
const config = path.join(__dirname, 'report-cases/vitest.config.mts');
const out = mkdtempSync(path.join(os.tmpdir(), 'vitest-placement-report-'));
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && !k.startsWith('JEST_K8S_PLACEMENT') && k !== 'NODE_ENV' && k !== 'TEST' && k !== 'GITHUB_STEP_SUMMARY'));
const child = (dir: string, ...args: string[]) =>
  spawnSync(process.execPath, [vitest, 'run', '-c', config, ...args], {
    encoding: 'utf8', cwd: path.join(__dirname, 'report-cases'), env: { ...env, FORCE_COLOR: '0', JEST_K8S_PLACEMENT_REPORT_DIR: dir },
  });
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as PlacementReport;
let full: PlacementReport;
let fullText: string;

beforeAll(() => {
  const run = child(path.join(out, 'full'));
  expect(run.status).toBe(1); // the failing cases fail
  fullText = readFileSync(path.join(out, 'full/placement-report.json'), 'utf8');
  full = JSON.parse(fullText);
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

test('passed is exact: positive and .not, soft, .after chains and a bare .not decided later', () => {
  const records = full.records.filter((r) => r.file === 'assertions.spec.ts');
  expect(records.map((r) => [r.test, r.negated, r.passed, r.testStatus])).toEqual([
    ['passes: positive', false, true, 'passed'],
    ['fails: positive', false, false, 'failed'],
    ['passes: .not', true, true, 'passed'],
    ['fails: .not', true, false, 'failed'],
    ['fails: soft positive', false, false, 'failed'],
    ['fails: soft .not', true, false, 'failed'],
    ['passes: .after chain', false, true, 'passed'],
    ['fails: .after chain', false, false, 'failed'],
    ['fails: soft .after chain', false, false, 'failed'],
    ['passes: bare .not, decided a microtask later', true, true, 'passed'],
    ['fails: bare .not, decided a microtask later', true, false, 'failed'],
  ]);
  expect(records.find((r) => r.test === 'fails: .after chain')).toMatchObject({ verdict: 'evicted after 300s', message: expect.stringContaining('60') });
  expect(full.title).toBe('Vitest cases');
  expect(full.summary).toEqual({ assertions: 17, passed: 8, failed: 9, files: 2 });
});

test('replica, spread and shared-node assertions are recorded; a drained copy of a node has its own column', () => {
  const records = full.records.filter((r) => r.file === 'replicas.spec.ts');
  expect(records.map((r) => [r.test, r.matcher, r.passed])).toEqual([
    ['passes: replicas', 'toHaveAllReplicasScheduled', true],
    ['fails: replicas', 'toHaveAllReplicasScheduled', false],
    ['passes: spread', 'toSpreadReplicasAcross', true],
    ['fails: .not shared nodes', 'toShareNodesWith', false],
    ['passes: one node as loaded and drained', 'toBeSchedulableOn', true],
    ['passes: one node as loaded and drained', 'toBeSchedulableOn', true],
  ]);
  const md = readFileSync(path.join(out, 'full/placement-report.md'), 'utf8');
  expect(md).toContain('| workload | 2 nodes (n-a, n-b) | Deployment api | n-a (taint drain=now:NoExecute) | n-a (untainted) |');
  expect(md).toContain('| Deployment default/web | ✅ all 2 scheduled<br>❌ 2 of 2 Pending<br>✅ skew 0 across topology.kubernetes.io/zone (maxSkew 1) | ❌ shares n-a (.not) | ✅ rejected (.not) | ✅ schedulable |');
});

test('an empty run says so and leaves the report as it was', () => {
  const run = child(path.join(out, 'full'), 'no-such-spec', '--passWithNoTests');
  expect(run.status).toBe(0);
  expect(run.stderr).toMatch(/jest-k8s-placement: no placement assertions ran; .*placement-report\.json and its \.md and \.html are left as they were/);
  expect(readFileSync(path.join(out, 'full/placement-report.json'), 'utf8')).toBe(fullText);
}, 60_000);

test('--shard runs write their own files; merged, they are the whole run', () => {
  const dir = path.join(out, 'shards');
  for (const shard of ['1/2', '2/2']) child(dir, `--shard=${shard}`);
  expect(readdirSync(dir).filter((f) => f.endsWith('.json')).sort()).toEqual(['placement-report.shard-1-of-2.json', 'placement-report.shard-2-of-2.json']);
  const shards = reportFiles([dir]).map(read);
  expect(shards.map((s) => [s.shard, s.summary.files])).toEqual([[{ index: 1, count: 2 }, 1], [{ index: 2, count: 2 }, 1]]);
  expect(mergeReports(shards).summary).toEqual(full.summary);
}, 120_000);
