// scheduleMatrix on small random clusters against the pairs evaluated one by one (runFilters over the snapshot of the
// whole cluster, as schedule()/scheduleOn do; that oracle is itself checked against scheduleOn), with node shapes on
// and off. The generators aim at every path of matrix.ts: few label keys and values (shapes collide and split; 'a',
// 'b' and 'ab' so that key sets joined without a separator would collide), kubernetes.io/hostname per node, duplicate
// and missing node names, taints (the explicit unschedulable taint too, so cordoned and tainted nodes differ in
// `unschedulable` alone), cordons, allocatable, existing pods (requests, extended resources, host ports, required
// anti-affinity, a pod on every node), nodeName, node affinity with matchFields, spread, pod (anti-)affinity (an
// unparsable selector: a cluster PreFilter rejection), gates, and repeated workloads (rows reused). A second property
// adds plugins the way the profile (withProfile) can be extended (more than 8 checks, a function facet, names
// 'all', a plugin without `check` or without `reads`, a cluster PreFilterResult): matrix.ts handles those paths.
// Imported module by module (not through ../src): this file is also in the mutation test set.
import fc from 'fast-check';
import { scheduleMatrix } from './matrix';
import { cycleFor, podRejection, podsByNode, runFilters } from '.';
import { profile, withProfile } from './profile';
import type { ClusterPlugin } from './cycle';
import { filterPlugin, nodeUsage, podInfo, rejection, type FilterPlugin, type Status } from './framework';
import { buildSnapshot, subjectPodMeta, withoutSubject } from './snapshot';
import { scheduleOn } from '../engine';
import { toSubject } from '../k8s/subject';
import { resetConfiguration } from '../core/config';
import type { KubeObject, Node, Pod, Taint } from '../core/types';

afterEach(() => resetConfiguration());

const ZONE = 'topology.kubernetes.io/zone';
const HOST = 'kubernetes.io/hostname';
const KEYS = ['a', 'b', 'ab', ZONE];
const VALUES = ['x', 'y', '1', '2'];
const NAMES = ['n0', 'n1', 'n2', 'n3'];
const NO_USAGE = nodeUsage([]);
/** `arb` in `tenths` of the cases, else undefined. */
const some = <T>(arb: fc.Arbitrary<T>, tenths: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: 10 - tenths, arbitrary: fc.constant(undefined) }, { weight: tenths, arbitrary: arb });

// ---------------------------------------------------------------------------------------------------------------
// nodes

const taintsArb: fc.Arbitrary<Taint[]> = fc
  .record({
    pick: fc.shuffledSubarray([0, 1, 2, 3, 4, 5], { maxLength: 3 }),
    v: fc.constantFrom('v1', 'v2'),
  })
  .map(({ pick, v }) => pick.map((i): Taint => [
    { key: 'k1', value: v, effect: 'NoSchedule' },
    { key: 'k1', effect: 'NoExecute' },
    { key: 'k2', effect: 'NoSchedule' },
    { key: 'k3', effect: 'PreferNoSchedule' },
    { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' },
    { key: 'k4', value: v, effect: 'NoExecute' },
  ][i]));

const ALLOCATABLE: Array<Record<string, string> | undefined> = [
  undefined,
  { cpu: '1', memory: '1Gi', pods: '3' },
  { cpu: '2', memory: '2Gi', pods: '110', 'example.com/dev': '2', 'example.com/gpu': '1' },
  { cpu: '500m', memory: '1Gi', pods: '2' },
  { cpu: '4', memory: '9007199254740993', pods: '110' },
];

// Nodes come from one to three pools (nodes of a pool alike but for their name, so shapes are shared), each node with
// a few variations of its own (a label, a taint added, the cordon flipped, a repeated name or none).
interface PoolDraft {
  labels: Record<string, string>;
  hostname: boolean;
  taints: Taint[];
  unschedulable: boolean;
  ready: string;
  allocatable: number;
}
interface NodeDraft {
  pool: number;
  name: string | null; // null: `n${index}`; '': no name
  labels: Record<string, string>;
  extraTaint?: Taint;
  flipCordon: boolean;
}

const poolArb: fc.Arbitrary<PoolDraft> = fc.record({
  labels: fc.dictionary(fc.constantFrom(...KEYS), fc.constantFrom(...VALUES), { maxKeys: 2 }),
  hostname: fc.boolean(),
  taints: fc.oneof({ weight: 3, arbitrary: fc.constant<Taint[]>([]) }, { weight: 2, arbitrary: taintsArb }),
  unschedulable: some(fc.constant(true), 2).map(Boolean),
  ready: fc.constantFrom('True', 'True', 'True', 'True', 'True', 'True', 'False', 'Unknown'),
  allocatable: fc.integer({ min: 0, max: ALLOCATABLE.length - 1 }),
});

const nodeDraftArb: fc.Arbitrary<NodeDraft> = fc.record({
  pool: fc.nat(),
  name: fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: fc.constantFrom(...NAMES) }, { weight: 1, arbitrary: fc.constant('') }),
  labels: some(fc.dictionary(fc.constantFrom(...KEYS), fc.constantFrom(...VALUES), { minKeys: 1, maxKeys: 1 }), 4).map((l) => l ?? {}),
  extraTaint: some(fc.constantFrom<Taint>({ key: 'k2', effect: 'NoSchedule' }, { key: 'k4', value: 'v1', effect: 'NoExecute' }, { key: 'k3', effect: 'PreferNoSchedule' }), 2),
  flipCordon: some(fc.constant(true), 1).map(Boolean),
});

