// Pods nominated to a node (issue 35): kube-scheduler's nominator (pkg/scheduler/backend/queue/nominator.go,
// scheduling_queue.go) and RunFilterPluginsWithNominatedPods / addGENominatedPods (framework/runtime/framework.go), the
// same at v1.33.13–v1.37.2 but for the gated pod, which the queue nominates from v1.37 only. A Pending pod of a dump
// with status.nominatedNodeName counts on that node, for pods of lower or equal priority, as if it ran there.
import type { Node, Pod } from '../core/types';
import { toSubject } from '../k8s/subject';
import { configure, resetConfiguration } from '../core/config';
import { KUBERNETES_VERSIONS } from '../core/releases';
import { withProfile } from './profile';
import type { FilterPlugin } from './framework';
import { podInfo } from './framework';
import { schedule, schedulingVerdict } from '.';
import { scheduleMatrix } from './matrix';
import { groupByNode, nominatedIn } from './snapshot';
import { nominatedPodsFor, nominationUnknownAmong } from './nominator';
import { buildSnapshot } from './snapshot';

afterEach(() => resetConfiguration());

const lowPriority = 0, midPriority = 100, highPriority = 1000;
const node = (name: string, cpu = '2', labels: Record<string, string> = {}): Node =>
  ({ kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } }, spec: {}, status: { allocatable: { cpu, memory: '4Gi', pods: '110' } } }) as Node;
interface P { cpu?: string; priority?: number; node?: string; nominated?: string; labels?: Record<string, string>; spec?: object; phase?: string; uid?: string }
const pod = (name: string, o: P = {}): Pod => ({
  kind: 'Pod', metadata: { name, namespace: 'default', uid: o.uid ?? name, ...(o.labels ? { labels: o.labels } : {}) },
  spec: { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: o.cpu ?? '1' } } }], priority: o.priority ?? 0, ...(o.node ? { nodeName: o.node } : {}), ...o.spec },
  status: { phase: o.phase ?? (o.node ? 'Running' : 'Pending'), ...(o.nominated ? { nominatedNodeName: o.nominated } : {}) },
}) as Pod;
const feasible = (r: ReturnType<typeof schedule>) => r.feasible.map((v) => v.node);

/** A Filter plugin that passes every node and counts its runs (upstream's tf.FakeFilterPlugin NumFilterCalled). */
function counting(): FilterPlugin & { calls: number } {
  const p = { name: 'FakeFilter', calls: 0, filter: () => void p.calls++ } as FilterPlugin & { calls: number };
  return p;
}

