// The preemption domain (issue 35): a pod on a cluster whose pods carry priorities, with PodDisruptionBudgets, as users
// write them: a few nodes, existing pods with requests, priorities (0, 1000, system-node-critical's 2000001000, a
// negative one) and start times (some equal, some not: MoreImportantPod breaks priority ties by start time, and takes
// "now" for a pod without one), labels that PDBs select; an incoming pod with a priority, sometimes
// `preemptionPolicy: Never`, sometimes spread or anti-affinity (so that RemovePod/AddPod of the PreFilter extensions
// matter in SelectVictimsOnNode), taints that make some nodes UnschedulableAndUnresolvable. The oracle
// (oracle/shared/preemption.go) runs the real schedulePod and, on its FitError, the real PostFilter (DefaultPreemption
// with the PDB and pod listers); the library answers through schedule() with the PDBs.
//
// Compared exactly: the gate, whether the pod fits, the full FitError text (with its ` preemption: …` part), and the
// preemption answer: the PostFilter's message, DryRunPreemption's candidates over every potential node (victims in
// SelectVictimsOnNode's order, the PDB violations), and the set of nodes pickOneNodeForPreemption may nominate (its last
// criterion ties in Go map order). From 1.37 the success message names the nominated node ("preemption: found a
// potential placement for pod on node X, preempting N victims"): the library's text may name any node of the tie set,
// so the comparison accepts upstream's text with its node replaced by any node of the set.
//
// Sometimes Pending pods nominated to a node (status.nominatedNodeName, no spec.nodeName: a past preemption's
// nominees), which the oracle puts into its scheduler's queue, whose nominator gives them to
// RunFilterPluginsWithNominatedPods in the Filter phase and in SelectVictimsOnNode: of any priority, now and then gated
// (nominated from 1.37 only) or of another scheduler (never in this scheduler's queue).
//
// From 1.37 the answer can depend on the order of the PodDisruptionBudgets: FilterVictimsWithPDBViolation
// (preemption/util.go) stops counting a pod down the budgets at the first one it takes below zero, and upstream's order
// is the PDB lister's (getPodDisruptionBudgets: in a cluster the informer store's Go map, another order at each List).
// The library counts them in the order given; the oracle pins upstream's PDB lister to the input's order
// (oracle/shared/pdborder.go: the PostFilter and the oracle's own DryRunPreemption list alike), which is the library's
// model, so the comparison is exact here too. The run tallies the cases whose answer the order decides.
//
// Kept away, and why: more than 12 pods on a node (SelectVictimsOnNode's sort.Slice is an insertion sort, stable, up to
// 12 elements; above, pdqsort's order of equally important pods is upstream's implementation detail), more than 100
// potential nodes (GetOffsetAndNumCandidates samples), a preemptor with status.nominatedNodeName, terminating pods.
import fc from 'fast-check';
import type { Difference } from './compare';
import type { Domain } from './domains';
import { releaseAtLeast, schedule, toSubject, type KubeObject, type Node, type Pod } from './lib';

export interface PreemptionInput {
  pod: Record<string, any>;
  nodes: Array<Record<string, any>>;
  pods: Array<Record<string, any>>;
  namespaces: Array<Record<string, any>>;
  podDisruptionBudgets: Array<Record<string, any>>;
}

export interface PreemptionAnswer {
  message: string;
  nominatedNodes: string[];
  candidates: Array<{ node: string; victims: string[]; numPDBViolations: number }>;
}

export interface PreemptionOutput {
  gated?: string;
  /** upstream: the node schedulePod picked when the pod fits; ours: 'fits' (the scheduling domain compares which) */
  host?: string;
  fitError?: string;
  preemption?: PreemptionAnswer | { unknown: string };
  /** upstream's PostFilter's own pick (one of preemption.nominatedNodes) */
  nominatedNode?: string;
}

