// PodTopologySpread with a configuration's `defaultConstraints` (defaultingType List): the inclusion policies a
// default gets when it sets none (the API's defaults: nodeAffinityPolicy Honor, nodeTaintsPolicy Ignore; common.go
// buildDefaultConstraints keeps the configured constraint's fields), an owner whose selector is empty (DefaultSelector
// empty: no constraint), and the texts that name a default: the rejection's details, the pass lines, the score's
// detail and PreScore's Skip. Upstream: filtering_test.go TestPreFilterState (its expected constraints carry
// NodeAffinityPolicy Honor / NodeTaintsPolicy Ignore), common.go, scoring.go; the same at v1.33.13–v1.37.2.
import type { TopologySpreadConstraint } from 'kubernetes-types/core/v1';
import type { KubeObject, Node, Pod } from '../../../core/types';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { buildSnapshot } from '../../snapshot';
import { podsByNode } from '../../index';
import { rankNodes, scheduleOn } from '../../../engine/objects';
import { scheduleOnNode } from '../../../engine';
import { withProfile } from '../../profile';
import { DEFAULT_PLUGIN_ARGS, type PluginArgs } from '../../plugin-args';
import { preFilterState } from './state';

const Z = 'topology.kubernetes.io/zone';
const list = (...defaultConstraints: TopologySpreadConstraint[]): PluginArgs =>
  ({ ...DEFAULT_PLUGIN_ARGS, PodTopologySpread: { defaultConstraints, defaultingType: 'List' } });
const dns = (extra: Partial<TopologySpreadConstraint> = {}): TopologySpreadConstraint => ({ maxSkew: 1, topologyKey: Z, whenUnsatisfiable: 'DoNotSchedule', ...extra });
const node = (name: string, zone: string, labels: Record<string, string> = {}, taints?: Node['spec']): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, [Z]: zone, ...labels } }, ...(taints ? { spec: taints } : {}), status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } });
const running = (name: string, on: string, labels: Record<string, string>, namespace = 'default'): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, labels }, spec: { nodeName: on, containers: [{ name: 'c', image: 'x' }] }, status: { phase: 'Running' },
});
function workload(kind: 'ReplicaSet' | 'Deployment', selector: object, podSpec: object = {}, metadata: object = { name: 'web', namespace: 'default' }): KubeObject {
  return {
    apiVersion: 'apps/v1', kind, metadata,
    spec: { selector, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'x' }], ...podSpec } } },
  } as KubeObject;
}
const web = { matchLabels: { app: 'web' } };

test('the policies a constraint gets when it sets none: nodeAffinityPolicy Honor, nodeTaintsPolicy Ignore (its own and a default)', () => {
  const policies = (args: PluginArgs, object: KubeObject) => withProfile({ pluginArgs: args }, () =>
    preFilterState(podInfo(toSubject(object)), buildSnapshot([node('a1', 'a')], podsByNode([])))!.constraints.map((c) => [c.nodeAffinityPolicy, c.nodeTaintsPolicy]));
  expect(policies(list(dns()), workload('ReplicaSet', web))).toEqual([['Honor', 'Ignore']]);
  expect(policies(DEFAULT_PLUGIN_ARGS, workload('ReplicaSet', web, { topologySpreadConstraints: [dns({ labelSelector: web })] }))).toEqual([['Honor', 'Ignore']]);
});

describe('a default constraint without policies honours node affinity and ignores taints; one with nodeTaintsPolicy Honor honours taints', () => {
  // zone c leaves the counts when its node is excluded: a and b hold one replica each, min 1, skew 1 ≤ 1;
  // counted, zone c (0) makes the min 0 and a and b skew 2
  const pods = () => [running('web-a', 'a1', { app: 'web' }), running('web-b', 'b1', { app: 'web' })];
  const feasible = (args: PluginArgs, object: KubeObject, nodes: Node[]) =>
    withProfile({ pluginArgs: args }, () => scheduleOn(object, nodes, { existingPods: pods() })).feasible.map((v) => v.node);
  test('nodeSelector leaves zone c out (nodeAffinityPolicy Honor by default)', () => {
    const nodes = [node('a1', 'a', { pool: 'x' }), node('b1', 'b', { pool: 'x' }), node('c1', 'c')];
    expect(feasible(list(dns()), workload('ReplicaSet', web, { nodeSelector: { pool: 'x' } }), nodes)).toEqual(['a1', 'b1']);
  });
  const tainted = () => [node('a1', 'a'), node('b1', 'b'), node('c1', 'c', {}, { taints: [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }] })];
  test('an untolerated taint keeps zone c in the counts (nodeTaintsPolicy Ignore by default)', () => {
    expect(feasible(list(dns()), workload('ReplicaSet', web), tainted())).toEqual([]);
  });
  test('nodeTaintsPolicy Honor leaves the tainted zone c out', () => {
    expect(feasible(list(dns({ nodeTaintsPolicy: 'Honor' })), workload('ReplicaSet', web), tainted())).toEqual(['a1', 'b1']);
  });
});