function toNode(pools: readonly PoolDraft[], d: NodeDraft, i: number): Node {
  const p = pools[d.pool % pools.length];
  const name = d.name === null ? `n${i}` : d.name;
  const taints = d.extraTaint && !p.taints.some((t) => t.key === d.extraTaint!.key && t.effect === d.extraTaint!.effect) ? [...p.taints, d.extraTaint] : p.taints;
  const unschedulable = p.unschedulable !== d.flipCordon;
  return {
    apiVersion: 'v1', kind: 'Node',
    metadata: { ...(name ? { name } : {}), labels: { ...p.labels, ...d.labels, ...(p.hostname && name ? { [HOST]: name } : {}) } },
    spec: { ...(taints.length ? { taints } : {}), ...(unschedulable ? { unschedulable: true } : {}) },
    status: {
      ...(ALLOCATABLE[p.allocatable] ? { allocatable: ALLOCATABLE[p.allocatable] } : {}),
      conditions: [{ type: 'Ready', status: p.ready }],
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// pods

// memory beyond 2^53 too: 2^53 and 2^53 + 1 are one number, two exact amounts
const MEMORY: Record<string, string> = { 1: '1Gi', '250m': '256Mi', 2: '2Gi', huge: '9007199254740992', huge1: '9007199254740993' };
const requestsArb = some(
  fc.dictionary(fc.constantFrom('cpu', 'memory', 'example.com/dev', 'example.com/gpu'), fc.constantFrom('1', '250m', '2', 'huge', 'huge1'), { maxKeys: 3 })
    .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'memory' ? MEMORY[v] : v.startsWith('huge') || (k !== 'cpu' && v === '250m') ? '1' : v]))),
  5,
);
const portsArb = some(
  fc.uniqueArray(fc.record({ hostPort: fc.constantFrom(80, 81), protocol: fc.constantFrom('TCP', 'UDP'), hostIP: fc.constantFrom(undefined, '10.0.0.1') }), {
    minLength: 1, maxLength: 2, selector: (p) => `${p.hostPort}/${p.protocol}`,
  }),
  3,
);
const containers = (requests?: Record<string, string>, ports?: Array<{ hostPort: number; protocol: string; hostIP?: string }>) => [{
  name: 'c', image: 'nginx',
  ...(requests && Object.keys(requests).length ? { resources: { requests } } : {}),
  ...(ports && ports.length ? { ports: ports.map((p) => ({ containerPort: p.hostPort, hostPort: p.hostPort, protocol: p.protocol, ...(p.hostIP ? { hostIP: p.hostIP } : {}) })) } : {}),
}];

