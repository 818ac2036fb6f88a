// NodeAffinity with a configuration's addedAffinity (NodeAffinityArgs; node_affinity.go New, Filter, Score), run
// under withProfile({ pluginArgs }). Upstream's rows: node_affinity_test.go TestNodeAffinity ("Matches added affinity
// and Pod's node affinity", "Matches added affinity but not Pod's node affinity", "Doesn't match added affinity") and
// TestNodeAffinityPriority ("added affinity", "added affinity and pod has default affinity"), the same at
// v1.33.13–v1.37.2.
import type { NodeAffinity as NodeAffinitySpec } from 'kubernetes-types/core/v1';
import type { Node, Pod } from '../../../core/types';
import { toSubject } from '../../../k8s/subject';
import { nodeInfo, nodeUsage, podInfo } from '../../framework';
import { scoreNodes } from '../../score';
import { scoreCluster } from '../../score-cluster';
import { scheduleOn } from '../../../engine/objects';
import { withProfile } from '../../profile';
import { DEFAULT_PLUGIN_ARGS, type PluginArgs } from '../../plugin-args';
import { ErrReasonEnforced, ErrReasonPod, NodeAffinity, podNodeAffinityMatches } from '.';
import { daemonShouldRun } from '../../../placement/replicas';

const withAdded = (addedAffinity: NodeAffinitySpec): PluginArgs => ({ ...DEFAULT_PLUGIN_ARGS, NodeAffinity: { addedAffinity: addedAffinity as PluginArgs['NodeAffinity']['addedAffinity'] } });
const pod = (spec: Record<string, unknown> = {}): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'x' }], ...spec } as Pod['spec'] });
const node = (name: string, labels: Record<string, string>): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels } });
const zoneIn = (...values: string[]) => ({ matchExpressions: [{ key: 'zone', operator: 'In', values }] });
const requiredZone = (...values: string[]) => ({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [zoneIn(...values)] } } } });
const onlyNode2: NodeAffinitySpec = { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node2'] }] }] } };

function filter(args: PluginArgs, p: Pod, n: Node) {
  return withProfile({ pluginArgs: args }, () => NodeAffinity.filter(podInfo(toSubject(p)), nodeInfo(n), nodeUsage([])));
}

describe('Filter (TestNodeAffinity, the addedAffinity rows)', () => {
  const node2 = node('node2', { zone: 'foo' });
  test("Matches added affinity and Pod's node affinity", () => {
    expect(filter(withAdded(onlyNode2), pod(requiredZone('foo')), node2)).toBeUndefined();
  });
  test("Matches added affinity but not Pod's node affinity", () => {
    const s = filter(withAdded(onlyNode2), pod(requiredZone('bar')), node2);
    expect([s?.code, s?.reasons]).toEqual(['UnschedulableAndUnresolvable', [ErrReasonPod]]);
  });
  test("Doesn't match added affinity: errReasonEnforced, and the details say the configuration did it", () => {
    const s = filter(withAdded({ requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [zoneIn('bar')] } }), pod(), node2);
    expect([s?.code, s?.reasons]).toEqual(['UnschedulableAndUnresolvable', [ErrReasonEnforced]]);
    expect(s!.details[0]).toMatch(/^no nodeSelectorTerm of the scheduler configuration's NodeAffinity addedAffinity/);
    expect(s!.details[0]).toMatch(/the pod's spec cannot satisfy it/);
    expect(s!.details[1]).toBe('  nodeSelectorTerms[0]: matchExpressions[0] zone In [bar]: node has zone="foo"');
  });
  test('the added selector is checked before the pod\'s own (both fail: errReasonEnforced)', () => {
    const s = filter(withAdded({ requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [zoneIn('bar')] } }), pod(requiredZone('baz')), node2);
    expect(s?.reasons).toEqual([ErrReasonEnforced]);
  });
  test('the pod\'s own affinity (PodTopologySpread\'s nodeAffinityPolicy, the DaemonSet controller) never reads it', () => {
    withProfile({ pluginArgs: withAdded({ requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [zoneIn('bar')] } }) }, () => {
      expect(podNodeAffinityMatches(podInfo(toSubject(pod())), nodeInfo(node2))).toBe(true);
      const ds = { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'd', namespace: 'default' },
        spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } } };
      expect(daemonShouldRun(ds as never, node2).run).toBe(true);
    });
  });
});

describe('through scheduleOn: every pod of the profile is bound by it', () => {
  const nodes = [node('a', { pool: 'general' }), node('b', { pool: 'gpu' })];
  const args = withAdded({ requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'pool', operator: 'NotIn', values: ['gpu'] }] }] } });
  test('the default profile places it on both; with the configuration only on a', () => {
    expect(scheduleOn(pod(), nodes, {}).feasible.map((v) => v.node)).toEqual(['a', 'b']);
    const r = withProfile({ pluginArgs: args }, () => scheduleOn(pod(), nodes, {}));
    expect(r.feasible.map((v) => v.node)).toEqual(['a']);
    expect(r.rejected.map((v) => [v.node, v.status?.reasons])).toEqual([['b', [ErrReasonEnforced]]]);
  });
});

describe('Score (TestNodeAffinityPriority, the addedAffinity rows)', () => {
  const label1 = { foo: 'bar' }, label2 = { key: 'value' }, label5 = { foo: 'bar', key: 'value', az: 'az1' };
  const affinity1: NodeAffinitySpec = { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 2, preference: { matchExpressions: [{ key: 'foo', operator: 'In', values: ['bar'] }] } }] };
  const scores = (args: PluginArgs, p: Pod, nodes: Node[]) => withProfile({ pluginArgs: args }, () =>
    scoreNodes(podInfo(toSubject(p)), nodes.map(nodeInfo), scoreCluster(nodes, [])).map((n) => n.plugins.find((x) => x.plugin === 'NodeAffinity')?.score ?? 'skipped'));
  test('added affinity', () => {
    expect(scores(withAdded(affinity1), pod(), [node('node1', label1), node('node2', label2)])).toEqual([100, 0]);
    // without it the pod has no preferred terms: PreScore skips
    expect(scores(DEFAULT_PLUGIN_ARGS, pod(), [node('node1', label1), node('node2', label2)])).toEqual(['skipped', 'skipped']);
  });
  test('added affinity and pod has default affinity', () => {
    const added: NodeAffinitySpec = { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 3, preference: { matchExpressions: [{ key: 'key', operator: 'In', values: ['value'] }] } }] };
    expect(scores(withAdded(added), pod({ affinity: { nodeAffinity: affinity1 } }), [node('node1', label1), node('node2', label2), node('node3', label5)])).toEqual([40, 60, 100]);
  });
});
