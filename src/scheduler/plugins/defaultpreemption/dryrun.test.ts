// DryRunPreemption over every node, as upstream's TestDryRunPreemption (pkg/scheduler/framework/plugins/
// defaultpreemption/default_preemption_test.go, the same cases v1.33.13–v1.37.2) calls it: each node as a potential
// one, its victims compared sorted by name (as the test sorts them), and the number of Filter runs
// (expectedNumFilterCalled: once with every lower-priority pod removed, once per reprieve). Nodes are
// st.MakeNode().Capacity(veryLargeRes) with the labels hostname, zone and region from "name/zone/region".
import type { KubeObject, Node, Pod } from '../../../core/types';
import { configure, resetConfiguration } from '../../../core/config';
import { KUBERNETES_VERSIONS } from '../../../core/releases';
import { toSubject } from '../../../k8s/subject';
import { cycleFor, postFilterHandle, type NodeVerdict } from '../..';
import { podInfo } from '../../framework';
import { buildSnapshot, groupByNode } from '../../snapshot';
import { DefaultPreemption, type PreemptionAnswer } from '.';

afterEach(() => resetConfiguration());

const lowPriority = 0, midPriority = 100, highPriority = 1000;
type Res = Record<string, string>;
const smallRes: Res = { cpu: '100m', memory: '100' };
const mediumRes: Res = { cpu: '200m', memory: '200' };
const largeRes: Res = { cpu: '300m', memory: '300' };
const veryLargeRes: Res = { cpu: '500m', memory: '500' };
const epochTime = (n: number) => new Date(n * 1000).toISOString().replace('.000', '');

interface P { priority: number; node?: string; req?: Res; start?: string; labels?: Record<string, string>; extra?: object }
function pod(name: string, o: P): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name, uid: name, namespace: 'default', ...(o.labels ? { labels: o.labels } : {}) },
    spec: { containers: [{ name: 'c', image: 'registry.k8s.io/pause', ...(o.req ? { resources: { requests: o.req } } : {}) }], ...(o.node ? { nodeName: o.node } : {}), priority: o.priority, ...o.extra },
    ...(o.start ? { status: { startTime: o.start } } : {}),
  } as Pod;
}
function node(spec: string): Node {
  const [name, zone, region] = spec.split('/');
  const labels = { hostname: name, ...(zone ? { zone } : {}), ...(region ? { region } : {}) };
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, labels }, spec: {}, status: { capacity: { pods: '32', ...veryLargeRes }, allocatable: { pods: '32', ...veryLargeRes } } } as Node;
}
const pdb = (disruptionsAllowed: number, disruptedPods?: Record<string, string>) =>
  ({ kind: 'PodDisruptionBudget', metadata: { name: 'pdb', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'foo' } } }, status: { disruptionsAllowed, ...(disruptedPods ? { disruptedPods } : {}) } }) as unknown as KubeObject;

/** DryRunPreemption with every node potential (the test's nodeInfos), counting the Filter runs. */
function dryRun(incoming: Pod, nodeNames: string[], pods: Pod[], pdbs: KubeObject[] = []) {
  const nodes = nodeNames.map(node);
  const snapshot = buildSnapshot(nodes, groupByNode(pods));
  const info = podInfo(toSubject(incoming));
  const unschedulable = nodes.map((n): NodeVerdict => ({ node: n.metadata!.name!, feasible: false, status: { plugin: 'Fake', code: 'Unschedulable', reasons: ['fake'], details: [] } }));
  const handle = postFilterHandle(info, nodes, unschedulable, snapshot, cycleFor(info, snapshot), pdbs);
  let filterCalls = 0;
  const counted = {
    ...handle,
    dryRun: (n: Parameters<typeof handle.dryRun>[0]) => {
      const run = handle.dryRun(n);
      return { removePod: run.removePod.bind(run), addPod: run.addPod.bind(run), filter: () => (filterCalls++, run.filter()) };
    },
  };
  const answer = DefaultPreemption.postFilter(info, counted).answer as PreemptionAnswer;
  const candidates = answer.candidates.map((c) => ({ node: c.node, victims: [...c.victims].sort(), numPDBViolations: c.numPDBViolations }));
  return { candidates, filterCalls, answer };
}
const v = (node: string, victims: string[], numPDBViolations = 0) => ({ node, victims: victims.map((n) => `default/${n}`), numPDBViolations });
const foo = { app: 'foo' };