const selectorArb = fc.constantFrom(
  { matchLabels: { app: 'web' } },
  { matchLabels: { app: 'db' } },
  { matchExpressions: [{ key: 'app', operator: 'Exists' }] },
);
const podTermArb = fc.record({ topologyKey: fc.constantFrom(ZONE, HOST, 'a', 'ab'), labelSelector: selectorArb });

const existingPodArb = (names: readonly string[]): fc.Arbitrary<Pod> => fc.record({
  nodeName: fc.constantFrom(...names, 'ghost'),
  app: fc.constantFrom(undefined, 'web', 'db'),
  namespace: fc.constantFrom(undefined, 'default', 'other'),
  requests: requestsArb,
  ports: portsArb,
  phase: fc.constantFrom(undefined, undefined, undefined, 'Succeeded'),
  affinity: fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: podTermArb.map((t) => ({ podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [t] } })) },
    { weight: 1, arbitrary: podTermArb.map((t) => ({ podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: t }] } })) },
    { weight: 1, arbitrary: fc.constant({ nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchExpressions: [{ key: 'a', operator: 'Exists' }] } }] } }) },
  ),
}).map((p) => ({
  apiVersion: 'v1', kind: 'Pod',
  metadata: { name: 'existing', ...(p.namespace ? { namespace: p.namespace } : {}), ...(p.app ? { labels: { app: p.app } } : {}) },
  spec: { nodeName: p.nodeName, containers: containers(p.requests, p.ports), ...(p.affinity ? { affinity: p.affinity } : {}) },
  ...(p.phase ? { status: { phase: p.phase } } : {}),
}) as Pod);

const expressionArb = fc.oneof(
  fc.record({ key: fc.constantFrom(...KEYS, HOST), operator: fc.constantFrom('In', 'NotIn'), values: fc.subarray([...VALUES, ...NAMES], { minLength: 1, maxLength: 2 }) }),
  fc.record({ key: fc.constantFrom(...KEYS), operator: fc.constantFrom('Exists', 'DoesNotExist') }),
  fc.record({ key: fc.constantFrom('a', 'b'), operator: fc.constantFrom('Gt', 'Lt'), values: fc.constantFrom(['1'], ['0'], ['2']) }),
);
const fieldArb = fc.oneof(
  fc.record({ key: fc.constant('metadata.name'), operator: fc.constantFrom('In', 'NotIn'), values: fc.constantFrom(...NAMES, 'n5', 'n9', '').map((n) => [n]) }),
  // two values: the requirement does not parse, the term never matches (its In names still narrow the PreFilter)
  fc.record({ key: fc.constant('metadata.name'), operator: fc.constant('In'), values: fc.subarray([...NAMES, 'n5'], { minLength: 2, maxLength: 2 }) }),
);
const termArb = fc.record({
  matchExpressions: fc.array(expressionArb, { maxLength: 2 }),
  matchFields: fc.array(fieldArb, { maxLength: 1 }),
}).map((t) => Object.fromEntries(Object.entries(t).filter(([, v]) => v.length)));

interface Draft {
  kind: 'Pod' | 'Deployment' | 'DaemonSet';
  app?: string;
  narrow: boolean;
  spec: Record<string, unknown>;
}