const NODE_NAMES = ['n0', 'n1', 'n2', 'n3'];
const NAMESPACES = ['default', 'team'];
const APPS = ['web', 'db', 'batch'];
const CRITICAL = 2000001000;
/** Start times: three instants, the first most often, so that equal and different ones both occur. */
const STARTS = ['2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', '2026-01-01T00:05:00Z', '2026-01-02T00:00:00Z'];
const compact = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
const rarely = <T>(arb: fc.Arbitrary<T>, n: number) => fc.oneof({ weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

const DEDICATED = { key: 'dedicated', value: 'infra', effect: 'NoSchedule' };

const nodeArb = (name: string) => fc.record({
  cpu: fc.constantFrom('2', '2', '2', '4'),
  memory: fc.constantFrom('4Gi', '4Gi', '8Gi'),
  pods: fc.constantFrom('110', '110', '110', '3'),
  zone: fc.constantFrom('z1', 'z2'),
  // a node the incoming pod does not tolerate is UnschedulableAndUnresolvable: never a potential node
  tainted: fc.constantFrom(false, false, true),
}).map((n) => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': n.zone } },
  spec: n.tainted ? { taints: [DEDICATED] } : {},
  status: {
    allocatable: { cpu: n.cpu, memory: n.memory, pods: n.pods },
    capacity: { cpu: n.cpu, memory: n.memory, pods: n.pods },
    conditions: [{ type: 'Ready', status: 'True' }],
  },
}));

const priorityArb = fc.constantFrom(0, 0, 0, 1000, 1000, CRITICAL, -5);

/** A priority as a dump shows it: spec.priority, with the built-in class's name for system-node-critical. */
const withPriority = (priority: number) => compact({
  priority,
  priorityClassName: priority === CRITICAL ? 'system-node-critical' : undefined,
});

const requestsArb = fc.record({ cpu: fc.constantFrom('500m', '1', '1', '2'), memory: fc.constantFrom('512Mi', '1Gi', '2Gi') });

const HOSTNAME = 'kubernetes.io/hostname';
const antiAffinity = (app: string) => ({
  podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app } }, topologyKey: HOSTNAME }] },
});

/** What an existing pod and a nominated one are drawn with alike: its node, namespace, app, priority, requests, anti-affinity. */
const podFieldsArb = (nodeCount: number) => ({
  node: fc.constantFrom(...NODE_NAMES.slice(0, nodeCount)),
  namespace: fc.constantFrom('default', 'default', 'team'),
  app: fc.constantFrom(...APPS),
  priority: priorityArb,
  requests: requestsArb,
  // a pod that repels the incoming one's app from its node: preempting an existing one makes room (RemovePod)
  anti: rarely(fc.constantFrom(...APPS), 6),
});

const existingPodArb = (nodeCount: number) => fc.record({ ...podFieldsArb(nodeCount), start: fc.constantFrom(...STARTS) });

type Drawn<A> = A extends fc.Arbitrary<infer T> ? T : never;

function existingPod(p: Drawn<ReturnType<typeof existingPodArb>>, i: number) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `p${i}`, namespace: p.namespace, labels: { app: p.app } },
    spec: compact({
      nodeName: p.node,
      ...withPriority(p.priority),
      containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: p.requests } }],
      affinity: p.anti && antiAffinity(p.anti),
    }),
    status: { phase: 'Running', startTime: p.start },
  };
}

const nominatedPodArb = (nodeCount: number) => fc.record({
  ...podFieldsArb(nodeCount),
  gated: rarely(fc.constant(true), 6),
  otherScheduler: rarely(fc.constant(true), 8),
});

/** A Pending pod nominated to a node, as a dump shows it after its preemption (the nominator's). */
function nominatedPod(p: Drawn<ReturnType<typeof nominatedPodArb>>, i: number) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `q${i}`, namespace: p.namespace, labels: { app: p.app } },
    spec: compact({
      ...withPriority(p.priority),
      schedulerName: p.otherScheduler ? 'other-scheduler' : undefined,
      schedulingGates: p.gated ? [{ name: 'example.com/wait' }] : undefined,
      containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: p.requests } }],
      affinity: p.anti && antiAffinity(p.anti),
    }),
    status: { phase: 'Pending', nominatedNodeName: p.node },
  };
}

