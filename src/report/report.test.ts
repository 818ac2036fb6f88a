// placementMatrix, its serializer, and the run report's records (issue 12; issue 18 point 1 at the end).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { placementMatrix, formatMatrixMarkdown, POOL_LABELS } from './matrix';
import {
  buildReport, cellVerdict, fileMatrices, MARKDOWN_LEGEND, mergeReports, RecordsChannel, renderHtml, renderMarkdown, reportFiles,
  REPORT_DIR_ENV, REPORT_TITLE_ENV, resolveOptions, writeRunReport, type PlacementReport,
} from './report';
import { RECORDS_ENV, toRecord, type PlacementRecord } from '../matchers/record';
import { toBeSchedulableOn } from '../matchers';
import { taint } from '../k8s/kubectl-taint';
import type { Node, Pod, Taint } from '../core/types';
import { deployment, daemonSet, node } from '../../test/fixtures';
import { relocate } from '../loader';

const labelled = (name: string, labels: Record<string, string>, taints: Taint[] = []): Node => {
  const n = node(name, taints);
  n.metadata!.labels = { ...n.metadata!.labels, ...labels };
  return n;
};

describe('placementMatrix', () => {
  const nodes = [
    labelled('k-1', { 'karpenter.sh/nodepool': 'spot', 'node.kubernetes.io/instance-type': 'm7g.large' }, [{ key: 'spot', value: 'true', effect: 'NoSchedule' }]),
    labelled('k-2', { 'karpenter.sh/nodepool': 'spot' }, [{ key: 'spot', value: 'true', effect: 'NoSchedule' }]),
    labelled('g-1', { 'cloud.google.com/gke-nodepool': 'default-pool' }),
    labelled('i-1', { 'node.kubernetes.io/instance-type': 'm5.large' }),
    labelled('bare', {}),
  ];

  test('groups by the well-known pool labels in order, the instance type last, else per node', () => {
    expect(POOL_LABELS[0]).toBe('karpenter.sh/nodepool');
    const m = placementMatrix([deployment('web')], nodes);
    expect(m.groupBy).toBe('pool labels');
    expect(m.groups).toEqual([
      { name: 'bare', nodes: ['bare'] },
      { name: 'default-pool', nodes: ['g-1'] },
      { name: 'm5.large', nodes: ['i-1'] },
      { name: 'spot', nodes: ['k-1', 'k-2'] },
    ]);
    expect(m.rows[0].cells.find((c) => c.group === 'spot')).toEqual({
      group: 'spot', nodes: 2, accepted: 0, rejectedNode: 'k-1',
      reason: 'TaintToleration: node(s) had untolerated taint(s)', detail: 'taint spot=true:NoSchedule is not tolerated',
    });
  });

  test('groupBy: a label key (nodes without it are <none>) or a function; anything else is refused', () => {
    expect(placementMatrix([deployment('web')], nodes, { groupBy: 'karpenter.sh/nodepool' }).groups.map((g) => g.name)).toEqual(['<none>', 'spot']);
    const byTaint = placementMatrix([deployment('web')], nodes, { groupBy: (n) => (n.spec?.taints?.length ? 'tainted' : 'clean') });
    expect(byTaint.groupBy).toBe('custom');
    expect(byTaint.rows[0].cells.map((c) => `${c.group} ${c.accepted}/${c.nodes}`)).toEqual(['clean 3/3', 'tainted 0/2']);
    expect(() => placementMatrix([], nodes, { groupBy: 3 as never })).toThrow('groupBy must be a node label key or a function');
  });

  test('rows are sorted by namespace, then name; existingPods take host ports as the scheduler does', () => {
    const agent = daemonSet('agent', undefined, { containers: [{ name: 'a', image: 'a', ports: [{ containerPort: 9100, hostPort: 9100 }] }] });
    const busy: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'old', namespace: 'x' }, spec: { nodeName: 'bare', containers: [{ name: 'o', image: 'o', ports: [{ containerPort: 9100, hostPort: 9100 }] }] } };
    const m = placementMatrix([agent, deployment('b'), deployment('a')], nodes, { existingPods: [busy] });
    expect(m.rows.map((r) => r.workload)).toEqual(['Deployment default/a', 'Deployment default/b', 'DaemonSet kube-system/agent']);
    expect(m.rows[2].cells[0]).toMatchObject({ group: 'bare', accepted: 0, reason: "NodePorts: node(s) didn't have free ports for the requested pod ports" });
  });

  test('a gated workload is accepted nowhere, with the API server\'s message', () => {
    const gated = deployment('gated', undefined, { schedulingGates: [{ name: 'wait' }] });
    const m = placementMatrix([gated], nodes);
    expect(m.rows[0].cells.every((c) => c.accepted === 0 && c.reason === 'SchedulingGates: Scheduling is blocked due to non-empty scheduling gates')).toBe(true);
  });

  test('eviction columns: node conditions through their taints, and kubectl taint specs', () => {
    const payments = deployment('payments', [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }]);
    const m = placementMatrix([payments, daemonSet('agent')], [nodes[4]], { failures: ['NotReady', 'Unreachable', 'MemoryPressure', 'drain=now:NoExecute'] });
    expect(m.rows.map((r) => r.eviction.map((e) => e.after))).toEqual([[60, 300, null, 0], [null, null, null, 0]]);
    expect(() => placementMatrix([payments], nodes, { failures: ['drain-'] })).toThrow('removes a taint');
  });

  test('the serializer prints an aligned table with reasons keyed by their text (registered by src/jest.ts)', () => {
    expect(placementMatrix([deployment('web'), daemonSet('agent', [{ operator: 'Exists' }])], nodes, { failures: ['NotReady'] })).toMatchInlineSnapshot(`
PlacementMatrix: 4 node group(s) of 5 node(s), grouped by pool labels

workload                          bare        default-pool  m5.large    spot        NotReady
Deployment default/web            1/1         1/1           1/1         0/2 [1qd6]  evicted after 300s
DaemonSet kube-system/agent       1/1         1/1           1/1         2/2         stays

[1qd6] TaintToleration: node(s) had untolerated taint(s) (taint spot=true:NoSchedule is not tolerated)
`);
    expect({ matrix: placementMatrix([deployment('web')], nodes.slice(2, 3)) }).toMatchInlineSnapshot(`
{
  "matrix": PlacementMatrix: 1 node group(s) of 1 node(s), grouped by pool labels

  workload                  default-pool
  Deployment default/web    1/1,
}
`);
    expect(formatMatrixMarkdown(placementMatrix([deployment('web')], nodes.slice(0, 1)))).toBe(
      '| workload | spot |\n|---|---|\n| Deployment default/web | ❌ 0/1 — TaintToleration: node(s) had untolerated taint(s) (taint spot=true:NoSchedule is not tolerated) |',
    );
  });
});

