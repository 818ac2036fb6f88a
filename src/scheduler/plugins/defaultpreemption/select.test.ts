// Upstream's tables for choosing victims and the node: TestSelectBestCandidate (default_preemption_test.go, the same
// cases v1.33.13–v1.37.2), TestFilterVictimsWithPDBViolation (v1.37.2 preemption/util_test.go; its single-pod
// cases, as v1.33.13's filterPodsWithPDBViolation reads them), TestPodEligibleToPreemptOthers.
import type { KubeObject, Node, Pod } from '../../../core/types';
import { configure, resetConfiguration } from '../../../core/config';
import { KUBERNETES_VERSIONS } from '../../../core/releases';
import { toSubject } from '../../../k8s/subject';
import { schedule } from '../..';
import { DefaultPreemption, filterPodsWithPDBViolation, type PreemptionAnswer } from '.';
import { withProfile } from '../../profile';

afterEach(() => resetConfiguration());

const negPriority = -100, lowPriority = 0, midPriority = 100, highPriority = 1000, veryHighPriority = 10000;
type Res = Record<string, string>;
const smallRes: Res = { cpu: '100m', memory: '100' };
const mediumRes: Res = { cpu: '200m', memory: '200' };
const largeRes: Res = { cpu: '300m', memory: '300' };
const veryLargeRes: Res = { cpu: '500m', memory: '500' };
// epochTime..epochTime6 are time.Unix(0, n) upstream (nanoseconds); a start time is written in seconds: the same order
const epochTime = (n = 0) => new Date(n * 1000).toISOString().replace('.000', '');

interface P { priority?: number; node?: string; req?: Res; start?: string; labels?: Record<string, string>; nominated?: string; policy?: string; terminating?: 'preempted' | 'deleted' }
function pod(name: string, o: P = {}): Pod {
  const status = {
    ...(o.start ? { startTime: o.start } : {}),
    ...(o.nominated ? { nominatedNodeName: o.nominated } : {}),
    ...(o.terminating === 'preempted' ? { conditions: [{ type: 'DisruptionTarget', status: 'True', reason: 'PreemptionByScheduler' }] } : {}),
  };
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, uid: name, namespace: 'default', ...(o.labels ? { labels: o.labels } : {}), ...(o.terminating ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}) },
    spec: {
      containers: [{ name: 'c', image: 'registry.k8s.io/pause', ...(o.req ? { resources: { requests: o.req } } : {}) }],
      ...(o.node ? { nodeName: o.node } : {}), ...(o.priority !== undefined ? { priority: o.priority } : {}), ...(o.policy ? { preemptionPolicy: o.policy } : {}),
    },
    ...(Object.keys(status).length ? { status } : {}),
  } as Pod;
}
const node = (name: string, res: Res): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: {}, status: { capacity: { pods: '32', ...res }, allocatable: { pods: '32', ...res } } }) as Node;

// upstream's tables register DefaultPreemption alone as the PostFilter (no DynamicResources before it)
const answer = (incoming: Pod, nodes: Node[], pods: Pod[], pdbs: KubeObject[] = []) =>
  withProfile({ postFilter: [DefaultPreemption] }, () => schedule(toSubject(incoming), nodes, pods, undefined, undefined, undefined, pdbs).preemption as PreemptionAnswer);