describe.each(KUBERNETES_VERSIONS)('TestDryRunPreemption at %s', (version) => {
  beforeEach(() => configure({ kubernetesVersion: version, admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));

  test('a pod that would fit on the nodes, but other pods running are higher priority, no preemption would happen', () => {
    const r = dryRun(pod('p', { priority: lowPriority, req: largeRes }), ['node1', 'node2'],
      [pod('p1', { node: 'node1', priority: midPriority, req: largeRes }), pod('p2', { node: 'node2', priority: midPriority, req: largeRes })]);
    expect(r).toMatchObject({ candidates: [], filterCalls: 0 });
    expect(r.answer.message).toBe('preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.');
  });
  test('a pod that fits on both nodes when lower priority pods are preempted', () => {
    const r = dryRun(pod('p', { priority: highPriority, req: largeRes }), ['node1', 'node2'],
      [pod('p1', { node: 'node1', priority: midPriority, req: largeRes }), pod('p2', { node: 'node2', priority: midPriority, req: largeRes })]);
    expect(r).toMatchObject({ candidates: [v('node1', ['p1']), v('node2', ['p2'])], filterCalls: 4 });
  });
  test('medium priority pod is preempted, but lower priority one stays as it is small', () => {
    const r = dryRun(pod('p', { priority: highPriority, req: largeRes }), ['node1', 'node2'], [
      pod('p1.1', { node: 'node1', priority: lowPriority, req: smallRes }), pod('p1.2', { node: 'node1', priority: midPriority, req: largeRes }),
      pod('p2', { node: 'node2', priority: midPriority, req: largeRes }),
    ]);
    expect(r).toMatchObject({ candidates: [v('node1', ['p1.2']), v('node2', ['p2'])], filterCalls: 5 });
  });
  test('mixed priority pods are preempted', () => {
    const r = dryRun(pod('p', { priority: highPriority, req: largeRes }), ['node1', 'node2'], [
      pod('p1.1', { node: 'node1', priority: midPriority, req: smallRes }), pod('p1.2', { node: 'node1', priority: lowPriority, req: smallRes }),
      pod('p1.3', { node: 'node1', priority: midPriority, req: mediumRes }), pod('p1.4', { node: 'node1', priority: highPriority, req: smallRes }),
      pod('p2', { node: 'node2', priority: highPriority, req: largeRes }),
    ]);
    expect(r).toMatchObject({ candidates: [v('node1', ['p1.2', 'p1.3'])], filterCalls: 4 });
    // in SelectVictimsOnNode's order: reprieved most important first (p1.1 stays, p1.3 then p1.2 do not fit back)
    expect(r.answer.candidates[0].victims).toEqual(['default/p1.3', 'default/p1.2']);
  });
  test('mixed priority pods are preempted, pick later StartTime one when priorities are equal', () => {
    const r = dryRun(pod('p', { priority: highPriority, req: largeRes }), ['node1', 'node2'], [
      pod('p1.1', { node: 'node1', priority: lowPriority, req: smallRes, start: epochTime(5) }), pod('p1.2', { node: 'node1', priority: lowPriority, req: smallRes, start: epochTime(4) }),
      pod('p1.3', { node: 'node1', priority: midPriority, req: mediumRes, start: epochTime(3) }), pod('p1.4', { node: 'node1', priority: highPriority, req: smallRes, start: epochTime(2) }),
      pod('p2', { node: 'node2', priority: highPriority, req: largeRes, start: epochTime(1) }),
    ]);
    expect(r).toMatchObject({ candidates: [v('node1', ['p1.1', 'p1.3'])], filterCalls: 4 });
  });
  test('pod with anti-affinity is preempted', () => {
    const antiFoo = { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchExpressions: [{ key: 'foo', operator: 'Exists' }] }, topologyKey: 'hostname' }] } } };
    const r = dryRun(pod('p', { priority: highPriority, req: smallRes, labels: { foo: '' } }), ['node1', 'node2'], [
      pod('p1.1', { node: 'node1', priority: lowPriority, req: smallRes, labels: { foo: '' }, extra: antiFoo }),
      pod('p1.2', { node: 'node1', priority: midPriority, req: smallRes }), pod('p1.3', { node: 'node1', priority: highPriority, req: smallRes }),
      pod('p2', { node: 'node2', priority: highPriority, req: smallRes }),
    ]);
    expect(r).toMatchObject({ candidates: [v('node1', ['p1.1'])], filterCalls: 3 });
  });
  test('preemption to resolve pod topology spread filter failure', () => {
    const spreads = ['zone', 'hostname'].map((topologyKey) => ({ maxSkew: 1, topologyKey, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchExpressions: [{ key: 'foo', operator: 'Exists' }] } }));
    const r = dryRun(pod('p', { priority: highPriority, labels: { foo: '' }, extra: { topologySpreadConstraints: spreads } }), ['node-a/zone1', 'node-b/zone1', 'node-x/zone2'], [
      pod('pod-a1', { node: 'node-a', priority: midPriority, labels: { foo: '' } }), pod('pod-a2', { node: 'node-a', priority: lowPriority, labels: { foo: '' } }),
      pod('pod-b1', { node: 'node-b', priority: lowPriority, labels: { foo: '' } }),
      pod('pod-x1', { node: 'node-x', priority: highPriority, labels: { foo: '' } }), pod('pod-x2', { node: 'node-x', priority: highPriority, labels: { foo: '' } }),
    ]);
    expect(r).toMatchObject({ candidates: [v('node-a', ['pod-a2']), v('node-b', ['pod-b1'])], filterCalls: 5 });
  });
  const two = () => [pod('p1.1', { node: 'node1', priority: midPriority, req: mediumRes, labels: foo }), pod('p1.2', { node: 'node1', priority: midPriority, req: mediumRes, labels: foo })];
  const incoming = () => pod('p', { priority: highPriority, req: veryLargeRes });
  test('preemption with violation of same pdb', () => {
    expect(dryRun(incoming(), ['node1'], two(), [pdb(1)])).toMatchObject({ candidates: [v('node1', ['p1.1', 'p1.2'], 1)], filterCalls: 3 });
  });
  test('preemption with violation of the pdb with pod whose eviction was processed, the victim doesn\'t belong to DisruptedPods', () => {
    expect(dryRun(incoming(), ['node1'], two(), [pdb(1, { p2: epochTime(0) })])).toMatchObject({ candidates: [v('node1', ['p1.1', 'p1.2'], 1)], filterCalls: 3 });
  });
  test('preemption with violation of the pdb with pod whose eviction was processed, the victim belongs to DisruptedPods', () => {
    expect(dryRun(incoming(), ['node1'], two(), [pdb(1, { 'p1.2': epochTime(0) })])).toMatchObject({ candidates: [v('node1', ['p1.1', 'p1.2'], 0)], filterCalls: 3 });
  });
  test('preemption with violation of the pdb with pod whose eviction was processed, the victim which belongs to DisruptedPods is treated as \'nonViolating\'', () => {
    const three = [...two(), pod('p1.3', { node: 'node1', priority: midPriority, req: mediumRes, labels: foo })];
    expect(dryRun(incoming(), ['node1'], three, [pdb(1, { 'p1.3': epochTime(0) })])).toMatchObject({ candidates: [v('node1', ['p1.1', 'p1.2', 'p1.3'], 1)], filterCalls: 4 });
  });
});
