// pkg/scheduler/framework/plugins/podtopologyspread/scoring_test.go TestPodTopologySpreadScore, through scoreNodes:
// `nodes` are the candidates (feasible), `failedNodes` only belong to the cluster. fooSelector/barSelector are
// `Exists foo` / `Exists bar`; pods carry containers (upstream's have none), which spreading does not read.
import type { Node, Pod } from '../../../core/types';
import { nodeInfo, podInfo } from '../../framework';
import { toSubject } from '../../../k8s/subject';
import { scoreNodes } from '../../score';
import { scoreCluster } from '../../score-cluster';
import { parseLabelSelector } from '../../../k8s/label-selector';
import { setDefaultSelector } from './scoring';

const H = 'kubernetes.io/hostname';
const foo = { matchExpressions: [{ key: 'foo', operator: 'Exists' }] };
const bar = { matchExpressions: [{ key: 'bar', operator: 'Exists' }] };
type C = { maxSkew: number; topologyKey: string; labelSelector?: object; minDomains?: number };

function incoming(labels: Record<string, string>, constraints: C[]): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', labels },
    spec: { containers: [{ name: 'c', image: 'x' }], topologySpreadConstraints: constraints.map((c) => ({ ...c, whenUnsatisfiable: 'ScheduleAnyway' })) as never },
  };
}
/** `a:foo` = a pod labelled foo on node-a; `a:foo,bar`; `a:foo:ns1` in namespace ns1; `a:foo:term` terminating. */
function pods(...specs: string[]): Pod[] {
  return specs.map((s, i) => {
    const [n, labels, extra] = s.split(':');
    return {
      apiVersion: 'v1', kind: 'Pod',
      metadata: {
        name: `p-${n}${i}`, namespace: extra === 'ns1' ? 'ns1' : 'default',
        labels: Object.fromEntries(labels.split(',').filter(Boolean).map((k) => [k, ''])),
        ...(extra === 'term' ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
      },
      spec: { nodeName: `node-${n}`, containers: [{ name: 'c', image: 'x' }] },
    };
  });
}
const node = (n: string, labels: Record<string, string>): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: `node-${n}`, labels } });
const host = (n: string, extra: Record<string, string> = {}) => node(n, { [H]: `node-${n}`, ...extra });

function spreadScores(pod: Pod, nodes: Node[], existing: Pod[], failed: Node[] = []) {
  const s = scoreNodes(podInfo(toSubject(pod)), nodes.map(nodeInfo), scoreCluster([...nodes, ...failed], existing));
  return s.map((n) => n.plugins.find((p) => p.plugin === 'PodTopologySpread')?.score);
}

const fourHosts = ['a', 'b', 'c', 'd'].map((n) => host(n));
const spread2103 = pods('a:foo', 'a:foo', 'b:foo', 'd:foo', 'd:foo', 'd:foo');
const spread4321 = pods('a:foo', 'a:foo', 'a:foo', 'a:foo', 'b:foo', 'b:foo', 'b:foo', 'c:foo', 'c:foo', 'd:foo');
const spread4213 = pods('a:foo', 'a:foo', 'a:foo', 'a:foo', 'b:foo', 'b:foo', 'x:foo', 'y:foo', 'y:foo', 'y:foo');