const SELECT_BEST_CANDIDATE: Array<{ name: string; nodes: string[]; pod: Pod; pods: Pod[]; expected: string[] }> = [
  {
    name: 'a pod that fits on both nodes when lower priority pods are preempted', nodes: ['node1', 'node2'],
    pod: pod('p', { priority: highPriority, req: largeRes }),
    pods: [pod('p1', { node: 'node1', priority: midPriority, req: largeRes, start: epochTime() }), pod('p2', { node: 'node2', priority: midPriority, req: largeRes, start: epochTime() })],
    expected: ['node1', 'node2'],
  },
  {
    name: 'node with min highest priority pod is picked', nodes: ['node1', 'node2', 'node3'],
    pod: pod('p', { priority: highPriority, req: veryLargeRes }),
    pods: [
      pod('p1.1', { node: 'node1', priority: midPriority, req: mediumRes, start: epochTime() }), pod('p1.2', { node: 'node1', priority: midPriority, req: largeRes, start: epochTime() }),
      pod('p2.1', { node: 'node2', priority: midPriority, req: mediumRes, start: epochTime() }), pod('p2.2', { node: 'node2', priority: lowPriority, req: mediumRes, start: epochTime() }),
      pod('p3.1', { node: 'node3', priority: lowPriority, req: mediumRes, start: epochTime() }), pod('p3.2', { node: 'node3', priority: lowPriority, req: mediumRes, start: epochTime() }),
    ],
    expected: ['node3'],
  },
  {
    name: 'when highest priorities are the same, minimum sum of priorities is picked', nodes: ['node1', 'node2', 'node3'],
    pod: pod('p', { priority: highPriority, req: veryLargeRes }),
    pods: [
      pod('p1.1', { node: 'node1', priority: midPriority, req: mediumRes, start: epochTime() }), pod('p1.2', { node: 'node1', priority: midPriority, req: largeRes, start: epochTime() }),
      pod('p2.1', { node: 'node2', priority: midPriority, req: largeRes, start: epochTime() }), pod('p2.2', { node: 'node2', priority: lowPriority, req: mediumRes, start: epochTime() }),
      pod('p3.1', { node: 'node3', priority: midPriority, req: mediumRes, start: epochTime() }), pod('p3.2', { node: 'node3', priority: midPriority, req: mediumRes, start: epochTime() }),
    ],
    expected: ['node2'],
  },
  {
    name: 'when highest priority and sum are the same, minimum number of pods is picked', nodes: ['node1', 'node2', 'node3'],
    pod: pod('p', { priority: highPriority, req: veryLargeRes }),
    pods: [
      pod('p1.1', { node: 'node1', priority: midPriority, req: smallRes, start: epochTime() }), pod('p1.2', { node: 'node1', priority: negPriority, req: smallRes, start: epochTime() }),
      pod('p1.3', { node: 'node1', priority: midPriority, req: smallRes, start: epochTime() }), pod('p1.4', { node: 'node1', priority: negPriority, req: smallRes, start: epochTime() }),
      pod('p2.1', { node: 'node2', priority: midPriority, req: largeRes, start: epochTime() }), pod('p2.2', { node: 'node2', priority: negPriority, req: mediumRes, start: epochTime() }),
      pod('p3.1', { node: 'node3', priority: midPriority, req: mediumRes, start: epochTime() }), pod('p3.2', { node: 'node3', priority: negPriority, req: smallRes, start: epochTime() }),
      pod('p3.3', { node: 'node3', priority: lowPriority, req: smallRes, start: epochTime() }),
    ],
    expected: ['node2'],
  },
  {
    name: 'sum of adjusted priorities is considered', nodes: ['node1', 'node2', 'node3'],
    pod: pod('p', { priority: highPriority, req: veryLargeRes }),
    pods: [
      pod('p1.1', { node: 'node1', priority: midPriority, req: smallRes, start: epochTime() }), pod('p1.2', { node: 'node1', priority: negPriority, req: smallRes, start: epochTime() }),
      pod('p1.3', { node: 'node1', priority: negPriority, req: smallRes, start: epochTime() }),
      pod('p2.1', { node: 'node2', priority: midPriority, req: largeRes, start: epochTime() }), pod('p2.2', { node: 'node2', priority: negPriority, req: mediumRes, start: epochTime() }),
      pod('p3.1', { node: 'node3', priority: midPriority, req: mediumRes, start: epochTime() }), pod('p3.2', { node: 'node3', priority: negPriority, req: smallRes, start: epochTime() }),
      pod('p3.3', { node: 'node3', priority: lowPriority, req: smallRes, start: epochTime() }),
    ],
    expected: ['node2'],
  },
  {
    name: 'non-overlapping lowest high priority, sum priorities, and number of pods', nodes: ['node1', 'node2', 'node3', 'node4'],
    pod: pod('p', { priority: veryHighPriority, req: veryLargeRes }),
    pods: [
      pod('p1.1', { node: 'node1', priority: midPriority, req: smallRes, start: epochTime() }), pod('p1.2', { node: 'node1', priority: lowPriority, req: smallRes, start: epochTime() }),
      pod('p1.3', { node: 'node1', priority: lowPriority, req: smallRes, start: epochTime() }),
      pod('p2.1', { node: 'node2', priority: highPriority, req: largeRes, start: epochTime() }),
      pod('p3.1', { node: 'node3', priority: midPriority, req: mediumRes, start: epochTime() }), pod('p3.2', { node: 'node3', priority: lowPriority, req: smallRes, start: epochTime() }),
      pod('p3.3', { node: 'node3', priority: lowPriority, req: smallRes, start: epochTime() }), pod('p3.4', { node: 'node3', priority: lowPriority, req: mediumRes, start: epochTime() }),
      pod('p4.1', { node: 'node4', priority: midPriority, req: mediumRes, start: epochTime() }), pod('p4.2', { node: 'node4', priority: midPriority, req: smallRes, start: epochTime() }),
      pod('p4.3', { node: 'node4', priority: midPriority, req: smallRes, start: epochTime() }), pod('p4.4', { node: 'node4', priority: negPriority, req: smallRes, start: epochTime() }),
    ],
    expected: ['node1'],
  },
  {
    name: 'same priority, same number of victims, different start time for each node\'s pod', nodes: ['node1', 'node2', 'node3'],
    pod: pod('p', { priority: highPriority, req: veryLargeRes }),
    pods: [
      pod('p1.1', { node: 'node1', priority: midPriority, req: mediumRes, start: epochTime(2) }), pod('p1.2', { node: 'node1', priority: midPriority, req: mediumRes, start: epochTime(2) }),
      pod('p2.1', { node: 'node2', priority: midPriority, req: mediumRes, start: epochTime(3) }), pod('p2.2', { node: 'node2', priority: midPriority, req: mediumRes, start: epochTime(3) }),
      pod('p3.1', { node: 'node3', priority: midPriority, req: mediumRes, start: epochTime(1) }), pod('p3.2', { node: 'node3', priority: midPriority, req: mediumRes, start: epochTime(1) }),
    ],
    expected: ['node2'],
  },
  {
    name: 'same priority, same number of victims, different start time for all pods', nodes: ['node1', 'node2', 'node3'],
    pod: pod('p', { priority: highPriority, req: veryLargeRes }),
    pods: [
      pod('p1.1', { node: 'node1', priority: midPriority, req: mediumRes, start: epochTime(4) }), pod('p1.2', { node: 'node1', priority: midPriority, req: mediumRes, start: epochTime(2) }),
      pod('p2.1', { node: 'node2', priority: midPriority, req: mediumRes, start: epochTime(5) }), pod('p2.2', { node: 'node2', priority: midPriority, req: mediumRes, start: epochTime(1) }),
      pod('p3.1', { node: 'node3', priority: midPriority, req: mediumRes, start: epochTime(3) }), pod('p3.2', { node: 'node3', priority: midPriority, req: mediumRes, start: epochTime(6) }),
    ],
    expected: ['node3'],
  },
  {
    name: 'different priority, same number of victims, different start time for all pods', nodes: ['node1', 'node2', 'node3'],
    pod: pod('p', { priority: highPriority, req: veryLargeRes }),
    pods: [
      pod('p1.1', { node: 'node1', priority: lowPriority, req: mediumRes, start: epochTime(4) }), pod('p1.2', { node: 'node1', priority: midPriority, req: mediumRes, start: epochTime(2) }),
      pod('p2.1', { node: 'node2', priority: midPriority, req: mediumRes, start: epochTime(6) }), pod('p2.2', { node: 'node2', priority: lowPriority, req: mediumRes, start: epochTime(1) }),
      pod('p3.1', { node: 'node3', priority: lowPriority, req: mediumRes, start: epochTime(3) }), pod('p3.2', { node: 'node3', priority: midPriority, req: mediumRes, start: epochTime(5) }),
    ],
    expected: ['node2'],
  },
];

