// PodTopologySpread with a configuration's `defaultConstraints` and `defaultingType: List` (PodTopologySpreadArgs;
// plugin.go getConstraints, common.go buildDefaultConstraints): DoNotSchedule defaults change feasibility, ScheduleAnyway
// ones scoring, only for pods without constraints of their own, counted with DefaultSelector(pod). Upstream's rows:
// filtering_test.go TestPreFilterState and scoring_test.go TestPreScoreSkip / TestPreScoreStateEmptyNodes, the same at
// v1.33.13–v1.37.2; run under withProfile({ pluginArgs }).
import type { TopologySpreadConstraint } from 'kubernetes-types/core/v1';
import type { KubeObject, Node, Pod } from '../../../core/types';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { buildSnapshot } from '../../snapshot';
import { podsByNode } from '../../index';
import { scoreCluster } from '../../score-cluster';
import { formatSelector } from '../../../k8s/label-selector';
import { scheduleOn } from '../../../engine/objects';
import { withProfile } from '../../profile';
import { DEFAULT_PLUGIN_ARGS, type PluginArgs } from '../../plugin-args';
import { preFilterState } from './state';
import { preScore, topologyNormalizingWeight } from './scoring';

const H = 'kubernetes.io/hostname';
const listArgs = (defaultConstraints: TopologySpreadConstraint[]): PluginArgs =>
  ({ ...DEFAULT_PLUGIN_ARGS, PodTopologySpread: { defaultConstraints, defaultingType: 'List' } });
const pod = (labels: Record<string, string>, constraints: TopologySpreadConstraint[] = []): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', labels },
  spec: { containers: [{ name: 'c', image: 'x' }], ...(constraints.length ? { topologySpreadConstraints: constraints } : {}) },
});
const service = (selector: Record<string, string>): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Service', metadata: { name: `svc-${Object.keys(selector).join('-')}`, namespace: 'default' }, spec: { selector } }) as KubeObject;
/** A ReplicaSet whose pods carry `labels` (DefaultSelector: its selector, `foo` Exists as upstream's fooSelector). */
const replicaSet = (labels: Record<string, string>, constraints: TopologySpreadConstraint[] = []): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'rs1', namespace: 'default' },
  spec: {
    selector: { matchExpressions: [{ key: 'foo', operator: 'Exists' }] },
    template: { metadata: { labels }, spec: { containers: [{ name: 'c', image: 'x' }], ...(constraints.length ? { topologySpreadConstraints: constraints } : {}) } },
  },
}) as KubeObject;
const node = (name: string, labels: Record<string, string>): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels } });
const dns = (maxSkew: number, topologyKey: string): TopologySpreadConstraint => ({ maxSkew, topologyKey, whenUnsatisfiable: 'DoNotSchedule' });
const sa = (maxSkew: number, topologyKey: string): TopologySpreadConstraint => ({ maxSkew, topologyKey, whenUnsatisfiable: 'ScheduleAnyway' });

function hard(args: PluginArgs, object: KubeObject, services: KubeObject[] = [], nodes: Node[] = []) {
  return withProfile({ pluginArgs: args }, () => {
    const s = preFilterState(podInfo(toSubject(object)), buildSnapshot(nodes, podsByNode([]), [], services));
    return s?.constraints.map((c) => ({ maxSkew: c.maxSkew, topologyKey: c.topologyKey, selector: formatSelector(c.selector), minDomains: c.minDomains }));
  });
}