test('an owner whose selector is empty gives an empty DefaultSelector: no default constraint (buildDefaultConstraints)', () => {
  // with one, the node without the zone label would be rejected (missing required label)
  const unlabelled: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'c1', labels: { 'kubernetes.io/hostname': 'c1' } }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } };
  const nodes = [node('a1', 'a'), node('b1', 'b'), unlabelled];
  const pods = [running('x1', 'a1', { app: 'web' }), running('x2', 'a1', { other: 'y' })];
  const result = withProfile({ pluginArgs: list(dns()) }, () => scheduleOn(workload('ReplicaSet', {}), nodes, { existingPods: pods }));
  expect(result.feasible.map((v) => v.node)).toEqual(['a1', 'b1', 'c1']);
});

describe('how the texts name a default constraint', () => {
  const nodes = () => [node('a1', 'a'), node('b1', 'b')];
  test('a rejection: the configuration\'s defaultConstraints[i], no matchLabelKeys line, and the revision note of a Deployment\'s selector', () => {
    const pods = [running('web-1', 'a1', { app: 'web', 'pod-template-hash': 'h1' }, 'team'), running('web-2', 'a1', { app: 'web', 'pod-template-hash': 'h1' }, 'team')];
    const deployment = workload('Deployment', web, {}, { name: 'web', namespace: 'team' });
    const result = withProfile({ pluginArgs: list(dns({ maxSkew: 2, whenUnsatisfiable: 'ScheduleAnyway' }), dns()) }, () => scheduleOn(deployment, nodes(), { existingPods: pods }));
    const details = result.rejected.find((v) => v.node === 'a1')!.status!.details;
    expect(details[0]).toBe(`the scheduler configuration's PodTopologySpread defaultConstraints[1] (defaultingType List; applied because the pod has no topologySpreadConstraints of its own) (topologyKey ${Z}, maxSkew 1, labelSelector app=web,pod-template-hash in (<this revision>)):`);
    expect(details).toContain("  <this revision> is the Deployment's pod-template-hash, which the library cannot compute (controller.ComputeHash of the template): " +
      'its existing pods in namespace team that carry a pod-template-hash are taken for this revision (the manifest under test is what runs)');
    expect(details.join('\n')).not.toMatch(/matchLabelKeys/);
  });
  test.each([
    ['without a namespace', { name: 'web' }],
    ['without metadata', null],
  ])('a Deployment %s: its revision is the namespace default\'s', (_name, metadata) => {
    const pods = [running('web-1', 'a1', { app: 'web', 'pod-template-hash': 'h1' }), running('web-2', 'a1', { app: 'web', 'pod-template-hash': 'h1' })];
    const { metadata: _, ...bare } = workload('Deployment', web);
    const deployment = (metadata ? { ...bare, metadata } : bare) as KubeObject;
    const result = withProfile({ pluginArgs: list(dns()) }, () => scheduleOn(deployment, nodes(), { existingPods: pods }));
    expect(result.rejected.find((v) => v.node === 'a1')!.status!.details.join('\n')).toMatch(/ its existing pods in namespace default that carry a pod-template-hash /);
  });
  test('a pass line', () => {
    const answer = withProfile({ pluginArgs: list(dns()) }, () =>
      scheduleOnNode(toSubject(workload('ReplicaSet', web)), node('b1', 'b'), { nodes: nodes(), existingPods: [running('web-1', 'a1', { app: 'web' })] }));
    expect(answer.notes).toContain(`PodTopologySpread: the scheduler configuration's defaultConstraints[0] ${Z}: a 1, b 0 (min 0); placing here makes b 1 → skew 1 ≤ maxSkew 1`);
  });
  test('a score\'s detail', () => {
    const scores = withProfile({ pluginArgs: list(dns({ whenUnsatisfiable: 'ScheduleAnyway' })) }, () =>
      rankNodes(workload('ReplicaSet', web), nodes(), { existingPods: [running('web-1', 'a1', { app: 'web' })] }));
    const detail = scores.find((s) => s.node === 'a1')!.plugins.find((p) => p.plugin === 'PodTopologySpread')!.detail;
    expect(detail).toBe(`${Z} a: 1 matching (the scheduler configuration's defaultConstraints, selector app=web)`);
  });
  test('PreScore\'s Skip for a pod the defaults do not select', () => {
    const bare: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'x' }] } };
    const skipped = (args: PluginArgs) => withProfile({ pluginArgs: args }, () => rankNodes(bare, nodes()))[0].skipped.find((s) => s.plugin === 'PodTopologySpread')!.reason;
    expect(skipped(list(dns({ whenUnsatisfiable: 'ScheduleAnyway' })))).toBe("no ScheduleAnyway constraint; the scheduler configuration's defaultConstraints need a Service or a ReplicaSet/StatefulSet/RC owner selecting the pod");
    expect(skipped(DEFAULT_PLUGIN_ARGS)).toBe('no ScheduleAnyway constraint; system defaults need a ReplicaSet/StatefulSet/RC owner');
  });
});