const draftArb: fc.Arbitrary<Draft> = fc.record({
  kind: fc.constantFrom('Pod', 'Deployment', 'DaemonSet') as fc.Arbitrary<Draft['kind']>,
  app: fc.constantFrom(undefined, 'web', 'db'),
  narrow: fc.boolean(),
  // keys a, b and ab: {ab} and {a, b} must not share their node shapes
  nodeSelector: some(fc.dictionary(fc.constantFrom('a', 'b', 'ab'), fc.constantFrom('x', 'y'), { minKeys: 1, maxKeys: 2 }), 4),
  terms: some(fc.array(termArb, { minLength: 1, maxLength: 2 }), 3),
  nodeName: some(fc.constantFrom(...NAMES, 'n5', 'n9'), 2),
  tolerations: fc.subarray([
    { key: 'k1', operator: 'Exists' },
    { key: 'k1', operator: 'Equal', value: 'v1', effect: 'NoSchedule' },
    { key: 'k2', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'k4', operator: 'Exists' },
    { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
    { operator: 'Exists' },
  ], { maxLength: 2 }),
  requests: requestsArb,
  ports: portsArb,
  spread: some(fc.record({ topologyKey: fc.constantFrom(ZONE, HOST, 'a'), labelSelector: selectorArb, maxSkew: fc.constantFrom(1, 2) }), 3),
  podAffinity: some(podTermArb, 2),
  podAntiAffinity: some(fc.oneof(
    { weight: 5, arbitrary: podTermArb },
    // a selector the scheduler cannot parse: InterPodAffinity's PreFilter rejects the pod (every node)
    { weight: 1, arbitrary: fc.constant({ topologyKey: ZONE, labelSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: [] }] } }) },
  ), 2),
  gate: fc.integer({ min: 0, max: 9 }), // 0: gated
}).map((d) => {
  const nodeAffinity = d.terms ? { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: d.terms } } : undefined;
  const affinity = {
    ...(nodeAffinity ? { nodeAffinity } : {}),
    ...(d.podAffinity ? { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [d.podAffinity] } } : {}),
    ...(d.podAntiAffinity ? { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [d.podAntiAffinity] } } : {}),
  };
  const spec: Record<string, unknown> = {
    containers: containers(d.requests, d.ports),
    ...(d.nodeSelector ? { nodeSelector: d.nodeSelector } : {}),
    ...(Object.keys(affinity).length ? { affinity } : {}),
    ...(d.nodeName ? { nodeName: d.nodeName } : {}),
    ...(d.tolerations.length ? { tolerations: d.tolerations } : {}),
    ...(d.spread ? { topologySpreadConstraints: [{ ...d.spread, whenUnsatisfiable: 'DoNotSchedule' }] } : {}),
    ...(d.gate === 0 ? { schedulingGates: [{ name: 'wait' }] } : {}),
  };
  return { kind: d.kind, app: d.app, narrow: d.narrow, spec };
});

function toWorkload(d: Draft, i: number): KubeObject {
  const labels = { ...(d.app ? { app: d.app } : {}), ...(d.narrow ? { narrow: 'yes' } : {}) };
  if (d.kind === 'Pod') {
    return { apiVersion: 'v1', kind: 'Pod', metadata: { name: `w${i}`, namespace: 'default', labels }, spec: d.spec } as KubeObject;
  }
  return {
    apiVersion: 'apps/v1', kind: d.kind, metadata: { name: `w${i}`, namespace: 'default' },
    spec: { selector: { matchLabels: labels }, template: { metadata: { labels }, spec: d.spec } },
  } as KubeObject;
}

/**
 * A pod of the workload's own bound to `node` (withoutSubject leaves it out for that workload alone): a Pod's copy
 * (same namespace/name, as a dump holds it) or a DaemonSet's pod (its controller reference); none for a Deployment.
 */
function ownPod(w: KubeObject, node: string): Pod | undefined {
  const template = w.kind === 'Pod' ? (w as Pod) : (w as { spec: { template: Pod } }).spec.template;
  if (w.kind === 'Deployment') return undefined;
  const metadata = w.kind === 'Pod' ? w.metadata : {
    name: `${w.metadata?.name}-own`, namespace: 'default', labels: template.metadata?.labels,
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: w.metadata!.name!, uid: 'u', controller: true }],
  };
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec: { ...template.spec!, schedulingGates: undefined, nodeName: node } } as Pod;
}

