// A DaemonSet's pod on each node (state.ts stateOn): the DaemonSet controller pins it to its node
// (daemon/util/daemonset_util.go ReplaceDaemonSetPodNodeNameNodeAffinity: required node affinity `metadata.name In
// [node]`, the template's nodeSelector kept), so a constraint with nodeAffinityPolicy Honor counts that node alone,
// when the node has every DoNotSchedule topologyKey and matches the nodeSelector, and, with nodeTaintsPolicy Honor,
// its taints are tolerated (podtopologyspread/common.go matchNodeInclusionPolicies and countPodsMatchSelector,
// filtering.go calPreFilterState). A constraint with nodeAffinityPolicy Ignore counts over the cluster as for any pod.
import type { Node, Pod, Taint } from '../../../core/types';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { buildSnapshot } from '../../snapshot';
import { podsByNode } from '../../index';
import { scheduleOn } from '../../../engine/objects';
import { PodTopologySpread } from '.';
import { preFilterState, stateOn } from './state';
import { makeNode, makePod } from '../../../../test/cluster/builders';

const HOST = 'kubernetes.io/hostname';
const ZONE = 'topology.kubernetes.io/zone';
const web = { app: 'web' };
const host = (name: string, labels: Record<string, string>, taints?: Taint[]): Node => makeNode(name, { [HOST]: name, ...labels }, taints);
const constraint = (topologyKey: string, extra: object = {}) =>
  ({ maxSkew: 1, topologyKey, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: web }, ...extra });
function daemonSet(constraints: object[], nodeSelector: Record<string, string> = { pool: 'web', disk: 'ssd' }) {
  return {
    apiVersion: 'apps/v1', kind: 'DaemonSet' as const, metadata: { name: 'web', namespace: 'default' },
    spec: {
      selector: { matchLabels: web },
      template: {
        metadata: { labels: web },
        spec: {
          containers: [{ name: 'app', image: 'nginx:1.27' }], nodeSelector, topologySpreadConstraints: constraints,
          tolerations: [{ key: 'tolerated', operator: 'Exists', effect: 'NoSchedule' }],
        },
      },
    },
  };
}

describe('a DaemonSet\'s counts on each node', () => {
  const nodes = [
    host('web-1', { [ZONE]: 'z1', pool: 'web', disk: 'ssd' }),
    host('web-hdd', { [ZONE]: 'z1', pool: 'web', disk: 'hdd' }), // the nodeSelector's disk differs
    host('db-1', { [ZONE]: 'z2', pool: 'db', disk: 'ssd' }), // its pool differs
    host('no-disk', { [ZONE]: 'z2', pool: 'web' }), // no disk label
    host('no-zone', { pool: 'web', disk: 'ssd' }), // no zone: lacks a DoNotSchedule topologyKey
    host('tainted', { [ZONE]: 'z1', pool: 'web', disk: 'ssd' }, [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }]),
    host('tolerated', { [ZONE]: 'z2', pool: 'web', disk: 'ssd' }, [{ key: 'tolerated', value: 'y', effect: 'NoSchedule' }]),
  ];
  // one matching pod on every node; web-1 also runs pods that do not count: another app, another namespace, terminating
  const existing: Pod[] = [
    ...nodes.map((n) => makePod(`web-on-${n.metadata!.name}`, { nodeName: n.metadata!.name, labels: web })),
    makePod('other-app', { nodeName: 'web-1', labels: { app: 'other' } }),
    makePod('other-namespace', { nodeName: 'web-1', labels: web, namespace: 'team' }),
    makePod('terminating', { nodeName: 'web-1', labels: web, terminating: true }),
  ];
  const ds = daemonSet([
    constraint(HOST, { nodeTaintsPolicy: 'Honor' }), // pinned
    constraint(ZONE), // pinned (nodeAffinityPolicy Honor is the default)
    constraint(ZONE, { nodeAffinityPolicy: 'Ignore' }), // counted over the cluster
    { ...constraint(HOST), labelSelector: {} }, // pinned; an empty selector counts no pod
  ]);

  test.each([
    // node → per constraint: [its domains and counts, the count the Filter reads for the node's domain]
    ['web-1', [[{ 'web-1': 1 }, 1], [{ z1: 1 }, 1], [{ 'web-1': 0 }, 0]]],
    ['web-hdd', [[{}, 0], [{}, 0], [{}, 0]]],
    ['db-1', [[{}, 0], [{}, 0], [{}, 0]]],
    ['no-disk', [[{}, 0], [{}, 0], [{}, 0]]],
    ['no-zone', [[{}, 0], [{}, 0], [{}, 0]]],
    ['tainted', [[{}, 0], [{ z1: 1 }, 1], [{ tainted: 0 }, 0]]], // nodeTaintsPolicy Honor leaves it out of the first only
    ['tolerated', [[{ tolerated: 1 }, 1], [{ z2: 1 }, 1], [{ tolerated: 0 }, 0]]],
  ] as Array<[string, Array<[Record<string, number>, number]>]>)('%s', (name, want) => {
    const info = podInfo(toSubject(ds));
    const snapshot = buildSnapshot(nodes, podsByNode(existing));
    const state = preFilterState(info, snapshot)!;
    const entry = snapshot.byName.get(name)!;
    const on = stateOn(info, state, entry);
    const labels = entry.info.labels;
    const pinned = [0, 1, 3].map((i) => on.counts[i]);
    expect(pinned.map((c, k) => [Object.fromEntries(c), c.count(labels[[HOST, ZONE, HOST][k]])])).toEqual(want);
    // the nodeAffinityPolicy Ignore constraint keeps PreFilter's counts over every node with the topologyKeys
    expect(on.counts[2]).toBe(state.counts[2]);
    expect(Object.fromEntries(on.counts[2])).toEqual({ z1: 3, z2: 3 });
    expect(on.pinnedOn).toEqual({ node: name, constraints: [0, 1, 3] });
    expect(stateOn(info, state, entry)).toBe(on);
  });
});

