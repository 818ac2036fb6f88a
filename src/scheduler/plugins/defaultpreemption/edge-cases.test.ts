// DefaultPreemption's edges, each as upstream decides it (preemption.go and default_preemption.go, the same
// v1.33.13–v1.37.2 unless a release is named): PodEligibleToPreemptOthers over the nominated node's pods,
// filterPodsWithPDBViolation's PDBs that select nothing, the answers the inputs cannot decide, the dry run with a
// cluster plugin that has no PreFilterExtensions (VolumeBinding), and the 1.37 success message.
import type { KubeObject, Node, Pod } from '../../../core/types';
import { configure, resetConfiguration } from '../../../core/config';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { schedule } from '../..';
import { buildSnapshot, groupByNode } from '../../snapshot';
import { nominatedNodesFor, nominatedPodsFor } from '../../nominator';
import { moreImportant, podKey, priorityUnknown, priorityValue } from '../../pod-priority';
import { DynamicResources } from '../dynamicresources';
import { DefaultPreemption, existingPriority, filterPodsWithPDBViolation, NotEligibleTerminating, PREEMPTION_PREFIX, type PreemptionAnswer } from '.';
import { withProfile } from '../../profile';

afterEach(() => resetConfiguration());

interface P { manifest?: boolean; priority?: number; node?: string; cpu?: string; className?: string; policy?: string; nominated?: string; terminating?: boolean; labels?: Record<string, string>; start?: string; claim?: string }
function pod(name: string, o: P = {}): Pod {
  const status = {
    phase: o.node ? 'Running' : 'Pending',
    ...(o.start ? { startTime: o.start } : {}),
    ...(o.nominated ? { nominatedNodeName: o.nominated } : {}),
    ...(o.terminating ? { conditions: [{ type: 'DisruptionTarget', status: 'True', reason: 'PreemptionByScheduler' }] } : {}),
  };
  // a manifest (no uid, no status) is admitted here; a pod read from a cluster carries what admission set
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, namespace: 'default', ...(o.manifest ? {} : { uid: name }), labels: o.labels ?? { app: name }, ...(o.terminating ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}) },
    spec: {
      containers: [{ name: 'c', image: 'registry.k8s.io/pause', resources: { requests: { cpu: o.cpu ?? '1' } } }],
      ...(o.node ? { nodeName: o.node } : {}), ...(o.priority !== undefined ? { priority: o.priority } : {}),
      ...(o.className ? { priorityClassName: o.className } : {}), ...(o.policy ? { preemptionPolicy: o.policy } : {}),
      ...(o.claim ? { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: o.claim } }] } : {}),
    },
    ...(o.manifest ? {} : { status }),
  } as Pod;
}
const node = (name: string, cpu = '2', labels: Record<string, string> = {}): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } }, status: { allocatable: { cpu, memory: '8Gi', pods: '110' } } }) as Node;
const pdb = (spec: object | undefined, allowed = 0): KubeObject =>
  ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'budget', namespace: 'default' }, ...(spec ? { spec } : {}), status: { disruptionsAllowed: allowed, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1 } }) as KubeObject;

type Answer = PreemptionAnswer | { unknown: string };
const answer = (incoming: Pod, nodes: Node[], pods: Pod[], pdbs: KubeObject[] = [], storage?: KubeObject[]) =>
  withProfile({ postFilter: [DefaultPreemption] }, () => schedule(toSubject(incoming), nodes, pods, undefined, undefined, storage, pdbs).preemption as Answer);
const message = (a: Answer) => ('message' in a ? a.message : `unknown: ${a.unknown}`);