test.each([
  ['one constraint on node, no existing pods', incoming({ foo: '' }, [{ maxSkew: 1, topologyKey: H, labelSelector: foo }]), [host('a'), host('b')], [], [], [100, 100]],
  ['one constraint on node, only one node is candidate', incoming({ foo: '' }, [{ maxSkew: 1, topologyKey: H, labelSelector: foo }]), [host('a')],
    pods('a:foo', 'a:foo', 'b:foo'), [host('b')], [100]],
  ['one constraint on node, all nodes have the same number of matching pods', incoming({ foo: '' }, [{ maxSkew: 1, topologyKey: H, labelSelector: foo }]),
    [host('a'), host('b')], pods('a:foo', 'b:foo'), [], [100, 100]],
  ['one constraint on node, all 4 nodes are candidates', incoming({ foo: '' }, [{ maxSkew: 1, topologyKey: H, labelSelector: foo }]), fourHosts, spread2103, [], [20, 60, 100, 0]],
  ['one constraint on node, null selector', incoming({ foo: '' }, [{ maxSkew: 1, topologyKey: H }]), fourHosts, spread2103, [], [100, 100, 100, 100]],
  ['one constraint on node, all 4 nodes are candidates, maxSkew=2', incoming({ foo: '' }, [{ maxSkew: 2, topologyKey: H, labelSelector: foo }]), fourHosts, spread2103, [], [33, 66, 100, 16]],
  ['one constraint on node, all 4 nodes are candidates, maxSkew=3', incoming({ foo: '' }, [{ maxSkew: 3, topologyKey: H, labelSelector: foo }]), fourHosts, spread4321, [], [44, 66, 77, 100]],
  ['one constraint on node, 3 out of 4 nodes are candidates', incoming({ foo: '' }, [{ maxSkew: 1, topologyKey: H, labelSelector: foo }]),
    [host('a'), host('b'), host('x')], spread4213, [host('y')], [33, 83, 100]],
  ['one constraint on node, 3 out of 4 nodes are candidates, one node doesn\'t match topology key', incoming({ foo: '' }, [{ maxSkew: 1, topologyKey: H, labelSelector: foo }]),
    [host('a'), node('b', { n: 'node-b' }), host('x')], spread4213, [host('y')], [16, 0, 100]],
  ['one constraint on zone, 3 out of 4 nodes are candidates', incoming({ foo: '' }, [{ maxSkew: 1, topologyKey: 'zone', labelSelector: foo }]),
    [host('a', { zone: 'zone1' }), host('b', { zone: 'zone1' }), host('x', { zone: 'zone2' })], spread4213, [host('y', { zone: 'zone2' })], [75, 75, 100]],
  ['two Constraints on zone and node, 2 out of 4 nodes are candidates', incoming({ foo: '' }, [{ maxSkew: 1, topologyKey: 'zone', labelSelector: foo }, { maxSkew: 1, topologyKey: H, labelSelector: foo }]),
    [host('a', { zone: 'zone1' }), host('x', { zone: 'zone2' })], pods('a:foo', 'a:foo', 'b:foo', 'x:foo', 'x:foo', 'y:foo', 'y:foo', 'y:foo', 'y:foo'),
    [host('b', { zone: 'zone1' }), host('y', { zone: 'zone2' })], [100, 63]],
  ['two Constraints on zone, 2 out of 4 nodes are candidates', incoming({ foo: '', bar: '' }, [{ maxSkew: 1, topologyKey: 'zone', labelSelector: foo }, { maxSkew: 1, topologyKey: 'zone', labelSelector: bar }]),
    [node('a', { zone: 'zone1' }), node('x', { zone: 'zone2' })], pods('a:foo,bar', 'a:foo', 'b:foo,bar', 'y:foo', 'y:foo,bar', 'y:foo'),
    [node('b', { zone: 'zone1' }), node('y', { zone: 'zone2' })], [85, 100]],
  ['two Constraints on zone and node, with different labelSelectors', incoming({ foo: '', bar: '' }, [{ maxSkew: 1, topologyKey: 'zone', labelSelector: foo }, { maxSkew: 1, topologyKey: H, labelSelector: bar }]),
    [host('a', { zone: 'zone1' }), host('b', { zone: 'zone1' }), host('x', { zone: 'zone2' }), host('y', { zone: 'zone2' })], pods('a:foo', 'b:foo,bar', 'y:foo', 'y:bar'), [], [60, 20, 100, 60]],
  ['two Constraints on zone and node, with different labelSelectors, some nodes have 0 pods', incoming({ foo: '', bar: '' }, [{ maxSkew: 1, topologyKey: 'zone', labelSelector: foo }, { maxSkew: 1, topologyKey: H, labelSelector: bar }]),
    [host('a', { zone: 'zone1' }), host('b', { zone: 'zone1' }), host('x', { zone: 'zone2' }), host('y', { zone: 'zone2' })], pods('b:bar', 'x:foo', 'y:foo,bar'), [], [100, 60, 40, 0]],
  ['two Constraints on zone and node, with different labelSelectors, 3 out of 4 nodes are candidates', incoming({ foo: '', bar: '' }, [{ maxSkew: 1, topologyKey: 'zone', labelSelector: foo }, { maxSkew: 1, topologyKey: H, labelSelector: bar }]),
    [host('a', { zone: 'zone1' }), host('b', { zone: 'zone1' }), host('x', { zone: 'zone2' })], pods('a:foo', 'b:foo,bar', 'y:foo', 'y:bar'), [host('y', { zone: 'zone2' })], [50, 25, 100]],
  ['existing pods in a different namespace do not count', incoming({ foo: '' }, [{ maxSkew: 1, topologyKey: H, labelSelector: foo }]),
    [host('a'), host('b')], pods('a:foo:ns1', 'a:foo', 'b:foo', 'b:foo'), [], [100, 33]],
  ['terminating Pods should be excluded', incoming({ foo: '' }, [{ maxSkew: 1, topologyKey: H, labelSelector: foo }]), [host('a'), host('b')], pods('a:foo:term', 'b:foo'), [], [100, 0]],
] as Array<[string, Pod, Node[], Pod[], Node[], number[]]>)('%s', (_name, pod, nodes, existing, failed, want) => {
  expect(spreadScores(pod, nodes, existing, failed)).toEqual(want);
});