interface Case { nodes: Node[]; existingPods: Pod[]; workloads: KubeObject[] }

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    pools: fc.array(poolArb, { minLength: 1, maxLength: 3 }),
    drafts: fc.array(nodeDraftArb, { minLength: 1, maxLength: 12 }),
    specs: fc.array(draftArb, { minLength: 1, maxLength: 4 }),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
    same: fc.boolean(), // a workload object twice in the list
    everyNode: fc.boolean(), // a pod on every node: no node has the empty usage
    own: fc.array(fc.nat(), { maxLength: 3 }), // workloads with a pod of their own among the existing pods
  })
  .chain(({ pools, drafts, specs, picks, same, everyNode, own }) => {
    const nodes = drafts.map((d, i) => toNode(pools, d, i));
    const names = nodes.map((n) => n.metadata?.name).filter((n): n is string => !!n);
    const pods = names.length ? fc.array(existingPodArb(names), { maxLength: 6 }) : fc.constant([] as Pod[]);
    const onEvery = everyNode && names.length
      ? fc.array(fc.record({ requests: requestsArb, ports: portsArb }), { minLength: names.length, maxLength: names.length })
        .map((rs) => rs.map((r, k): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `every-${k}` }, spec: { nodeName: names[k], containers: containers(r.requests, r.ports) } } as Pod)))
      : fc.constant([] as Pod[]);
    return fc.tuple(pods, onEvery).map(([p, e]): Case => {
      const workloads = picks.map((k, i) => toWorkload(specs[k % specs.length], i));
      if (same) workloads.push(workloads[0]);
      const owned = names.length ? own.map((k) => ownPod(workloads[k % workloads.length], names[k % names.length])).filter((x): x is Pod => !!x) : [];
      return { nodes, existingPods: [...p, ...e, ...owned], workloads };
    });
  });

// ---------------------------------------------------------------------------------------------------------------
// the oracle: every pair on its own, as schedule() evaluates it

const clusterNames = () => new Set(profile().clusterFilter.map((p) => p.name));

function readsCluster(spec: Record<string, any>, existingAntiAffinity: boolean): boolean {
  if (profile().clusterFilter.length === 0) return false;
  return existingAntiAffinity || Boolean(spec.topologySpreadConstraints?.length || spec.affinity?.podAffinity || spec.affinity?.podAntiAffinity);
}

/** Per workload, per node index: the first failing plugin ('Feasible' when none); and the shapes-off evaluation count. */
function oracle({ nodes, existingPods, workloads }: Case): { plugins: string[][]; evaluations: number } {
  const shared = buildSnapshot(nodes, podsByNode(existingPods));
  const existingAntiAffinity = existingPods.some((p) => (p.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.length ?? 0) > 0);
  const cluster = clusterNames();
  let evaluations = 0;
  const plugins = workloads.map((w) => {
    const subject = toSubject(w);
    const pod = podInfo(subject);
    // the pod's own among the existing ones are not in its cluster (schedule() leaves them out): every node filtered
    const own = withoutSubject(subject, existingPods);
    const snapshot = own.left ? buildSnapshot(nodes, podsByNode(own.pods)) : shared;
    const cycle = podRejection(pod) ? undefined : cycleFor(pod, snapshot);
    const verdicts = snapshot.nodes.map((e) => runFilters(pod, e.info, e.pods.length ? e.usage : NO_USAGE, cycle));
    const row = verdicts.map((v) => v.status?.plugin ?? 'Feasible');
    // scheduleOn gives the same verdicts, in node order
    const r = scheduleOn(w, nodes, { existingPods });
    expect(r.feasible.map((v) => v.node)).toEqual(verdicts.filter((v) => v.feasible).map((v) => v.node));
    expect(r.rejected.map((v) => [v.node, v.status?.plugin])).toEqual(verdicts.filter((v) => !v.feasible).map((v) => [v.node, v.status?.plugin]));
    // shapes off: one evaluation per pair, plus the cluster Filter per node the other filters passed
    if (!podRejection(pod) && own.left) evaluations += nodes.length;
    else if (!podRejection(pod)) {
      const c = readsCluster(subject.spec, existingAntiAffinity) ? cycle! : undefined;
      if (!c?.rejection) {
        evaluations += nodes.length;
        if (c && !c.nodeNames && c.active.length) evaluations += row.filter((p) => p === 'Feasible' || cluster.has(p)).length;
      }
    }
    return row;
  });
  return { plugins, evaluations };
}

function check(c: Case): void {
  const want = oracle(c);
  const N = c.nodes.length;
  for (const shapes of [true, false]) {
    const m = scheduleMatrix(c.workloads, c.nodes, { existingPods: c.existingPods, shapes });
    expect(m.codes.length).toBe(c.workloads.length * N);
    const got = c.workloads.map((_, i) => Array.from({ length: N }, (_, j) => m.plugins[m.code(i, j)]));
    expect({ shapes, got }).toEqual({ shapes, got: want.plugins });
    if (shapes) expect(m.evaluations).toBeLessThanOrEqual(want.evaluations);
    else expect(m.evaluations).toBe(want.evaluations);
  }
}