describe.each(KUBERNETES_VERSIONS)('TestSelectBestCandidate at %s', (version) => {
  beforeEach(() => configure({ kubernetesVersion: version, admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
  test.each(SELECT_BEST_CANDIDATE)('$name', ({ nodes, pod: incoming, pods, expected }) => {
    expect(answer(incoming, nodes.map((n) => node(n, veryLargeRes)), pods).nominatedNodes).toEqual(expected);
  });

  test('the victims are named in importance order, the fewest that make room', () => {
    // "when highest priority and sum are the same…": the pod needs the whole node, so no reprieve fits and every pod
    // with a request is a victim, listed in reprieve order (MoreImportantPod: priority, then start time)
    const c = SELECT_BEST_CANDIDATE[3];
    const got = answer(c.pod, c.nodes.map((n) => node(n, veryLargeRes)), c.pods);
    expect(got.candidates).toEqual([
      { node: 'node1', victims: ['default/p1.1', 'default/p1.3', 'default/p1.2', 'default/p1.4'], numPDBViolations: 0 },
      { node: 'node2', victims: ['default/p2.1', 'default/p2.2'], numPDBViolations: 0 },
      { node: 'node3', victims: ['default/p3.1', 'default/p3.3', 'default/p3.2'], numPDBViolations: 0 },
    ]);
  });

  test('of two pods of one priority the earlier started is more important: reprieved first, the other the victim', () => {
    // the node lists the later one first; MoreImportantPod puts the earlier first, and only one fits back
    const pods = [pod('later', { node: 'node1', priority: midPriority, req: largeRes, start: epochTime(2) }), pod('earlier', { node: 'node1', priority: midPriority, req: largeRes, start: epochTime(1) })];
    expect(answer(pod('p', { priority: highPriority, req: smallRes }), [node('node1', veryLargeRes)], pods).candidates)
      .toEqual([{ node: 'node1', victims: ['default/later'], numPDBViolations: 0 }]);
    const reversed = [pods[1], pods[0]];
    expect(answer(pod('p', { priority: highPriority, req: smallRes }), [node('node1', veryLargeRes)], reversed).candidates)
      .toEqual([{ node: 'node1', victims: ['default/later'], numPDBViolations: 0 }]);
  });
});

describe('TestFilterVictimsWithPDBViolation', () => {
  const p = (name: string, labels: Record<string, string>, namespace = 'default') =>
    ({ kind: 'Pod', metadata: { name, namespace, labels }, spec: { containers: [] } }) as unknown as Pod;
  const pdb = (selector: object | undefined, disruptionsAllowed: number, disruptedPods?: Record<string, string>) =>
    ({ kind: 'PodDisruptionBudget', metadata: { name: 'pdb', namespace: 'default' }, spec: { selector }, status: { disruptionsAllowed, ...(disruptedPods ? { disruptedPods } : {}) } }) as unknown as KubeObject;
  const foo = { matchLabels: { app: 'foo' } };
  const names = (r: { violating: Pod[]; nonViolating: Pod[] }) => ({ violating: r.violating.map((x) => x.metadata!.name), nonViolating: r.nonViolating.map((x) => x.metadata!.name) });
  test.each([
    { name: 'no victims, no PDBs', pods: [], pdbs: [], violating: [], nonViolating: [] },
    { name: 'victim with no matching PDBs', pods: [p('p1', { app: 'foo' })], pdbs: [pdb({ matchLabels: { app: 'bar' } }, 0)], violating: [], nonViolating: ['p1'] },
    { name: 'victim matching PDB, adequate DisruptionsAllowed', pods: [p('p1', { app: 'foo' })], pdbs: [pdb(foo, 1)], violating: [], nonViolating: ['p1'] },
    { name: 'victim matching PDB, no DisruptionsAllowed', pods: [p('p1', { app: 'foo' })], pdbs: [pdb(foo, 0)], violating: ['p1'], nonViolating: [] },
    { name: 'multiple victims matching the same PDB', pods: [p('p1', { app: 'foo' }), p('p2', { app: 'foo' })], pdbs: [pdb(foo, 1)], violating: ['p2'], nonViolating: ['p1'] },
    { name: 'pod in DisruptedPods is ignored', pods: [p('p1', { app: 'foo' })], pdbs: [pdb(foo, 0, { p1: '2026-01-01T00:00:00Z' })], violating: [], nonViolating: ['p1'] },
    { name: 'PDB with empty selector', pods: [p('p1', { app: 'foo' })], pdbs: [pdb({}, 0)], violating: [], nonViolating: ['p1'] },
    { name: 'Multiple PDBs', pods: [p('p1', { app: 'foo', tier: 'backend' })], pdbs: [pdb(foo, 1), pdb({ matchLabels: { tier: 'backend' } }, 0)], violating: ['p1'], nonViolating: [] },
    // not upstream's: a nil selector matches nothing either; a PDB of another namespace does not count
    { name: 'PDB without a selector', pods: [p('p1', { app: 'foo' })], pdbs: [pdb(undefined, 0)], violating: [], nonViolating: ['p1'] },
    { name: 'PDB of another namespace', pods: [p('p1', { app: 'foo' }, 'other')], pdbs: [pdb(foo, 0)], violating: [], nonViolating: ['p1'] },
  ])('$name', ({ pods, pdbs, violating, nonViolating }) => {
    expect(names(filterPodsWithPDBViolation(pods, pdbs))).toEqual({ violating, nonViolating });
  });

  test('a PDB without status (a manifest) is read as 0 disruptions allowed until the disruption controller model fills it', () => {
    const manifest = { kind: 'PodDisruptionBudget', metadata: { name: 'pdb', namespace: 'default' }, spec: { selector: foo, minAvailable: 1 } } as unknown as KubeObject;
    expect(names(filterPodsWithPDBViolation([p('p1', { app: 'foo' })], [manifest]))).toEqual({ violating: ['p1'], nonViolating: [] });
  });
});

describe.each(KUBERNETES_VERSIONS)('TestPodEligibleToPreemptOthers at %s', (version) => {
  beforeEach(() => configure({ kubernetesVersion: version, admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
  const full = node('node1', { pods: '1' });
  const message = (incoming: Pod, pods: Pod[]) => answer(incoming, [full], pods).message;

  test('Pod with \'PreemptNever\' preemption policy', () => {
    expect(message(pod('p', { priority: highPriority, policy: 'Never' }), [pod('p1', { node: 'node1', priority: lowPriority })])).toBe('preemption: not eligible due to preemptionPolicy=Never.');
  });
  test('preemption victim pod terminating, as indicated by the dedicated DisruptionTarget condition', () => {
    expect(message(pod('p', { priority: highPriority, nominated: 'node1' }), [pod('p1', { node: 'node1', priority: lowPriority, terminating: 'preempted' })]))
      .toBe('preemption: not eligible due to a terminating pod on the nominated node.');
  });
  test('non-victim Pods terminating', () => {
    const got = answer(pod('p', { priority: highPriority, nominated: 'node1' }), [full], [pod('p1', { node: 'node1', priority: lowPriority, terminating: 'deleted' })]);
    expect(got.nominatedNodes).toEqual(['node1']);
  });
  // beyond upstream's table: each part of PodTerminatingByPreemption and of the lower-priority test, one at a time
  // (preemption.go PodEligibleToPreemptOthers, util.go PodTerminatingByPreemption)
  const NOT_ELIGIBLE = 'preemption: not eligible due to a terminating pod on the nominated node.';
  const preempted = (change: (p: Pod) => void, priority = lowPriority) => {
    const p = pod('p1', { node: 'node1', priority, terminating: 'preempted' });
    change(p);
    return p;
  };
  const conditionOf = (p: Pod) => p.status!.conditions![0];
  test.each([
    ['not deleted (no deletionTimestamp)', preempted((p) => delete (p.metadata as Record<string, unknown>).deletionTimestamp)],
    ['its condition is not DisruptionTarget', preempted((p) => (conditionOf(p).type = 'Ready'))],
    ['its DisruptionTarget condition is False', preempted((p) => (conditionOf(p).status = 'False'))],
    ['its DisruptionTarget reason is another (DeletionByTaintManager)', preempted((p) => (conditionOf(p).reason = 'DeletionByTaintManager'))],
    ['of the same priority as the pod', preempted(() => undefined, highPriority)],
    ['on another node than the nominated one', preempted((p) => (p.spec!.nodeName = 'node2'))],
  ] as Array<[string, Pod]>)('a terminating pod %s does not make the pod ineligible', (_, p1) => {
    // node2 holds a pod too, so that the pod fits nowhere as the nodes are
    const other = pod(p1.spec!.nodeName === 'node1' ? 'p2' : 'p0', { node: p1.spec!.nodeName === 'node1' ? 'node2' : 'node1', priority: lowPriority });
    const got = answer(pod('p', { priority: highPriority, nominated: 'node1' }), [full, node('node2', { pods: '1' })], [p1, other]);
    expect(got.message).not.toBe(NOT_ELIGIBLE);
    expect(got.nominatedNodes.length).toBeGreaterThan(0);
  });
  test('a nominated node the cluster does not hold makes no pod terminating on it', () => {
    const got = answer(pod('p', { priority: highPriority, nominated: 'gone' }), [full], [preempted(() => undefined)]);
    expect(got.nominatedNodes).toEqual(['node1']);
  });
  test('Pod with nominated node whose status is UnschedulableAndUnresolvable', () => {
    const tainted = { ...full, spec: { taints: [{ key: 'x', effect: 'NoSchedule' }] } } as Node;
    const got = answer(pod('p', { priority: highPriority, nominated: 'node1' }), [tainted], [pod('p1', { node: 'node1', priority: lowPriority, terminating: 'preempted' })]);
    expect(got.message).toBe('preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.');
  });
});