/** No nominated pod most often, else one or two. */
const nominatedPodsArb = (nodeCount: number) =>
  fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(nominatedPodArb(nodeCount), { minLength: 1, maxLength: 2 }) })
    .map((ps) => ps.map(nominatedPod));

const pinnedTo = (node: string) => ({
  nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [node] }] }] } },
});

const incomingArb = fc.record({
  priority: fc.constantFrom(0, 1000, 1000, 100000, CRITICAL, CRITICAL),
  never: rarely(fc.constant(true), 6),
  requests: fc.record({ cpu: fc.constantFrom('500m', '1', '1', '2', '2'), memory: fc.constantFrom('512Mi', '1Gi', '2Gi') }),
  app: fc.constantFrom(...APPS),
  tolerates: fc.constantFrom(false, false, true),
  spread: rarely(fc.constantFrom(HOSTNAME, 'topology.kubernetes.io/zone'), 4),
  anti: rarely(fc.constantFrom(...APPS), 4),
  // a DaemonSet's pod: pinned to its node by the node affinity its controller sets (ReplaceDaemonSetPodNodeNameNodeAffinity),
  // so it preempts there or nowhere (engine/daemon.ts withDaemonPods asks this question per Pending pod)
  pinned: rarely(fc.constantFrom('n0', 'n1'), 4),
}).map((p) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'incoming', namespace: 'default', labels: { app: p.app } },
  spec: compact({
    ...withPriority(p.priority),
    preemptionPolicy: p.never ? 'Never' : undefined,
    containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: p.requests } }],
    tolerations: p.tolerates ? [{ key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' }] : undefined,
    affinity: p.anti || p.pinned ? { ...(p.anti ? antiAffinity(p.anti) : {}), ...(p.pinned ? pinnedTo(p.pinned) : {}) } : undefined,
    topologySpreadConstraints: p.spread && [{ maxSkew: 1, topologyKey: p.spread, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: p.app } } }],
  }),
}));

const pdbArb = fc.record({
  namespace: fc.constantFrom('default', 'default', 'team'),
  app: fc.constantFrom(...APPS),
  expressions: fc.boolean(),
  allowed: fc.constantFrom(0, 0, 1, 2),
  // a pod the Eviction API already let go: not counted as a violation (filterPodsWithPDBViolation)
  disrupted: rarely(fc.nat({ max: 7 }), 4),
});

function pdb(b: Drawn<typeof pdbArb>, i: number) {
  const selector = b.expressions
    ? { matchExpressions: [{ key: 'app', operator: 'In', values: [b.app] }] }
    : { matchLabels: { app: b.app } };
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: `pdb${i}`, namespace: b.namespace },
    spec: { minAvailable: 1, selector },
    status: compact({
      disruptionsAllowed: b.allowed,
      currentHealthy: 0,
      desiredHealthy: 0,
      expectedPods: 0,
      disruptedPods: b.disrupted === undefined ? undefined : { [`p${b.disrupted}`]: '2026-01-02T00:00:00Z' },
    }),
  };
}

const NAMESPACE_OBJECTS = NAMESPACES.map((name) => ({
  apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { 'kubernetes.io/metadata.name': name } },
}));

/**
 * Now and then two PDBs over the app of one existing pod, the first having let that pod go (disruptedPods): the pod is
 * then counted by the second only, and its app's other pods by both. From 1.37 FilterVictimsWithPDBViolation stops at
 * the first PDB a pod violates, so the answer can depend on the PDBs' order (test/e2e/oracle-regressions-pdb137).
 */
const overlapArb = rarely(fc.record({ pod: fc.nat(), first: fc.constantFrom(0, 0, 1), second: fc.constantFrom(0, 1, 1, 2) }), 3);

function overlapping(o: NonNullable<Drawn<typeof overlapArb>>, pods: ReadonlyArray<Record<string, any>>) {
  const bound = pods.filter((p) => p.spec.nodeName);
  const k = o.pod % bound.length;
  const { namespace, labels } = bound[k].metadata;
  const base = { namespace, app: labels.app, expressions: false };
  return [pdb({ ...base, allowed: o.first, disrupted: k }, 0), pdb({ ...base, allowed: o.second, disrupted: undefined }, 1)];
}