describe('PreFilter (filtering_test.go TestPreFilterState, the default constraints rows)', () => {
  const three = [dns(3, 'node'), sa(2, 'node'), dns(5, 'rack')];
  test('default constraints and a service: the DoNotSchedule ones, with the Service\'s selector', () => {
    expect(hard(listArgs(three), pod({ foo: 'bar', baz: 'kar' }), [service({ foo: 'bar' })])).toEqual([
      { maxSkew: 3, topologyKey: 'node', selector: 'foo=bar', minDomains: 1 },
      { maxSkew: 5, topologyKey: 'rack', selector: 'foo=bar', minDomains: 1 },
    ]);
  });
  test("default constraints and a service that doesn't match: Skip", () => {
    expect(hard(listArgs([dns(3, 'node')]), pod({ foo: 'bar' }), [service({ baz: 'kep' })])).toBeUndefined();
  });
  test('default constraints and a service, but pod has constraints: only its own', () => {
    const own = pod({ foo: 'bar', baz: 'tar' }, [
      { ...dns(1, 'zone'), labelSelector: { matchLabels: { baz: 'tar' } } },
      { ...sa(2, 'planet'), labelSelector: { matchLabels: { fot: 'rok' } } },
    ]);
    expect(hard(listArgs([dns(2, 'node')]), own, [service({ foo: 'bar' })])).toEqual([{ maxSkew: 1, topologyKey: 'zone', selector: 'baz=tar', minDomains: 1 }]);
  });
  test('default soft constraints and a service: Skip', () => {
    expect(hard(listArgs([sa(2, 'node')]), pod({ foo: 'bar' }), [service({ foo: 'bar' })])).toBeUndefined();
  });
  test('the default (System) args: no DoNotSchedule default', () => {
    expect(hard(DEFAULT_PLUGIN_ARGS, pod({ foo: 'bar' }), [service({ foo: 'bar' })])).toBeUndefined();
  });
});

function soft(args: PluginArgs, object: KubeObject, nodes: Node[]) {
  return withProfile({ pluginArgs: args }, () => {
    const cluster = scoreCluster(nodes, []);
    const s = preScore(podInfo(toSubject(object)), cluster.nodes, cluster);
    return s && {
      constraints: s.constraints.map((c) => ({ maxSkew: c.maxSkew, topologyKey: c.topologyKey, selector: formatSelector(c.selector) })),
      counts: s.counts.map((m) => Object.fromEntries(m)),
      weights: s.weights,
      systemDefaulted: s.systemDefaulted,
    };
  });
}

describe('PreScore (scoring_test.go TestPreScoreSkip, TestPreScoreStateEmptyNodes)', () => {
  test("TestPreScoreSkip: the pod doesn't have soft topology spread Constraints (List, none configured)", () => {
    expect(soft(listArgs([]), replicaSet({ foo: 'bar' }), [node('node-a', { [H]: 'node-a' }), node('node-b', { [H]: 'node-b' })])).toBeUndefined();
  });
  test("TestPreScoreSkip: default constraints and a replicaset that doesn't match", () => {
    // upstream's ReplicaSet selects `tar` Exists, not the pod: DefaultSelector is empty; here the pod has no owner
    expect(soft(listArgs([sa(2, 'planet')]), pod({ foo: 'bar', baz: 'sup' }), [node('node-a', { planet: 'mars' })])).toBeUndefined();
  });
  test('TestPreScoreStateEmptyNodes: default constraints and a replicaset', () => {
    const args = listArgs([sa(1, H), dns(2, 'rack'), sa(2, 'planet')]);
    expect(soft(args, replicaSet({ foo: 'tar', baz: 'sup' }), [node('node-a', { rack: 'rack1', [H]: 'node-a', planet: 'mars' })])).toEqual({
      constraints: [{ maxSkew: 1, topologyKey: H, selector: 'foo' }, { maxSkew: 2, topologyKey: 'planet', selector: 'foo' }],
      counts: [{}, { mars: 0 }],
      weights: [topologyNormalizingWeight(1), topologyNormalizingWeight(1)],
      systemDefaulted: false,
    });
  });
  test('TestPreScoreStateEmptyNodes: default constraints and a replicaset, but pod has constraints', () => {
    const own = replicaSet({ foo: 'bar', baz: 'sup' }, [
      { ...dns(1, 'zone'), labelSelector: { matchExpressions: [{ key: 'bar', operator: 'Exists' }] } },
      { ...sa(2, 'planet'), labelSelector: { matchLabels: { baz: 'sup' } } },
    ]);
    expect(soft(listArgs([sa(2, 'galaxy')]), own, [node('node-a', { planet: 'mars', galaxy: 'andromeda' })])).toEqual({
      constraints: [{ maxSkew: 2, topologyKey: 'planet', selector: 'baz=sup' }],
      counts: [{ mars: 0 }],
      weights: [topologyNormalizingWeight(1)],
      systemDefaulted: false,
    });
  });
  test('List defaults require every topologyKey on a node (requireAllTopologies), unlike System', () => {
    const nodes = [node('node-a', { [H]: 'node-a', zone: 'z1' }), node('node-b', { [H]: 'node-b' })];
    const s = withProfile({ pluginArgs: listArgs([sa(1, 'zone')]) }, () => {
      const cluster = scoreCluster(nodes, []);
      return preScore(podInfo(toSubject(replicaSet({ foo: 'x' }))), cluster.nodes, cluster);
    });
    expect([...s!.ignored]).toEqual(['node-b']);
  });
});

