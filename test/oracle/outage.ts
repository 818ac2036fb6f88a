// The outage timeline (issue: the composition over time): upstream's real NodeLifecycleController and taint eviction
// Controller run in virtual time (oracle/shared/outage_test.go, the test binary bin/oracle-outage) against the
// library's simulateOutage, the code toBeEvictedFrom(node).after(s), toSurvive, toKeepAtLeast and the CLI's outage
// column run. Compared: per node the second each NoSchedule/NoExecute taint first appears, per pod the second it is
// deleted (or never, within the horizon).
//
// How seconds are compared. Both sides count from the failure: the library's second 0, upstream's monitor pass O that
// last saw the failed kubelets alive (unreachable) or first saw their Ready=False (notReady, posted 1 ms before O).
// Upstream's instant U is equal to the library's L when L - 0.001 <= U <= L + 0.1:
//   - +0.1: a NoExecute taint queued at second t is placed by the next tainting pass (NodeEvictionPeriod, 100 ms,
//     scheduler/rate_limited_queue.go): at t or t + 0.1 (the pass and the monitor pass share the instant, their order
//     is the goroutines'); a pod's deletion follows its node's taint by exactly its tolerationSeconds;
//   - -0.001: a notReady kubelet's NoSchedule taint follows its own status update (doNoScheduleTaintingPass on the
//     node's update event), 1 ms before the pass the library calls second 0.
// Nothing else is forgiven: a taint or deletion one side has and the other not, or any other gap, is a difference.
import fc from 'fast-check';
import type { Difference } from './compare';
import type { Domain } from './domains';
import { createdPod, simulateOutage, toSubject, type Node, type Pod, type Toleration } from './lib';

export interface OutageInput {
  nodes: Node[];
  pods: Pod[];
  failed: string[];
  condition: 'unreachable' | 'notReady';
  horizon: number;
}
export interface OutageOutput {
  /** node -> `key:effect` -> second it first appears */
  taints: Record<string, Record<string, number>>;
  /** pod -> second deleted; absent: never within the horizon */
  deleted: Record<string, number>;
}

export const HORIZON = 1000;
const ZONE = 'topology.kubernetes.io/zone';
const UNREACHABLE = 'node.kubernetes.io/unreachable';
const NOT_READY = 'node.kubernetes.io/not-ready';

/** How a zone fails: none of its nodes, one, two, most (at least 55 %), or all. */
const zoneArb = fc.record({
  size: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 6 }) }, { weight: 3, arbitrary: fc.integer({ min: 7, max: 20 }) },
    { weight: 1, arbitrary: fc.integer({ min: 51, max: 56 }) }),
  fails: fc.constantFrom('none', 'one', 'two', 'most', 'most', 'all'),
});

/** A pod's own tolerations: none (the API server adds 300 s), 0/30/300 s for both keys, DaemonSet-like forever. */
const tolerationsArb: fc.Arbitrary<Toleration[]> = fc.oneof(
  fc.constant([]),
  fc.constantFrom(0, 30, 300).map((s) => [NOT_READY, UNREACHABLE].map((key) => ({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: s }))),
  fc.constantFrom(0, 30, 300).map((s) => [{ key: UNREACHABLE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: s }]),
  // the DaemonSet controller's tolerations: the NoExecute ones for ever
  fc.constant([NOT_READY, UNREACHABLE].map((key) => ({ key, operator: 'Exists', effect: 'NoExecute' }))),
  fc.constant([{ operator: 'Exists' }]),
) as fc.Arbitrary<Toleration[]>;

export const outageInputArb: fc.Arbitrary<OutageInput> = fc.record({
  zones: fc.array(zoneArb, { minLength: 1, maxLength: 3 }),
  labelled: fc.nat({ max: 9 }).map((n) => n > 0),
  condition: fc.constantFrom('unreachable', 'unreachable', 'unreachable', 'notReady') as fc.Arbitrary<'unreachable' | 'notReady'>,
  pods: fc.array(fc.record({ at: fc.nat(), onFailed: fc.nat({ max: 3 }).map((n) => n > 0), tolerations: tolerationsArb }), { maxLength: 12 }),
}).map(({ zones, labelled, condition, pods }) => {
  const nodes: Node[] = [];
  const failed: string[] = [];
  let total = 0;
  zones.forEach((z, zi) => {
    const size = Math.max(1, Math.min(z.size, 60 - total - (zones.length - zi - 1)));
    total += size;
    const down = { none: 0, one: 1, two: 2, most: Math.ceil(size * 0.6), all: size }[z.fails];
    for (let i = 0; i < size; i++) {
      const name = `n${zi}-${i}`;
      nodes.push({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, ...(labelled ? { [ZONE]: `zone-${zi}` } : {}) } } } as Node);
      if (i < Math.min(down, size)) failed.push(name);
    }
  });
  if (!failed.length) failed.push(nodes[0].metadata!.name!);
  const up = nodes.map((n) => n.metadata!.name!).filter((n) => !failed.includes(n));
  const placed: Pod[] = pods.map((p, i) => {
    const list = p.onFailed || !up.length ? failed : up;
    return {
      apiVersion: 'v1', kind: 'Pod',
      metadata: { name: `p${i}`, namespace: 'default' },
      spec: { nodeName: list[p.at % list.length], containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10' }], ...(p.tolerations.length ? { tolerations: p.tolerations } : {}) },
    } as Pod;
  });
  return { nodes, pods: placed, failed, condition, horizon: HORIZON };
});