describe.each(KUBERNETES_VERSIONS)('at %s', (version) => {
  beforeEach(() => configure({ kubernetesVersion: version, admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));

  // schedule_one_test.go TestFindFitPredicateCallCounts: a pod nominated to node "1" at midPriority; the filters run
  // once for a pod of higher priority, twice (with the nominated pod, then without) for one of lower priority.
  test.each([
    ['nominated pods have lower priority, predicate is called once', highPriority, 1],
    ['nominated pods have higher priority, predicate is called twice', lowPriority, 2],
  ])('TestFindFitPredicateCallCounts: %s', (_name, priority, expectedCount) => {
    const fake = counting();
    withProfile({ filter: [fake], clusterFilter: [], lastFilter: [] }, () => {
      const r = schedule(toSubject(pod('1', { priority, cpu: '0' })), [node('1')], [pod('nominated', { priority: midPriority, nominated: '1', cpu: '0' })]);
      expect(feasible(r)).toEqual(['1']);
    });
    expect(fake.calls).toBe(expectedCount);
  });

  // framework_test.go TestFilterPluginsWithNominatedPods: "node has no nominated pod" (nil), "node has a high-priority
  // nominated pod and all filters succeed" (nil), "node has a low-priority nominated pod …" (not added: nil).
  test('TestFilterPluginsWithNominatedPods: the nominated pod is added only for a pod of lower or equal priority', () => {
    const full = (nominatedPriority: number, incoming: number) =>
      schedule(toSubject(pod('p', { priority: incoming })), [node('n', '2')], [pod('e', { node: 'n' }), pod('nom', { priority: nominatedPriority, nominated: 'n' })]);
    expect(feasible(full(highPriority, lowPriority))).toEqual([]);
    expect(feasible(full(lowPriority, highPriority))).toEqual(['n']);
    // addGENominatedPods: PodPriority(nominated) >= PodPriority(pod): an equal priority counts
    expect(feasible(full(midPriority, midPriority))).toEqual([]);
    const alone = schedule(toSubject(pod('p', { priority: lowPriority })), [node('n', '2')], [pod('e', { node: 'n' })]);
    expect(feasible(alone)).toEqual(['n']);
  });

  test('the rejection is kube-scheduler\'s (the FitError counts it as any other), and its details name the nominated pod', () => {
    const r = schedule(toSubject(pod('p')), [node('n', '2'), node('m', '1')], [pod('e', { node: 'n' }), pod('nom', { priority: highPriority, nominated: 'n' }), pod('f', { node: 'm' })]);
    expect(r.fitError).toMatch(/^0\/2 nodes are available: 2 Insufficient cpu\. (no new claims to deallocate, )?preemption: 0\/2 nodes are available: 2 No preemption victims found for incoming pod\.$/);
    const n = r.rejected.find((v) => v.node === 'n')!.status!;
    expect(n.reasons).toEqual(['Insufficient cpu']);
    expect(n.details.at(-1)).toBe('the node is rejected because of the pod nominated to n: default/nom (priority 1000); kube-scheduler counts a Pending pod nominated to a node (status.nominatedNodeName, set when its preemption chose the node) as running there for every pod of lower or equal priority (RunFilterPluginsWithNominatedPods). Without it the node would pass');
    // a node rejected without its nominated pods says so too
    const m = schedulingVerdict(toSubject(pod('p', { cpu: '2' })), node('n', '2'), [pod('e', { node: 'n' }), pod('nom', { priority: highPriority, nominated: 'n', cpu: '0' })]);
    expect(m.status!.details.at(-1)).toMatch(/^counted with the pod nominated to n: default\/nom \(priority 1000\) \(.*\); the node is rejected without it too$/);
    // the node checked alone (scheduleOnNode) counts them as schedule() does
    expect(schedulingVerdict(toSubject(pod('p')), node('n', '2'), [pod('e', { node: 'n' }), pod('nom', { priority: highPriority, nominated: 'n' })]).feasible).toBe(false);
  });

  test('the second pass: a node that passes only with the nominated pods counted is rejected (required pod affinity to the nominated pod)', () => {
    const affinity = { affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: 'kubernetes.io/hostname' }] } } };
    const r = schedule(toSubject(pod('p', { spec: affinity, cpu: '0' })), [node('n')], [pod('nom', { priority: highPriority, nominated: 'n', labels: { app: 'db' }, cpu: '0' })]);
    expect(feasible(r)).toEqual([]);
    const s = r.rejected[0].status!;
    expect([s.plugin, s.code, s.reasons]).toEqual(['InterPodAffinity', 'UnschedulableAndUnresolvable', ["node(s) didn't match pod affinity rules"]]);
    expect(s.details.at(-1)).toBe('with the pods nominated to n counted (default/nom (priority 1000)) the node passes, but not without them; kube-scheduler requires both, as those pods may yet be scheduled elsewhere (RunFilterPluginsWithNominatedPods)');
  });

  test('the cluster plugins count the nominated pod through AddPod: anti-affinity and topology spread', () => {
    const anti = { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' }] } } };
    const nodes = [node('a'), node('b')];
    const nom = pod('nom', { priority: highPriority, nominated: 'a', labels: { app: 'web' }, cpu: '0' });
    expect(feasible(schedule(toSubject(pod('p', { spec: anti, cpu: '0' })), nodes, [nom]))).toEqual(['b']);
    const spread = { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } }] };
    const r = schedule(toSubject(pod('p', { spec: spread, labels: { app: 'web' }, cpu: '0' })), nodes, [nom]);
    expect(feasible(r)).toEqual(['b']);
    expect(r.rejected[0].status!.plugin).toBe('PodTopologySpread');
  });

  test('which pods the nominator holds: Pending, not the pod itself, its profile\'s, gated ones from 1.37', () => {
    const existing = (o: P & { name?: string }) => [pod('e', { node: 'n' }), pod(o.name ?? 'nom', { priority: highPriority, nominated: 'n', ...o })];
    const fits = (incoming: Pod, o: P & { name?: string }) => feasible(schedule(toSubject(incoming), [node('n', '2')], existing(o))).length === 1;
    expect(fits(pod('p'), {})).toBe(false);
    // bound already (the pod lister holds it with spec.nodeName): counted where it is bound, not where it was nominated
    expect(fits(pod('p'), { node: 'other' })).toBe(true);
    // Succeeded/Failed pods never reach the scheduler's informer
    expect(fits(pod('p'), { phase: 'Failed' })).toBe(true);
    // pi.GetPod().UID != pod.UID: the pod is never nominated against itself (here it is the same pod by uid)
    expect(fits(pod('p', { uid: 'same' }), { uid: 'same', name: 'other-name' })).toBe(true);
    // a pod another scheduler serves is not in this scheduler's queue
    expect(fits(pod('p'), { spec: { schedulerName: 'other' } })).toBe(true);
    // a gated pod: nominated from 1.37 (scheduling_queue.go addPod nominates it unconditionally; TestPriorityQueue_AddNominatedGatedPod)
    const gated = fits(pod('p'), { spec: { schedulingGates: [{ name: 'example.com/wait' }] } });
    expect(gated).toBe(version !== '1.37');
  });

  test('a configuration\'s profiles: a pod of any of them is nominated', () => {
    configure({ schedulerConfiguration: { apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration', profiles: [{ schedulerName: 'default-scheduler' }, { schedulerName: 'batch' }] } });
    const r = schedule(toSubject(pod('p')), [node('n', '2')], [pod('e', { node: 'n' }), pod('nom', { priority: highPriority, nominated: 'n', spec: { schedulerName: 'batch' } })]);
    expect(feasible(r)).toEqual([]);
  });

  test('preemption\'s dry run counts the nominated pod (SelectVictimsOnNode runs RunFilterPluginsWithNominatedPods)', () => {
    // n: 3 cpu, two low pods of 1 cpu; a high pod nominated there needs 1: the incoming mid pod (2 cpu) must evict both
    const existing = [pod('l1', { node: 'n' }), pod('l2', { node: 'n' }), pod('nom', { priority: highPriority, nominated: 'n' })];
    const r = schedule(toSubject(pod('p', { priority: midPriority, cpu: '2' })), [node('n', '3')], existing);
    expect(r.preemption).toMatchObject({ nominatedNodes: ['n'], candidates: [{ node: 'n', victims: ['default/l1', 'default/l2'], numPDBViolations: 0 }] });
    // without the nominated pod, one victim is enough
    const alone = schedule(toSubject(pod('p', { priority: midPriority, cpu: '2' })), [node('n', '3')], existing.slice(0, 2));
    expect(alone.preemption).toMatchObject({ candidates: [{ node: 'n', victims: ['default/l2'] }] });
  });

  test('the matrix agrees with schedule(), row by row, whatever the pod\'s priority', () => {
    const nodes = [node('a', '2'), node('b', '2'), node('c', '2')];
    const existing = [pod('e1', { node: 'a' }), pod('e2', { node: 'b' }), pod('nom', { priority: midPriority, nominated: 'a' }), pod('nom2', { priority: highPriority, nominated: 'b' })];
    const pods = [pod('p0', { priority: lowPriority }), pod('p1', { priority: highPriority }), pod('p2', { priority: midPriority }), pod('p3', { priority: lowPriority })];
    for (const shapes of [true, false]) {
      const m = scheduleMatrix(pods, nodes, { existingPods: existing, shapes });
      pods.forEach((p, w) => {
        const r = schedule(toSubject(p), nodes, existing);
        expect(nodes.map((_, n) => m.code(w, n) === 0)).toEqual(nodes.map((n) => feasible(r).includes(n.metadata!.name!)));
        expect(m.verdict(w, 0).feasible).toBe(feasible(r).includes('a'));
      });
    }
  });
});

test('groupByNode keeps the nominated pods beside the bound ones; buildSnapshot reads them', () => {
  const nom = pod('nom', { nominated: 'n' });
  const byNode = groupByNode([pod('e', { node: 'n' }), nom, pod('pending')]);
  expect([...byNode.keys()]).toEqual(['n']);
  expect(nominatedIn(byNode)).toEqual(new Map([['n', [nom]]]));
  expect(nominatedIn(groupByNode([pod('pending')]))).toBeUndefined();
});

test('a priority the inputs leave unknown: the nominated pod is left out, and the answer says why', () => {
  configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } });
  // a manifest (no uid, no status): admission would resolve its class, which the inputs do not give
  const incoming = { kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '1' } } }], priorityClassName: 'not-given' } } as Pod;
  const existing = [pod('e', { node: 'n' }), pod('nom', { priority: highPriority, nominated: 'n' })];
  const why = nominationUnknownAmong(podInfo(toSubject(incoming)), existing, new Set(['n']));
  expect(why).toMatch(/^pod default\/nom is nominated to node n \(status\.nominatedNodeName\); .*which is unknown: The pod Pod default\/p names PriorityClass not-given/);
  expect(feasible(schedule(toSubject(incoming), [node('n', '2')], existing))).toEqual(['n']);
  // a node not in the cluster: nothing is unknown
  expect(nominationUnknownAmong(podInfo(toSubject(incoming)), existing, new Set(['m']))).toBeUndefined();
});