const randomInputArb: fc.Arbitrary<PreemptionInput> = fc.integer({ min: 1, max: NODE_NAMES.length }).chain((count) =>
  fc.record({
    pod: incomingArb,
    nodes: fc.tuple(...NODE_NAMES.slice(0, count).map(nodeArb)),
    pods: fc.tuple(fc.array(existingPodArb(count), { minLength: count, maxLength: 10 }).map((ps) => ps.map(existingPod)), nominatedPodsArb(count))
      .map(([bound, nominated]) => [...bound, ...nominated]),
    namespaces: fc.constant(NAMESPACE_OBJECTS),
    podDisruptionBudgets: fc.array(pdbArb, { maxLength: 2 }).map((bs) => bs.map(pdb)),
    overlap: overlapArb,
  }).map(({ overlap, ...input }) => (overlap ? { ...input, podDisruptionBudgets: overlapping(overlap, input.pods) } : input)));

/**
 * Identical nodes with the same pods on each (a node pool after a rollout): pickOneNodeForPreemption's criteria tie,
 * so the nominated set has several nodes; sometimes one node's pods differ in one start time or priority.
 */
const symmetricInputArb: fc.Arbitrary<PreemptionInput> = fc.record({
  count: fc.integer({ min: 2, max: NODE_NAMES.length }),
  node: nodeArb('n0'),
  perNode: fc.array(existingPodArb(1), { minLength: 1, maxLength: 3 }),
  odd: rarely(fc.record({ start: fc.constantFrom(...STARTS), priority: priorityArb }), 3),
  pod: incomingArb,
  podDisruptionBudgets: fc.array(pdbArb, { maxLength: 2 }).map((bs) => bs.map(pdb)),
  nominated: nominatedPodsArb(1),
}).map(({ count, node, perNode, odd, pod, podDisruptionBudgets, nominated }) => {
  const names = NODE_NAMES.slice(0, count);
  const nodes = names.map((name) => ({ ...node, metadata: { ...node.metadata, name, labels: { ...node.metadata.labels, 'kubernetes.io/hostname': name } } }));
  const draws = names.flatMap((name, n) => perNode.map((p, k) => ({
    ...p, node: name, ...(odd && n === count - 1 && k === 0 ? odd : {}),
  })));
  // a pod nominated to n0 breaks the tie between the identical nodes
  return { pod, nodes, pods: [...draws.map(existingPod), ...nominated], namespaces: NAMESPACE_OBJECTS, podDisruptionBudgets };
});

export const preemptionInputArb: fc.Arbitrary<PreemptionInput> = fc.oneof({ weight: 3, arbitrary: randomInputArb }, { weight: 1, arbitrary: symmetricInputArb });

/** The library's answer in the oracle's shape (oracle/shared/preemption.go preemptionOutput), the PDBs in this order. */
function answerOf(input: PreemptionInput, pdbs: ReadonlyArray<Record<string, any>>): PreemptionOutput {
  const result = schedule(toSubject(input.pod), input.nodes as Node[], input.pods as Pod[], input.namespaces as KubeObject[],
    undefined, undefined, pdbs as KubeObject[]);
  if (result.gated) return { gated: `waiting for scheduling gates: [${result.gated.gates.join(' ')}]` };
  if (result.feasible.length > 0) return { host: 'fits' };
  return compact({ fitError: result.fitError, preemption: result.preemption });
}

const json = (x: unknown) => JSON.stringify(x);

/** The library's answer, with the PDBs in the order given (upstream's lister gives them so: see the header). */
export function libraryPreemption(input: PreemptionInput): PreemptionOutput {
  return answerOf(input, input.podDisruptionBudgets);
}

/**
 * From 1.37, whether the library answers otherwise with the PDBs reversed (every other order: the generator draws at
 * most two), for the tally: the cases where FilterVictimsWithPDBViolation's early stop decides the answer.
 */