// Hundreds of fast-check runs per test: 60 s each, so that a loaded machine does not time them out.
const SLOW = 60_000;

describe('scheduleMatrix on random small clusters equals the pairs evaluated one by one', () => {
  test('the default plugins', () => {
    fc.assert(fc.property(caseArb, check), { numRuns: 250 });
  }, SLOW);

  // Nodes alike but for what their pods use (requests, extended resources, exact memory, host ports) and for taints
  // after a first one they share: what the usage, ports and taints facets must tell apart.
  // one resource each: the amounts at the boundaries of the allocatable lists
  const oneRequestArb = fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.record({ cpu: fc.constantFrom('250m', '1') }) },
    { weight: 3, arbitrary: fc.record({ memory: fc.constantFrom('1', '1', MEMORY.huge, MEMORY.huge1) }) },
    { weight: 3, arbitrary: fc.dictionary(fc.constantFrom('example.com/dev', 'example.com/gpu'), fc.constantFrom('1', '2'), { minKeys: 1, maxKeys: 1 }) },
  );
  const alikeArb: fc.Arbitrary<Case> = fc
    .record({
      allocatable: fc.constantFrom(
        { cpu: '1', memory: '1Gi', pods: '110', 'example.com/dev': '2', 'example.com/gpu': '2' },
        { cpu: '1', memory: '9007199254740993', pods: '110', 'example.com/dev': '2', 'example.com/gpu': '2' },
      ),
      count: fc.integer({ min: 1, max: 2 }), // pods per node: the same on every node
      perNode: fc.array(fc.record({
        pods: fc.array(fc.record({ requests: oneRequestArb, ports: portsArb }), { minLength: 2, maxLength: 2 }),
        second: fc.constantFrom<Taint | undefined>(undefined, { key: 'k2', effect: 'NoSchedule' }, { key: 'k4', value: 'v1', effect: 'NoExecute' }),
        tainted: fc.boolean(),
      }), { minLength: 2, maxLength: 8 }),
      incoming: fc.array(fc.record({
        requests: oneRequestArb,
        ports: portsArb,
        tolerations: fc.subarray([{ key: 'k1', operator: 'Exists' }, { key: 'k2', operator: 'Exists' }, { key: 'k4', operator: 'Exists' }]),
      }), { minLength: 1, maxLength: 4 }),
    })
    .map(({ allocatable, count, perNode, incoming }): Case => ({
      nodes: perNode.map((n, i): Node => {
        const taints: Taint[] = n.tainted ? [{ key: 'k1', value: 'v1', effect: 'NoSchedule' }, ...(n.second ? [n.second] : [])] : [];
        return {
          apiVersion: 'v1', kind: 'Node', metadata: { name: `n${i}`, labels: {} }, spec: taints.length ? { taints } : {},
          status: { allocatable, conditions: [{ type: 'Ready', status: 'True' }] },
        };
      }),
      existingPods: perNode.flatMap((n, i) => n.pods.slice(0, count).map((p, k): Pod => ({
        apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${i}-${k}` }, spec: { nodeName: `n${i}`, containers: containers(p.requests, p.ports) },
      } as Pod))),
      workloads: incoming.map((w, i) => ({
        apiVersion: 'v1', kind: 'Pod', metadata: { name: `w${i}` },
        spec: { containers: containers(w.requests, w.ports), ...(w.tolerations.length ? { tolerations: w.tolerations } : {}) },
      }) as KubeObject),
    }));

  test('nodes alike but for their usage, ports and later taints', () => {
    fc.assert(fc.property(alikeArb, check), { numRuns: 150 });
  }, SLOW);

  // -------------------------------------------------------------------------------------------------------------
  // the plugin lists extended (matrix.ts handles other plugins: codes from 8, no `check`, no `reads`, >8 checks)

  const extraStatus = (plugin: string): Status => ({ plugin, code: 'Unschedulable', reasons: [`${plugin} said no`], details: [] });
  const labelB = filterPlugin('ExtraLabelB', { node: [], labels: () => ['b'] }, (_pod, node) => (node.labels.b === 'x' ? rejection('ExtraLabelB', 'Unschedulable', ['b is x']) : undefined), () => []);
  // a facet read by a function: the node's label 'a', not declared as a label key
  const facetA = filterPlugin('ExtraFacetA', { node: [(node) => node.labels.a ?? '\u0000'] }, (_pod, node) => (node.labels.a === 'y' ? rejection('ExtraFacetA', 'Unschedulable', ['a is y']) : undefined), () => []);
  // any name may matter
  const allNames = filterPlugin('ExtraNames', { node: [], names: () => 'all' }, (_pod, node) => (node.name.endsWith('1') ? rejection('ExtraNames', 'Unschedulable', ['name ends in 1']) : undefined), () => []);
  const ab = filterPlugin('ExtraLabelAb', { node: [], labels: () => ['ab'] }, (_pod, node) => (node.labels.ab === '2' ? rejection('ExtraLabelAb', 'Unschedulable', ['ab is 2']) : undefined), () => []);
  const noCheck: FilterPlugin = { name: 'ExtraNoCheck', reads: { node: [], labels: () => ['ab'] }, filter: (_pod, node) => (node.labels.ab === 'x' ? extraStatus('ExtraNoCheck') : undefined) };
  const noReads: FilterPlugin = {
    name: 'ExtraNoReads',
    check: (_pod, node) => (node.name === 'n2' ? rejection('ExtraNoReads', 'Unschedulable', ['n2']) : undefined),
    filter: (_pod, node) => (node.name === 'n2' ? extraStatus('ExtraNoReads') : undefined),
  };
  const hasSpread = (spec: Record<string, any>) => Boolean(spec.topologySpreadConstraints?.length);
  // a cluster PreFilterResult: pods with spread constraints and the label narrow=yes may only go to n0 and n2
  const narrowing: ClusterPlugin<null> = {
    name: 'ExtraNarrow',
    preFilter: (pod) => (hasSpread(pod.subject.spec) && subjectPodMeta(pod.subject).labels.narrow === 'yes' ? { state: null, nodeNames: new Set(['n0', 'n2']) } : { skip: true }),
    filter: (_pod, node) => (node.info.labels.a === 'x' ? extraStatus('ExtraNarrow') : undefined),
    reads: () => ['a'],
  };
  // a cluster Filter without `reads`: every node on its own
  const clusterNoReads: ClusterPlugin<null> = {
    name: 'ExtraClusterNoReads',
    preFilter: (pod) => (pod.subject.spec.affinity?.podAffinity ? { state: null } : { skip: true }),
    filter: (_pod, node) => (node.info.name.endsWith('3') ? extraStatus('ExtraClusterNoReads') : undefined),
  };

  const extrasArb = fc.record({
    filters: fc.subarray([labelB, facetA, allNames, ab], { minLength: 0 }),
    noCheck: some(fc.constant(true), 2).map(Boolean), // either turns node shapes off: seldom
    noReads: some(fc.constant(true), 2).map(Boolean),
    narrowing: fc.boolean(),
    clusterNoReads: fc.boolean(),
  });

  test('with more plugins: other codes, more than 8 checks, names "all", no check, no reads, a cluster PreFilterResult', () => {
    const before = profile();
    fc.assert(fc.property(extrasArb, caseArb, (extras, c) => {
      const filter = [...before.filter, ...extras.filters, ...(extras.noCheck ? [noCheck] : []), ...(extras.noReads ? [noReads] : [])];
      const clusterFilter = [
        ...before.clusterFilter,
        ...(extras.narrowing ? [narrowing as ClusterPlugin<unknown>] : []),
        ...(extras.clusterNoReads ? [clusterNoReads as ClusterPlugin<unknown>] : []),
      ];
      withProfile({ filter, clusterFilter }, () => check(c));
    }), { numRuns: 150 });
    expect(profile()).toBe(before);
  }, SLOW);
});
