// PodTopologySpread's PreFilterExtensions AddPod/RemovePod (filtering.go updateWithPod): a pod of the incoming pod's
// namespace, on a node with every hard topologyKey (nodeLabelsMatchSpreadConstraints), counts in the node's domain of
// each constraint whose selector it matches and whose inclusion policies the node meets (common.go
// matchNodeInclusionPolicies). Cases from filtering_test.go TestPreFilterStateAddPod (v1.33–v1.37), and our own for
// the policies upstream's table leaves at their defaults.
import type { Node, Pod } from '../../../core/types';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { buildSnapshot } from '../../snapshot';
import { podsByNode } from '../../index';
import { scheduleOn } from '../../../engine/objects';
import { PodTopologySpread } from '.';
import { preFilterState } from './state';
import { fooSelector, makeNode, makePod, spread } from '../../../../test/cluster/builders';
import { foo } from '../../../../test/cluster/podtopologyspread-filtering.cases';

const notIn = (key: string, values: string[]) =>
  ({ requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key, operator: 'NotIn', values }] }] } });
const dedicated = [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' as const }];

/** PreFilter's counts, then AddPod of `added` on its node: both states' counts, and whether AddPod left the state as it was. */
function addPod(preemptor: Pod, nodes: Node[], existing: Pod[], added: Pod) {
  const info = podInfo(toSubject(preemptor));
  const snapshot = buildSnapshot(nodes, podsByNode(existing));
  const state = preFilterState(info, snapshot)!;
  const after = PodTopologySpread.addPod!(info, state, added, snapshot.byName.get(added.spec!.nodeName!)!);
  return { before: state.counts.map((c) => Object.fromEntries(c)), after: after.counts.map((c) => Object.fromEntries(c)), same: after === state };
}

describe('AddPod and the node inclusion policies', () => {
  const zones = (aLabels: Record<string, string> = {}, aTaints?: typeof dedicated) => [
    makeNode('node-a', { zone: 'zone1', node: 'node-a', ...aLabels }, aTaints),
    makeNode('node-b', { zone: 'zone2', node: 'node-b', foo: '' }),
  ];
  const existing = [makePod('p-a2', { nodeName: 'node-a', labels: foo }), makePod('p-b1', { nodeName: 'node-b', labels: foo })];
  const added = (node: string, labels: Record<string, string> = foo) => makePod(`p-${node}-added`, { nodeName: node, labels });
  const pod = (o: Parameters<typeof makePod>[1], extra: object = {}) => makePod('p', { labels: foo, ...o, spread: [spread(1, 'zone', fooSelector, extra)] });

  test.each([
    // TestPreFilterStateAddPod "add a pod when scheduling node affinity unmatched pod with NodeInclusionPolicy enabled"
    ['node affinity unmatched: node-a is not counted', pod({ nodeAffinity: notIn('foo', ['bar']) }), zones({ foo: 'bar' }), 'node-a', { zone2: 1 }, { zone2: 1 }],
    ['node affinity unmatched, nodeAffinityPolicy Ignore: node-a counts', pod({ nodeAffinity: notIn('foo', ['bar']) }, { nodeAffinityPolicy: 'Ignore' }), zones({ foo: 'bar' }),
      'node-a', { zone1: 1, zone2: 1 }, { zone1: 2, zone2: 1 }],
    // TestPreFilterStateAddPod "add a pod when scheduling node affinity matched pod with NodeInclusionPolicy enabled"
    ['node affinity matched', pod({ nodeAffinity: notIn('foo', ['bar']) }), zones(), 'node-b', { zone1: 1, zone2: 1 }, { zone1: 1, zone2: 2 }],
    ['nodeTaintsPolicy Honor, an untolerated taint: node-a is not counted', pod({}, { nodeTaintsPolicy: 'Honor' }), zones({}, dedicated), 'node-a', { zone2: 1 }, { zone2: 1 }],
    ['nodeTaintsPolicy Honor, a node without taints', pod({}, { nodeTaintsPolicy: 'Honor' }), zones({}, dedicated), 'node-b', { zone2: 1 }, { zone2: 2 }],
    ['nodeTaintsPolicy Ignore (the default), an untolerated taint', pod({}), zones({}, dedicated), 'node-a', { zone1: 1, zone2: 1 }, { zone1: 2, zone2: 1 }],
  ] as Array<[string, Pod, Node[], string, Record<string, number>, Record<string, number>]>)('%s', (_name, preemptor, nodes, node, before, after) => {
    const got = addPod(preemptor, nodes, existing, added(node));
    expect(got.before).toEqual([before]);
    expect(got.after).toEqual([after]);
    expect(got.same).toBe(JSON.stringify(before) === JSON.stringify(after));
  });

  test('nodeTaintsPolicy Honor, a tolerated taint: node-a counts', () => {
    const preemptor = pod({}, { nodeTaintsPolicy: 'Honor' });
    preemptor.spec!.tolerations = [{ key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' }];
    expect(addPod(preemptor, zones({}, dedicated), existing, added('node-a'))).toEqual({ before: [{ zone1: 1, zone2: 1 }], after: [{ zone1: 2, zone2: 1 }], same: false });
  });

  // TestPreFilterStateAddPod "add a label selector not matched pod when with NodeInclusionPolicy enabled"
  test('a pod the selector does not match changes nothing', () => {
    expect(addPod(pod({}), zones(), existing, added('node-b', { bar: '' }))).toEqual({ before: [{ zone1: 1, zone2: 1 }], after: [{ zone1: 1, zone2: 1 }], same: true });
  });

  test('a node lacking one of the hard topologyKeys changes nothing (nodeLabelsMatchSpreadConstraints)', () => {
    const two = makePod('p', { labels: foo, spread: [spread(1, 'zone', fooSelector), spread(1, 'node', fooSelector)] });
    const nodes = [...zones(), makeNode('node-c', { zone: 'zone1' })];
    expect(addPod(two, nodes, existing, added('node-c'))).toEqual({
      before: [{ zone1: 1, zone2: 1 }, { 'node-a': 1, 'node-b': 1 }], after: [{ zone1: 1, zone2: 1 }, { 'node-a': 1, 'node-b': 1 }], same: true,
    });
  });
});

// A DaemonSet's pod counts its own node only (stateOn); a pod nominated to that node counts there too
// (RunFilterPluginsWithNominatedPods → AddPod), and the rejection still says the pod is pinned.
describe('a DaemonSet\'s pod with a pod nominated to its node', () => {
  const node = (name: string): Node => ({
    apiVersion: 'v1', kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': 'z1' } },
    status: { allocatable: { cpu: '2', memory: '4Gi', pods: '110' } },
  });
  const daemonSet = {
    apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'web', namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          containers: [{ name: 'app', image: 'nginx:1.27' }],
          topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule', minDomains: 2, labelSelector: { matchLabels: { app: 'web' } } }],
        },
      },
    },
  };
  const nominated: Pod = {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-next', namespace: 'default', labels: { app: 'web' } },
    spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] }, status: { phase: 'Pending', nominatedNodeName: 'n0' },
  };

  test('n0 counts the nominated pod (1 + 1 − 0 > maxSkew 1), n1 does not; the message names the pinned node', () => {
    const nodes = [node('n0'), node('n1')];
    const result = scheduleOn(daemonSet, nodes, { existingPods: [nominated] });
    expect(result.feasible.map((v) => v.node)).toEqual(['n1']);
    const details = result.rejected.find((v) => v.node === 'n0')!.status!.details;
    expect(details).toContain('  kubernetes.io/hostname: n0 1 (min 0: 1 eligible domain(s) < minDomains 2); placing here makes n0 2 → skew 2 > maxSkew 1');
    expect(details).toContain('  a DaemonSet\'s pod is pinned to its node (the controller sets its required node affinity to metadata.name In [n0]), so only node n0 counts');
  });
});
