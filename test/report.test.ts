// placementMatrix, its serializer, and the run report's records (issue 12).
import { placementMatrix, formatMatrixMarkdown, POOL_LABELS } from '../src/report/matrix';
import { buildReport, cellVerdict, mergeReports, RecordsChannel, renderHtml, renderMarkdown } from '../src/report/report';
import { RECORDS_ENV } from '../src/report/record';
import type { Node, Pod, Taint } from '../src/types';
import { deployment, daemonSet, node } from './fixtures';

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
    expect(records[0]).toMatchObject({ file: 'test/report.test.ts', test: expect.stringContaining('each assertion is recorded once'), reason: 'taint drain:NoExecute is not tolerated' });
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
    expect(mergeReports([caught, failing]).summary).toEqual({ assertions: 2, passed: 1, failed: 1, files: 1 });
    expect(renderMarkdown(failing)).toContain('### Failures (1)');
    expect(renderMarkdown(caught)).not.toContain('Failures');
    const html = renderHtml(failing);
    expect(html).toContain('<td class="cell rejected failed" title="rejected: TaintToleration: node(s) had untolerated taint(s) (taint a:NoSchedule is not tolerated)">');
    expect(html).not.toMatch(/<script|https?:\/\//);
    expect(cellVerdict([record, { ...record, accepted: true }])).toBe('mixed');
  });
});