describe('run report records', () => {
  let channel: RecordsChannel;
  beforeEach(() => {
    channel = new RecordsChannel();
  });
  afterEach(() => channel.close());

  test('each assertion is recorded once, chained .after(n) with its final verdict; objects without a subject are not', () => {
    expect(process.env[RECORDS_ENV]).toBe(channel.dir);
    const web = deployment('web');
    const drained = node('n1', [{ key: 'drain', effect: 'NoExecute' }]);
    expect(web).toBeEvictedFrom(drained).after(0);
    expect(web).not.toBeSchedulableOn(drained);
    expect({ key: 'drain', operator: 'Exists' }).toTolerate('drain:NoExecute');
    expect(() => expect(web).toBeSchedulableOn(drained)).toThrow();
    const records = channel.read();
    expect(records.map((r) => [r.matcher, r.negated, r.subject, r.target, r.group, r.verdict, r.accepted, r.passed])).toEqual([
      ['toBeEvictedFrom', false, 'Deployment default/web', 'Node n1', 'n1', 'evicted at once', false, true],
      ['toBeSchedulableOn', true, 'Deployment default/web', 'Node n1', 'n1', 'rejected', false, true],
      ['toBeSchedulableOn', false, 'Deployment default/web', 'Node n1', 'n1', 'rejected', false, false],
    ]);
    expect(records[0]).toMatchObject({ file: 'src/report/report.test.ts', test: expect.stringContaining('each assertion is recorded once'), reason: 'taint drain:NoExecute is not tolerated' });
    expect(records[2].message).toMatch(/^expect\(received\)\.toBeSchedulableOn\(node\)\n\nExpected Deployment default\/web to be schedulable on Node n1, but kube-scheduler would reject it:\n {2}TaintToleration/);
    // without the variable, nothing is written
    channel.close();
    expect(process.env[RECORDS_ENV]).toBeUndefined();
    expect(web).not.toBeSchedulableOn(drained);
  });

  test('a failed assertion in a passing test is not a failure of the run; reports merge', () => {
    expect(() => expect(deployment('web')).toBeSchedulableOn(node('n1', [{ key: 'a', effect: 'NoSchedule' }]))).toThrow();
    const [record] = channel.read();
    const caught = buildReport([{ ...record, testStatus: 'passed' }]);
    const failing = buildReport([{ ...record, testStatus: 'failed' }]);
    expect([caught.summary.failed, failing.summary.failed]).toEqual([0, 1]);
    expect(mergeReports([caught, { ...failing, records: [{ ...failing.records[0], id: 'another run' }] }]).summary).toEqual({ assertions: 2, passed: 1, failed: 1, files: 1 });
    expect(renderMarkdown(failing)).toContain('### Failures (1)');
    expect(renderMarkdown(caught)).not.toContain('Failures');
    const html = renderHtml(failing);
    expect(html).toContain('<td class="cell rejected failed" title="rejected: TaintToleration: node(s) had untolerated taint(s) (taint a:NoSchedule is not tolerated)">');
    expect(html).not.toMatch(/<script|https?:\/\//);
    expect(cellVerdict([record, { ...record, accepted: true }])).toBe('mixed');
  });
});

describe('run report (issue 18 point 1)', () => {
  let channel: RecordsChannel;
  let dir: string;
  beforeEach(() => {
    channel = new RecordsChannel();
    dir = mkdtempSync(path.join(os.tmpdir(), 'placement-report-test-'));
  });
  afterEach(() => {
    channel.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const utils = { matcherHint: (m: string) => m, printReceived: String, printExpected: String };

  test('passed is exact when the runner leaves isNot undefined on a positive assertion (Vitest does)', () => {
    const web = deployment('web');
    const tainted = node('n1', [{ key: 'a', effect: 'NoSchedule' }]);
    // Vitest's matcher state: `isNot` is `utils.flag(this, 'negate')`, undefined without `.not`
    const vitestPositive = { utils } as never;
    const result = toBeSchedulableOn.call(vitestPositive, web, tainted);
    expect(result.pass).toBe(false);
    const record = toRecord(vitestPositive, result, result.placement!);
    expect([record.negated, record.passed]).toEqual([false, false]);
    expect(record.message).toContain('TaintToleration');
    const negated = toRecord({ utils, isNot: true } as never, result, result.placement!);
    expect([negated.negated, negated.passed]).toEqual([true, true]);
  });

  test('replica, spread and shared-node assertions are recorded', () => {
    const nodes = ['a', 'b'].map((z) => labelled(`n-${z}`, { 'topology.kubernetes.io/zone': z }));
    const web = { ...deployment('web'), spec: { ...deployment('web').spec, replicas: 2 } };
    const api = deployment('api');
    expect(web).toHaveAllReplicasScheduled(nodes);
    expect(web).toSpreadReplicasAcross('topology.kubernetes.io/zone', nodes);
    expect(web).toShareNodesWith(api, nodes);
    expect(web).not.toBeKeptApartFrom(api, nodes);
    const tainted = nodes.map((n) => taint(n, 'x:NoSchedule'));
    expect(() => expect(web).toHaveAllReplicasScheduled(tainted)).toThrow();
    expect(channel.read().map((r) => [r.matcher, r.subject, r.target, r.verdict, r.accepted, r.passed])).toEqual([
      ['toHaveAllReplicasScheduled', 'Deployment default/web', '2 nodes (n-a, n-b)', 'all 2 scheduled', true, true],
      ['toSpreadReplicasAcross', 'Deployment default/web', '2 nodes (n-a, n-b)', 'skew 0 across topology.kubernetes.io/zone (maxSkew 1)', true, true],
      ['toShareNodesWith', 'Deployment default/web', 'Deployment api', 'shares n-a', true, true],
      ['toBeKeptApartFrom', 'Deployment default/web', 'Deployment api', 'no constraint on n-a, n-b', false, true],
      ['toHaveAllReplicasScheduled', 'Deployment default/web', '2 nodes (n-a, n-b)', '2 of 2 Pending', false, false],
    ]);
    expect(channel.read()[4].reason).toBe('0/2 nodes are available: 2 node(s) had untolerated taint(s). preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.');
  });

  test('copies of one node in different states get their own columns; one state keeps one column', () => {
    const web = deployment('web', [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists' }]);
    const n1 = node('n1');
    const notReady = node('n1', [], { ready: 'False' });
    const drained = taint(n1, 'drain=now:NoExecute');
    expect(web).toBeSchedulableOn(n1);
    expect(web).toBeSchedulableOn({ ...n1 }); // a copy in the same state
    expect(web).toBeSchedulableOn(notReady);
    expect(web).not.toBeSchedulableOn(drained);
    const records = channel.read();
    expect(records.map((r) => r.state)).toEqual(['untainted', 'untainted', 'NotReady', 'taint drain=now:NoExecute']);
    const [m] = fileMatrices(buildReport(records));
    expect(m.groups).toEqual(['n1 (NotReady)', 'n1 (taint drain=now:NoExecute)', 'n1 (untainted)']);
    expect(m.cells.get(`Deployment default/web\u0000n1 (untainted)`)).toHaveLength(2);
    // a pool column names the node: `general (n1: NotReady)`
    const pooled = records.map((r) => ({ ...r, group: 'general' }));
    expect(fileMatrices(buildReport(pooled))[0].groups).toEqual(['general (n1: NotReady)', 'general (n1: taint drain=now:NoExecute)', 'general (n1: untainted)']);
    // the same words for different states (other allocatable) are numbered
    const small = { ...n1, status: { allocatable: { cpu: '1', pods: '110' } } };
    const big = { ...n1, status: { allocatable: { cpu: '8', pods: '110' } } };
    channel.clear();
    expect(web).toBeSchedulableOn(small);
    expect(web).toBeSchedulableOn(big);
    expect(fileMatrices(buildReport(channel.read()))[0].groups).toEqual(['n1 (untainted #1)', 'n1 (untainted #2)']);
    // reports written before state was recorded keep their columns
    expect(fileMatrices(buildReport(records.map(({ state, stateKey, ...r }) => r)))[0].groups).toEqual(['n1']);
  });

  // issue 31 item 4: `describe.each(renderCharts(chart, { prod, staging }))` asserts on two renders of one template;
  // they are two manifests, so two rows, each named with its values set (renderChart's relocate gives the origin).
  test('renders of one chart with other values sets (or overlays) keep their own rows', () => {
    const render = (values: string) => {
      const d = values === 'small' ? deployment('web', undefined, { nodeSelector: { size: 'small' } }) : deployment('web');
      relocate(d, { file: 'charts/web/templates/deployment.yaml', document: 0, line: 0, values });
      return d;
    };
    const n1 = node('n1');
    expect(render('prod')).toBeSchedulableOn(n1);
    expect(render('small')).not.toBeSchedulableOn(n1);
    const overlay = deployment('web');
    relocate(overlay, { file: 'overlays/prod/deployment.yaml', document: 0, line: 3, overlay: 'overlays/prod' });
    expect(overlay).toBeSchedulableOn(n1);
    const records = channel.read();
    expect(records.map((r) => r.variant)).toEqual(['values: prod', 'values: small', 'overlay: overlays/prod']);
    const [m] = fileMatrices(buildReport(records));
    expect(m.subjects.map((s) => s.subject)).toEqual([
      'Deployment default/web (overlay: overlays/prod)', 'Deployment default/web (values: prod)', 'Deployment default/web (values: small)',
    ]);
    const md = renderMarkdown(buildReport(records)).split('\n');
    expect(md.filter((l) => l.startsWith('| Deployment default/web'))).toEqual([
      '| Deployment default/web (overlay: overlays/prod) | ✅ schedulable |',
      '| Deployment default/web (values: prod) | ✅ schedulable |',
      '| Deployment default/web (values: small) | ✅ rejected (.not) |',
    ]);
    expect(renderHtml(buildReport(records))).toContain('<th scope="row">Deployment default/web (values: small)<br><small>charts/web/templates/deployment.yaml, values: small</small></th>');
  });

  test('the Markdown has a legend and marks the outcome apart from the verdict: a passing .not is ✅', () => {
    const web = deployment('web');
    const tainted = node('n1', [{ key: 'a', effect: 'NoSchedule' }]);
    expect(web).not.toBeSchedulableOn(tainted);
    expect(web).toBeSchedulableOn(node('n2'));
    expect(() => expect(web).toBeSchedulableOn(tainted)).toThrow();
    expect(() => expect(web).not.toBeSchedulableOn(node('n2'))).toThrow();
    const [notRejected, schedulable, caught, failed] = channel.read();
    const md = renderMarkdown(buildReport([notRejected, schedulable, { ...caught, testStatus: 'passed' }, { ...failed, testStatus: 'failed' }]));
    const lines = md.split('\n');
    expect(lines[4]).toBe(MARKDOWN_LEGEND);
    expect(MARKDOWN_LEGEND).toMatch(/^Legend: ✅ the assertion passed, ❌ it failed, ⚠️ it failed inside a test that passed/);
    expect(lines.find((l) => l.startsWith('| Deployment default/web'))).toBe('| Deployment default/web | ✅ rejected (.not)<br>⚠️ rejected | ✅ schedulable<br>❌ schedulable (.not) |');
    expect(md).toContain('4 placement assertion(s) in 1 test file(s): 3 passed, 1 failed.');
  });

  test('output directory and title: reporter option, overridden by the environment', () => {
    expect(resolveOptions({ outputDirectory: 'reports', title: 'T' }, {})).toEqual({ outputDirectory: 'reports', title: 'T' });
    expect(resolveOptions({ outputDirectory: 'reports', title: 'T', stepSummary: false }, { [REPORT_DIR_ENV]: 'ci/out', [REPORT_TITLE_ENV]: 'Shop placement' }))
      .toEqual({ outputDirectory: 'ci/out', title: 'Shop placement', stepSummary: false });
  });

  const record = (): PlacementRecord => {
    expect(deployment('web')).toBeSchedulableOn(node('n1'));
    return channel.read().at(-1)!;
  };
  const saved = { summary: process.env.GITHUB_STEP_SUMMARY, dir: process.env[REPORT_DIR_ENV] };
  afterEach(() => {
    for (const [k, v] of [['GITHUB_STEP_SUMMARY', saved.summary], [REPORT_DIR_ENV, saved.dir]] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  test('shards write their own files, which `reportFiles` finds in a directory and mergeReports merges', () => {
    delete process.env.GITHUB_STEP_SUMMARY;
    const r = record();
    expect(writeRunReport([r], { outputDirectory: dir }, { index: 1, count: 2 })).toBeUndefined();
    expect(writeRunReport([{ ...r, id: 'other', file: 'b.test.ts' }], { outputDirectory: dir }, { index: 2, count: 2 })).toBeUndefined();
    expect(readdirSync(dir).sort()).toEqual([
      'placement-report.shard-1-of-2.html', 'placement-report.shard-1-of-2.json', 'placement-report.shard-1-of-2.md',
      'placement-report.shard-2-of-2.html', 'placement-report.shard-2-of-2.json', 'placement-report.shard-2-of-2.md',
    ]);
    const files = reportFiles([dir]);
    expect(files.map((f) => path.basename(f))).toEqual(['placement-report.shard-1-of-2.json', 'placement-report.shard-2-of-2.json']);
    const shards = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as PlacementReport);
    expect(shards.map((s) => s.shard)).toEqual([{ index: 1, count: 2 }, { index: 2, count: 2 }]);
    expect(readFileSync(path.join(dir, 'placement-report.shard-2-of-2.md'), 'utf8')).toContain('1 placement assertion(s) in 1 test file(s) (shard 2 of 2): 1 passed, 0 failed.');
    const merged = mergeReports([...shards, shards[0]]);
    expect(merged.summary).toEqual({ assertions: 2, passed: 2, failed: 0, files: 2 });
    expect(merged.shard).toBeUndefined();
    // --shard=1/1 is the whole run
    writeRunReport([r], { outputDirectory: dir }, { index: 1, count: 1 });
    expect(existsSync(path.join(dir, 'placement-report.json'))).toBe(true);
  });

  test('an empty run says so and leaves the last report as it was; with no report yet, it writes one that says so', () => {
    const summary = path.join(dir, 'summary.md');
    writeFileSync(summary, '');
    process.env.GITHUB_STEP_SUMMARY = summary;
    process.env[REPORT_DIR_ENV] = dir;
    expect(writeRunReport([record()], { outputDirectory: 'ignored' })).toBeUndefined();
    const json = path.join(dir, 'placement-report.json');
    const full = readFileSync(json, 'utf8');
    expect(JSON.parse(full).summary.assertions).toBe(1);
    const note = writeRunReport([], {});
    expect(note).toMatch(/^jest-k8s-placement: no placement assertions ran; .*placement-report\.json and its \.md and \.html are left as they were$/);
    expect(readFileSync(json, 'utf8')).toBe(full);
    expect(readFileSync(summary, 'utf8')).toContain('1 placement assertion(s)');
    const fresh = path.join(dir, 'fresh');
    delete process.env[REPORT_DIR_ENV];
    expect(writeRunReport([], { outputDirectory: fresh })).toBeUndefined();
    expect(writeRunReport([], { outputDirectory: fresh })).toMatch(/no placement assertions ran/);
    expect(readFileSync(path.join(fresh, 'placement-report.md'), 'utf8')).toBe('## Placement report\n\nNo placement assertions ran.\n');
  });
});