test('system defaulting, nodes don\'t have zone, pods match service', () => {
  // upstream: a Service selecting foo="" makes DefaultSelector non-empty; here the selector is registered for the pod
  const pod = incoming({ foo: '' }, []);
  setDefaultSelector(pod, parseLabelSelector({ matchLabels: { foo: '' } }));
  expect(spreadScores(pod, fourHosts, spread4321)).toEqual([44, 66, 77, 100]);
});

test('no constraint and no owner: PodTopologySpread skips (no system default without a selector)', () => {
  const s = scoreNodes(podInfo(toSubject(incoming({ foo: '' }, []))), fourHosts.map(nodeInfo), scoreCluster(fourHosts, spread4321));
  expect(s[0].skipped.map((k) => k.plugin)).toContain('PodTopologySpread');
});

// Reference note §2.4 example, worked by hand: system defaults for a ReplicaSet's pod, three zones, one matching pod
// on n1. Hostname weight ln(3+2), zone weight ln(3+2); raw n1 = round(1.609+2 + 1.609+4) = 9, n2 = n3 = 6;
// normalised 100·(9+6−s)/9 → 66, 100, 100.
test('system defaults over three zones (hand-worked)', () => {
  const rs = { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web', namespace: 'default' },
    spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } } };
  const nodes = ['1', '2', '3'].map((i) => node(i, { [H]: `n${i}`, 'topology.kubernetes.io/zone': `z${i}` }));
  const running: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-x', namespace: 'default', labels: { app: 'web' } }, spec: { nodeName: 'node-1', containers: [{ name: 'c', image: 'x' }] } };
  const s = scoreNodes(podInfo(toSubject(rs)), nodes.map(nodeInfo), scoreCluster(nodes, [running]));
  expect(s.map((n) => n.plugins.find((p) => p.plugin === 'PodTopologySpread')!.raw)).toEqual([9, 6, 6]);
  expect(s.map((n) => n.plugins.find((p) => p.plugin === 'PodTopologySpread')!.score)).toEqual([66, 100, 100]);
});