// A DoNotSchedule default changes feasibility (issue 36): a ReplicaSet's pod, two zones, a third node without the
// label; one replica already in zone-a. With the default profile every node fits.
describe('feasibility with a DoNotSchedule default constraint', () => {
  const nodes = [node('a1', { zone: 'zone-a' }), node('b1', { zone: 'zone-b' }), node('c1', {})];
  const running: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'rs1-x', namespace: 'default', labels: { foo: 'v' } }, spec: { nodeName: 'a1', containers: [{ name: 'c', image: 'x' }] } };
  const rs = replicaSet({ foo: 'v' });
  const args = listArgs([dns(1, 'zone')]);
  test('the default profile places it anywhere', () => {
    expect(scheduleOn(rs, nodes, { existingPods: [running] }).rejected).toEqual([]);
  });
  test('zone-a is over the skew, the unlabelled node is missing the key, and the details say the configuration did it', () => {
    const result = withProfile({ pluginArgs: args }, () => scheduleOn(rs, nodes, { existingPods: [running] }));
    expect(result.feasible.map((v) => v.node)).toEqual(['b1']);
    const a1 = result.rejected.find((v) => v.node === 'a1')!.status!;
    expect([a1.plugin, a1.code, a1.reasons]).toEqual(['PodTopologySpread', 'Unschedulable', ["node(s) didn't match pod topology spread constraints"]]);
    expect(a1.details.join('\n')).toMatch(/the scheduler configuration's PodTopologySpread defaultConstraints\[0\]/);
    expect(a1.details.join('\n')).toMatch(/comes from the scheduler configuration .*not from the pod: its spec cannot remove it/);
    const c1 = result.rejected.find((v) => v.node === 'c1')!.status!;
    expect([c1.code, c1.reasons]).toEqual(['UnschedulableAndUnresolvable', ["node(s) didn't match pod topology spread constraints (missing required label)"]]);
    expect(c1.details.join('\n')).toMatch(/scheduler configuration/);
  });
  test('a pod with constraints of its own is not defaulted', () => {
    const own = replicaSet({ foo: 'v' }, [{ ...sa(1, 'zone'), labelSelector: { matchLabels: { foo: 'v' } } }]);
    expect(withProfile({ pluginArgs: args }, () => scheduleOn(own, nodes, { existingPods: [running] })).rejected).toEqual([]);
  });
  test('a bare pod (no Service, no owner) has an empty DefaultSelector: not defaulted', () => {
    expect(withProfile({ pluginArgs: args }, () => scheduleOn(pod({ foo: 'v' }), nodes, { existingPods: [running] })).rejected).toEqual([]);
  });
  test('with no pod in the cluster the default still filters: the node without the key', () => {
    const result = withProfile({ pluginArgs: args }, () => scheduleOn(rs, nodes, {}));
    expect(result.rejected.map((v) => v.node)).toEqual(['c1']);
  });
});