test('a nominated pod is read from a cluster (its status): without spec.priority it has priority 0, whatever class it names', () => {
  configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } });
  const nom = { kind: 'Pod', metadata: { name: 'nom', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }], priorityClassName: 'not-given' }, status: { phase: 'Pending', nominatedNodeName: 'n' } } as Pod;
  const snapshot = buildSnapshot([node('n')], groupByNode([nom]));
  expect(nominationUnknownAmong(podInfo(toSubject(pod('p', { priority: lowPriority }))), [nom], new Set(['n']))).toBeUndefined();
  expect(nominatedPodsFor(podInfo(toSubject(pod('p', { priority: lowPriority }))), snapshot, 'n')).toEqual([nom]);
  expect(nominatedPodsFor(podInfo(toSubject(pod('p', { priority: midPriority }))), snapshot, 'n')).toEqual([]);
});

test('every pod nominated to a node that counts for the pod is counted there, in the order given', () => {
  configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } });
  const noms = [pod('nom1', { priority: highPriority, nominated: 'n' }), pod('low', { priority: -1, nominated: 'n' }), pod('nom2', { priority: midPriority, nominated: 'n' })];
  const snapshot = buildSnapshot([node('n')], groupByNode(noms));
  expect(nominatedPodsFor(podInfo(toSubject(pod('p', { priority: lowPriority }))), snapshot, 'n').map((p) => p.metadata!.name)).toEqual(['nom1', 'nom2']);
});