describe('PodEligibleToPreemptOthers: the pods on the nominated node', () => {
  const incoming = pod('p', { priority: 100, cpu: '2', nominated: 'n1' });
  const nodes = [node('n1'), node('n2', '1')];
  test('a lower-priority pod terminating by preemption makes the pod not eligible, beside any other pod', () => {
    const pods = [pod('low-terminating', { node: 'n1', priority: 0, terminating: true }), pod('other', { node: 'n1', priority: 0 })];
    expect(message(answer(incoming, nodes, pods))).toBe(PREEMPTION_PREFIX + NotEligibleTerminating);
  });
  test('a terminating pod of a higher priority, or a lower-priority pod not terminating, leaves it eligible', () => {
    expect(message(answer(incoming, nodes, [pod('high-terminating', { node: 'n1', priority: 1000, terminating: true })]))).not.toContain('not eligible');
    const victims = answer(incoming, nodes, [pod('low', { node: 'n1', priority: 0, cpu: '2' })]) as PreemptionAnswer;
    expect(victims.nominatedNodes).toEqual(['n1']);
    expect(victims.candidates).toEqual([{ node: 'n1', victims: ['default/low'], numPDBViolations: 0 }]);
  });
});

describe('filterPodsWithPDBViolation: a PDB that selects nothing protects no pod', () => {
  const victim = pod('low', { node: 'n1', priority: 0, cpu: '2' });
  const run = (budget: KubeObject) => (answer(pod('p', { priority: 100, cpu: '2' }), [node('n1')], [victim], [budget]) as PreemptionAnswer).candidates;
  test('a selector that matches the pod counts a violation (the control)', () => {
    expect(run(pdb({ selector: { matchLabels: { app: 'low' } } }))).toEqual([{ node: 'n1', victims: ['default/low'], numPDBViolations: 1 }]);
  });
  test('an invalid selector (LabelSelectorAsSelector errs: upstream skips the PDB) and a PDB without a spec count none', () => {
    expect(run(pdb({ selector: { matchExpressions: [{ key: 'app', operator: 'Bogus', values: ['low'] }] } }))).toEqual([{ node: 'n1', victims: ['default/low'], numPDBViolations: 0 }]);
    expect(run(pdb(undefined))).toEqual([{ node: 'n1', victims: ['default/low'], numPDBViolations: 0 }]);
  });
  test('without PDBs every pod is non-violating, in a list of its own', () => {
    const pods = [victim, pod('b', { node: 'n1' })];
    expect(filterPodsWithPDBViolation(pods, [])).toEqual({ violating: [], nonViolating: pods });
    // objects that hold no PDB (filtered by kind) are no PDB: the pods in a list of their own
    const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' } } as KubeObject;
    const out = filterPodsWithPDBViolation(pods, [service]);
    expect(out).toEqual({ violating: [], nonViolating: pods });
    expect(out.nonViolating).not.toBe(pods);
  });
});

describe('answers the inputs cannot decide', () => {
  const nodes = [node('n1')];
  test("a pod whose PriorityClass is not given, and no preemptionPolicy: unknown, even where no node could be helped", () => {
    // n1 fails the node selector (UnschedulableAndUnresolvable): with a policy of Never the answer would differ
    const p = pod('p', { className: 'missing', manifest: true });
    const a = answer({ ...p, spec: { ...p.spec, nodeSelector: { disk: 'ssd' } } } as Pod, nodes, []);
    expect(a).toEqual({ unknown: expect.stringContaining('names PriorityClass missing') });
  });
  test('a pod whose PriorityClass is not given but whose policy is: unknown where a node could be helped', () => {
    const a = answer(pod('p', { className: 'missing', policy: 'PreemptLowerPriority', cpu: '2', manifest: true }), nodes, [pod('low', { node: 'n1', priority: 0 })]);
    expect(a).toEqual({ unknown: expect.stringContaining('names PriorityClass missing') });
  });
  test("a potential victim's priority unknown after one whose priority is known from admission", () => {
    const known = pod('known', { node: 'n1', manifest: true }); // no spec.priority, no class: admission gives 0
    const unknownVictim = pod('unknown', { node: 'n1', className: 'missing', manifest: true });
    const a = answer(pod('p', { priority: 100, cpu: '2' }), nodes, [known, unknownVictim]);
    expect(a).toEqual({ unknown: expect.stringContaining('default/unknown names PriorityClass missing') });
  });
});