/** The library's answer: simulateOutage over the pods as the API server's create path leaves them. */
export function libraryOutage(input: OutageInput): OutageOutput {
  const existingPods = input.pods.map((p) => ({ ...createdPod(toSubject(p)), status: { phase: 'Running' } }) as Pod);
  const outage = simulateOutage({ nodes: input.nodes, existingPods }, { nodes: input.failed, condition: input.condition }, { until: input.horizon });
  const key = input.condition === 'unreachable' ? UNREACHABLE : NOT_READY;
  const taints: OutageOutput['taints'] = {};
  for (const e of outage.events) {
    const effect = e.reason === 'NodeNotReady' ? 'NoSchedule' : e.reason === 'TaintNoExecute' ? 'NoExecute' : undefined;
    if (!effect || !e.object.startsWith('Node ')) continue;
    const node = e.object.slice('Node '.length);
    (taints[node] ??= {})[`${key}:${effect}`] ??= e.at;
  }
  const deleted: OutageOutput['deleted'] = {};
  for (const p of outage.pods) if (p.deletedAt !== undefined && p.deletedAt <= input.horizon) deleted[p.name] = p.deletedAt;
  return { taints, deleted };
}

/** L - 0.001 <= U <= L + 0.1 (see the head of this file); both in seconds. */
export const sameInstant = (ours: number, upstream: number) => upstream >= ours - 0.001 - 1e-9 && upstream <= ours + 0.1 + 1e-9;

/**
 * Upstream taints a zone's queued nodes in an order of its own (monitorNodeHealth updates nodes in parallel,
 * workqueue.ParallelizeUntil, and the queue orders by the instant each was added), the library in the order the nodes
 * were given (a documented modelling choice): so NoExecute taints are compared per zone, as the sorted list of their
 * seconds, and a pod's deletion as its delay after its own node's NoExecute taint. NoSchedule taints are compared per node.
 */
export function compareOutage(input: OutageInput, ours: OutageOutput, upstream: OutageOutput): Difference[] {
  const horizon = input.horizon;
  const diffs: Difference[] = [];
  const within = (t: number | undefined) => (t !== undefined && t <= horizon + 0.1 + 1e-9 ? t : undefined);
  const zoneOf = new Map(input.nodes.map((n) => [n.metadata!.name!, n.metadata?.labels?.[ZONE] ?? '']));
  const noExecute = (o: OutageOutput, n: string) => within(Object.entries(o.taints?.[n] ?? {}).find(([k]) => k.endsWith(':NoExecute'))?.[1]);
  for (const n of [...zoneOf.keys()]) {
    const o = Object.entries(ours.taints[n] ?? {}).filter(([k]) => k.endsWith(':NoSchedule'));
    const u = Object.entries(upstream.taints?.[n] ?? {}).filter(([k, t]) => k.endsWith(':NoSchedule') && within(t) !== undefined);
    const keys = [...new Set([...o, ...u].map(([k]) => k))].sort();
    for (const k of keys) {
      const [a, b] = [Object.fromEntries(o)[k], Object.fromEntries(u)[k]];
      if (a === undefined || b === undefined || !sameInstant(a, b)) diffs.push({ field: `taints.${n}.${k}`, ours: a ?? null, upstream: b ?? null });
    }
  }
  for (const z of [...new Set(zoneOf.values())].sort()) {
    const nodes = [...zoneOf].filter(([, zz]) => zz === z).map(([n]) => n);
    const times = (o: OutageOutput) => nodes.map((n) => noExecute(o, n)).filter((t): t is number => t !== undefined).sort((a, b) => a - b);
    const [a, b] = [times(ours), times(upstream)];
    if (a.length !== b.length || a.some((t, i) => !sameInstant(t, b[i]))) diffs.push({ field: `noExecute.zone ${z || '""'}`, ours: a, upstream: b });
  }
  for (const p of input.pods) {
    const [name, node] = [p.metadata!.name!, p.spec!.nodeName!];
    const [dl, du] = [ours.deleted[name], within(upstream.deleted?.[name])];
    const [tl, tu] = [noExecute(ours, node), noExecute(upstream, node)];
    const delay = (d: number | undefined, t: number | undefined) => (d === undefined || t === undefined ? undefined : d - t);
    const [al, au] = [delay(dl, tl), delay(du, tu)];
    // deleted on one side only: the other side's taint on this node came too late for the same delay (zone order)
    const late = (d: number | undefined, t: number | undefined) => d !== undefined && (t === undefined || t + d > horizon + 0.1 + 1e-9);
    const fine = al !== undefined && au !== undefined ? Math.abs(al - au) <= 0.1 + 1e-9
      : dl === undefined && du === undefined ? true
        : dl === undefined ? late(au, tl) : du === undefined ? late(al, tu) : false;
    if (!fine) diffs.push({ field: `deleted.${name}`, ours: dl === undefined ? null : { at: dl, afterTaint: al ?? null }, upstream: du === undefined ? null : { at: du, afterTaint: au ?? null } });
  }
  return diffs;
}

export const outageTimeline: Domain<OutageInput, OutageOutput> = {
  name: 'outageTimeline',
  binary: 'oracle-outage',
  // in the bounded run: 50 cases per release at the default 2,000 (about 8 s of one core each, and 2 s for go test -c
  // when bin/oracle-outage is up to date); the share applies to --cases too (--cases 12000: 300 cases)
  share: 0.025,
  arbitrary: outageInputArb,
  ours: libraryOutage,
  compare: () => [],
  compareWith: compareOutage,
};