describe('through the scheduler: what a pinned node\'s pods count', () => {
  // minDomains 2 with the one pinned domain: the minimum is 0, so the node passes only while it counts 0
  const nodes = [host('n0', { [ZONE]: 'z1', pool: 'web', disk: 'ssd' }), host('n1', { [ZONE]: 'z1', pool: 'web', disk: 'ssd' })];
  const uncounted = [
    makePod('other-app', { nodeName: 'n0', labels: { app: 'other' }, phase: 'Running' }),
    makePod('other-namespace', { nodeName: 'n0', labels: web, namespace: 'team', phase: 'Running' }),
  ];

  test('pods of another app or namespace on the node do not count: the pod fits both nodes', () => {
    const result = scheduleOn(daemonSet([constraint(HOST, { minDomains: 2 })]), nodes, { existingPods: uncounted });
    expect(result.feasible.map((v) => v.node)).toEqual(['n0', 'n1']);
  });

  test('an empty labelSelector counts no pod (countPodsMatchSelector): the pod fits beside its own app', () => {
    const own = makePod('web-old', { nodeName: 'n0', labels: web, phase: 'Running' });
    const result = scheduleOn(daemonSet([{ ...constraint(HOST, { minDomains: 2 }), labelSelector: {} }]), nodes, { existingPods: [own] });
    expect(result.feasible.map((v) => v.node)).toEqual(['n0', 'n1']);
    // with a selector that matches it, the older pod counts on n0: skew 1 + 1 − 0 = 2 > maxSkew 1
    expect(scheduleOn(daemonSet([constraint(HOST, { minDomains: 2 })]), nodes, { existingPods: [own] }).feasible.map((v) => v.node)).toEqual(['n1']);
  });

  test('a DaemonSet whose constraints all ignore node affinity is not pinned: one state for every node', () => {
    const ds = daemonSet([constraint(ZONE, { nodeAffinityPolicy: 'Ignore' })]);
    const info = podInfo(toSubject(ds));
    const snapshot = buildSnapshot(nodes, podsByNode([]));
    const state = preFilterState(info, snapshot)!;
    expect(stateOn(info, state, snapshot.nodes[0])).toBe(state);
    expect(PodTopologySpread.reads!(state)).toEqual([ZONE]);
  });
});