test('from 1.37 the success message counts the chosen node\'s victims (preemption.go Preempt, v1.37.2)', () => {
  configure({ kubernetesVersion: '1.37' });
  // n1 needs both its pods gone, n2 one: n2 has the lower sum of priorities and is picked
  const pods = [pod('a', { node: 'n1', priority: 0 }), pod('b', { node: 'n1', priority: 0 }), pod('c', { node: 'n2', priority: 0, cpu: '2' })];
  const a = answer(pod('p', { priority: 100, cpu: '2' }), [node('n1'), node('n2')], pods) as PreemptionAnswer;
  expect(a.nominatedNodes).toEqual(['n2']);
  expect(a.candidates.map((c) => c.victims.length)).toEqual([2, 1]);
  expect(a.message).toBe(`${PREEMPTION_PREFIX}found a potential placement for pod on node n2, preempting 1 victims`);
});

test('the dry run with VolumeBinding active (no AddPod/RemovePod upstream) removes victims and filters again', () => {
  const storage = [
    { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'local' }, provisioner: 'kubernetes.io/no-provisioner', volumeBindingMode: 'WaitForFirstConsumer' },
    { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'default' }, spec: { storageClassName: 'local', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } },
    {
      apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv' },
      spec: { storageClassName: 'local', capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], local: { path: '/mnt' }, nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['n1'] }] }] } } },
      status: { phase: 'Available' },
    },
  ] as unknown as KubeObject[];
  const a = answer(pod('p', { priority: 100, cpu: '2', claim: 'data' }), [node('n1')], [pod('low', { node: 'n1', priority: 0 })], [], storage) as PreemptionAnswer;
  expect(a.candidates).toEqual([{ node: 'n1', victims: ['default/low'], numPDBViolations: 0 }]);
});

test('DynamicResources, for a pod without claims: Unschedulable with no node, no candidate, and its status text up to 1.36', () => {
  const handle = { nodes: [], preFilterStopped: false, podDisruptionBudgets: [], dryRun: () => { throw new Error('no dry run'); } };
  const p = podInfo(toSubject(pod('p')));
  configure({ kubernetesVersion: '1.36' });
  expect(DynamicResources.postFilter(p, handle)).toEqual({ code: 'Unschedulable', answer: { message: 'no new claims to deallocate', nominatedNodes: [], candidates: [] } });
  configure({ kubernetesVersion: '1.37' });
  expect(DynamicResources.postFilter(p, handle)).toEqual({ code: 'Unschedulable', answer: { message: '', nominatedNodes: [], candidates: [] } });
});

test('the nominator of a snapshot without nominated pods holds none', () => {
  const snapshot = buildSnapshot([node('n1')], groupByNode([pod('a', { node: 'n1' })]));
  const p = podInfo(toSubject(pod('p')));
  expect(nominatedNodesFor(p, snapshot)).toEqual([]);
  expect(nominatedPodsFor(p, snapshot, 'n1')).toEqual([]);
});

describe('priorities and keys of pods', () => {
  test('MoreImportantPod: equal priorities and start times tie (0), else the earlier start first', () => {
    const at = (name: string, start: string) => pod(name, { priority: 5, start });
    expect(moreImportant(at('a', '2026-01-01T00:00:00Z'), at('b', '2026-01-01T00:00:00Z'))).toBe(0);
    expect(moreImportant(at('a', '2026-01-01T00:00:00Z'), at('b', '2026-01-02T00:00:00Z'))).toBe(-1);
    expect(moreImportant(at('a', '2026-01-02T00:00:00Z'), at('b', '2026-01-01T00:00:00Z'))).toBe(1);
  });
  test("an existing manifest's spec.priority stands beside a class given with another value", () => {
    configure({ priorityClasses: [{ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 } as KubeObject] });
    const p = pod('x', { node: 'n1', priority: 5, className: 'high', manifest: true });
    expect(existingPriority(p)).toEqual({ value: 5 });
    expect(priorityValue(p)).toBe(5);
    expect(priorityUnknown(p)).toBeUndefined();
    expect(priorityValue(pod('y', { node: 'n1', className: 'high', manifest: true }))).toBe(1000);
  });
  test('a pod without metadata or spec (a bare object) reads as the defaults', () => {
    expect(podKey({} as Pod)).toBe('default/');
    configure({ admission: { priority: false } });
    expect(priorityValue({} as Pod)).toBe(0);
    expect(priorityUnknown({} as Pod)).toBeUndefined();
  });
});