function dependsOnPDBOrder(input: PreemptionInput, ours: PreemptionOutput | undefined): boolean {
  if (!ours || !releaseAtLeast('1.37') || input.podDisruptionBudgets.length < 2) return false;
  // (the answer's own note of the order, pdbOrder, differs whenever it is given: not what is counted)
  const answer = (x: unknown) => JSON.stringify(x, (key, value) => (key === 'pdbOrder' ? undefined : value));
  return answer(answerOf(input, [...input.podDisruptionBudgets].reverse())) !== answer(ours);
}

/**
 * The texts upstream's could be with another pick of the tie set: from 1.37 the success message names the node
 * ("… on node X, preempting N victims"), chosen in Go map order among the tied candidates.
 */
function variants(text: string | undefined, upstream: PreemptionOutput): Array<string | undefined> {
  const answer = upstream.preemption;
  const picked = upstream.nominatedNode;
  if (text === undefined || !picked || !answer || 'unknown' in answer) return [text];
  const named = `on node ${picked}, preempting `;
  if (!text.includes(named)) return [text];
  return answer.nominatedNodes.map((n) => text.replace(named, `on node ${n}, preempting `));
}

/** The differences of our answer from upstream's: exact, but for the node a 1.37 message names (any of the tie set). */
export function comparePreemption(ours: PreemptionOutput, upstream: PreemptionOutput): Difference[] {
  const diffs: Difference[] = [];
  const same = (field: string, a: unknown, b: unknown) => {
    if (json(a) !== json(b)) diffs.push({ field, ours: a, upstream: b });
  };
  const oneOf = (field: string, a: string | undefined, bs: Array<string | undefined>) => {
    if (!bs.includes(a)) diffs.push({ field, ours: a, upstream: bs.length === 1 ? bs[0] : bs });
  };
  same('gated', ours.gated, upstream.gated);
  same('fits', ours.host !== undefined, upstream.host !== undefined);
  oneOf('fitError', ours.fitError, variants(upstream.fitError, upstream));
  const a = ours.preemption;
  const b = upstream.preemption;
  if (!a || !b || 'unknown' in a || 'unknown' in b) {
    same('preemption', a, b);
    return diffs;
  }
  oneOf('preemption message', a.message, variants(b.message, upstream));
  same('nominated nodes', a.nominatedNodes, b.nominatedNodes);
  same('candidates', a.candidates.map((c) => c.node), b.candidates.map((c) => c.node));
  const theirs = new Map(b.candidates.map((c) => [c.node, c]));
  for (const c of a.candidates) {
    const u = theirs.get(c.node);
    if (!u) continue;
    same(`candidate ${c.node} victims`, c.victims, u.victims);
    same(`candidate ${c.node} PDB violations`, c.numPDBViolations, u.numPDBViolations);
  }
  return diffs;
}

/** What the run counts: how the PostFilter ended (nominated, tie, no candidate, not eligible), PDB violations. */
export function tallyPreemption(upstream: PreemptionOutput | undefined, input?: PreemptionInput): string[] {
  const nominated = input?.pods.some((p) => p.status?.nominatedNodeName) ? ['with nominated pods'] : [];
  const p = upstream?.preemption;
  if (!p || 'unknown' in p) return [...nominated, ...(upstream?.host ? ['fits'] : [])];
  const out: string[] = [...nominated];
  if (p.nominatedNodes.length > 0) out.push('nominated');
  if (p.nominatedNodes.length > 1) out.push('nomination ties');
  if (p.candidates.some((c) => c.numPDBViolations > 0)) out.push('PDB-violating candidate');
  if (p.candidates.some((c) => c.victims.length > 1)) out.push('several victims');
  if (p.message.includes('not eligible')) out.push('not eligible');
  if (p.message.includes('Preemption is not helpful')) out.push('not helpful');
  if (p.message.includes('No preemption victims found')) out.push('no victims');
  if (p.message.includes('expected at least one victim')) out.push('candidate without victims');
  return out;
}

export const preemption: Domain<PreemptionInput, PreemptionOutput> = {
  name: 'preemption',
  arbitrary: preemptionInputArb,
  ours: libraryPreemption,
  compare: comparePreemption,
  tally: (input, ours, upstream) => [...tallyPreemption(upstream, input), ...(dependsOnPDBOrder(input, ours) ? ['answer depends on the PDB order'] : [])],
};
