// Where every replica lands: each pod gets its own scheduling cycle against the cluster as the earlier pods left it
// (pkg/scheduler/schedule_one.go schedulingCycle; algorithm.go SchedulePod, AssumeAndReserveInCache): the filters;
// with one feasible node, that node; with more, the default profile's scores and the best total; then the pod is
// assumed onto the node (spec.nodeName set) and counts as an existing pod for every later cycle. A pod no node fits
// stays Pending with its FitError and does not stop the others.
//
// Ties: kube-scheduler picks among the best-scored nodes at random (selectHost, up to v1.34) or by heap position
// (v1.35+), so neither is reproducible. Here the first tied node in the order the nodes were given wins, and
// every placement records the other nodes it tied with.
import type { KubeObject, Node, Pod } from '../core/types';
import { fromTemplateOf, preview, toSubject } from '../k8s/subject';
import { diagnosed, type Bulk } from '../loader/structure';
import { podInfo, type FilterPlugin, type NodeInfo, type NodeUsage, type PodInfo, type Status } from '../scheduler/framework';
import { notModelledFor, type NotModelled } from '../k8s/not-modelled';
import { modelledStorage, storageModel } from '../scheduler/storage-model';
import { podUsesClaims, podUsesClaimVolumes } from '../admission/pod-storage';
import { createdPod } from '../admission/create';
import { createCharged } from '../admission';
import { chargeExistingPods, withQuotaCharges } from '../admission/resource-quota';
import { gateEnabled } from '../core/config';
import { findPodVolumes, preFilter as volumeBindingPreFilter } from '../scheduler/plugins/volumebinding';
import { assumePodVolumes } from '../scheduler/plugins/volumebinding/binder';
import { fitError, podsByNode, schedule, type NodeVerdict } from '../scheduler';
import { underProfiles, usePodProfile } from '../scheduler/config/select';
import { profile } from '../scheduler/profile';
import { scoreTable, type NodeScore } from '../scheduler/score';
import { assumePod, buildSnapshot, rolloutReplaces, withoutSubject, type Snapshot } from '../scheduler/snapshot';
import { noPodsReason, replicasOf, REPLICATED_KINDS } from './replicas';
import { assertObjects, assertOptions, assertStorage, assertNodeInput, assertPod, assertWorkload, InputError, listOf } from './inputs';
import { deleteVictims, nomination, preemptedBy, preemptionUnknown, type Preemption } from './preempt';

/** pkg/scheduler/schedule_one.go minFeasibleNodesToFind and minFeasibleNodesPercentageToFind. */
export const MIN_FEASIBLE_NODES_TO_FIND = 100;
export const MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5;

/**
 * schedule_one.go numFeasibleNodesToFind: every node below 100 nodes; else N × percentage / 100 (integer division), at
 * least 100, where percentage is the profile's percentageOfNodesToScore, else the configuration's, and when that is 0
 * (the default) max(50 − N/125, 5). Once that many feasible nodes are found the scheduler stops filtering (starting
 * where the last cycle stopped) and scores only those; 100 scores every node.
 */
export function numFeasibleNodesToFind(numAllNodes: number, percentageOfNodesToScore = 0): number {
  if (numAllNodes < MIN_FEASIBLE_NODES_TO_FIND) return numAllNodes;
  const percentage = percentageOfNodesToScore || Math.max(50 - Math.trunc(numAllNodes / 125), MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND);
  return Math.max(Math.trunc((numAllNodes * percentage) / 100), MIN_FEASIBLE_NODES_TO_FIND);
}

export interface PlacedPod {
  /** `Deployment default/web` */
  workload: string;
  workloadObject: KubeObject;
  /** The pod's name (StatefulSet: `<name>-<ordinal>`; others `<name>-<index>`, DaemonSet `<name>-<node>`). */
  name: string;
  /** The pod as created, with spec.nodeName once placed. */
  pod: Pod;
  /** The chosen node; undefined while Pending. */
  node?: string;
  /** kube-scheduler's FitError text (or the SchedulingGated message) when the pod stays Pending. */
  fitError?: string;
  /** The per-node verdicts of the filters that rejected nodes (for explanations). */
  rejected: NodeVerdict[];
  /** How many nodes passed the filters. */
  feasible: number;
  /** Scores of the best feasible nodes (up to SCORES_KEPT, the chosen node always), best first; absent when 0 or 1 node was feasible. */
  scores?: NodeScore[];
  /** Other nodes with the same best total: kube-scheduler could have picked any of them. */
  tiedWith: string[];
  /** The pod fit no node as it was and got `node` by preempting these pods (DefaultPreemption); absent otherwise. */
  preempted?: Preemption;
}

export interface PlacementOptions {
  /** Pods already in the cluster, on the node named by spec.nodeName (pods without one are not anywhere yet). */
  existingPods?: readonly Pod[];
  /** Namespace objects (their labels serve namespaceSelector); other kinds are ignored. */
  namespaces?: readonly KubeObject[];
  /** Service objects (PodTopologySpread's system default constraints select by theirs); other kinds are ignored. */
  services?: readonly KubeObject[];
  /** The storage objects (STORAGE_KINDS, the volume plugins' listers); another kind is refused. */
  storage?: readonly KubeObject[];
  /** Which of the tied best nodes wins: the first in `nodes` order (default) or the last (to probe whether ties matter). */
  tieBreak?: 'first' | 'last';
  /** PodDisruptionBudgets (policy/v1): DefaultPreemption reprieves the pods whose eviction would violate one first. */
  podDisruptionBudgets?: readonly KubeObject[];
}

export interface Placement {
  pods: PlacedPod[];
  /** The cluster's pods afterwards: the existing ones and every placed pod. */
  existingPods: Pod[];
  /**
   * True when some pod had more feasible nodes than numFeasibleNodesToFind(nodes): kube-scheduler would filter and
   * score only that many (a rotating window), so the node chosen here, the best of all, may differ.
   */
  sampled: boolean;
  /** numFeasibleNodesToFind for this cluster's node count. */
  feasibleNodesToFind: number;
  /** The pods of one of the workloads given. */
  of(workload: KubeObject): PlacedPod[];
  /** Workloads whose controller creates no pod at all, with why (a suspended Job or CronJob). */
  noPods: Array<{ workload: string; reason: string }>;
  /**
   * Workloads whose pods use what the library does not model (DRA, volumes: k8s/not-modelled.ts); absent when none
   * does. Their placement is what the modelled filters and scores give, not a verdict.
   */
  notModelled?: Array<{ workload: string; items: NotModelled[] }>;
  /** What the placement assumes (the stated storage assumption deciding a workload's claims); absent when nothing. */
  assumptions?: string[];
}

export interface CycleOptions {
  namespaces?: readonly KubeObject[];
  /** Service objects (PodTopologySpread's system default constraints select by theirs). */
  services?: readonly KubeObject[];
  /** The storage objects (STORAGE_KINDS): the volume plugins' listers. */
  storage?: readonly KubeObject[];
  tieBreak?: 'first' | 'last';
}

/** How many NodeScores a placement keeps per pod (best first, the chosen node always among them); tiedWith names every tied node. */
export const SCORES_KEPT = 10;

/**
 * The SCORES_KEPT best nodes, best first, input order among equal totals: the head of the nodes sorted so, picked
 * in one pass (thousands of feasible nodes per cycle, ten kept).
 */
function best10(totals: readonly number[]): number[] {
  const kept: number[] = [];
  const before = (a: number, b: number) => totals[a] > totals[b] || (totals[a] === totals[b] && a < b);
  for (let i = 0; i < totals.length; i++) {
    if (kept.length === SCORES_KEPT && !before(i, kept[kept.length - 1])) continue;
    let at = kept.length === SCORES_KEPT ? kept.length - 1 : kept.length;
    while (at > 0 && before(i, kept[at - 1])) at--;
    if (kept.length === SCORES_KEPT) kept.pop();
    kept.splice(at, 0, i);
  }
  return kept;
}

/** One scheduling cycle for `pod` against `nodes` and the pods placed so far (or `options.snapshot`, the same cluster already built). */
export function scheduleOne(pod: Pod, nodes: readonly Node[], existing: readonly Pod[], options: CycleOptions & { snapshot?: Snapshot } = {}) {
  return underProfiles(() => cycleUnderProfile(pod, nodes, existing, options));
}

function cycleUnderProfile(pod: Pod, nodes: readonly Node[], existing: readonly Pod[], options: CycleOptions & { snapshot?: Snapshot }) {
  const { namespaces, tieBreak = 'first' } = options;
  const subject = toSubject(pod);
  // the pod's own profile (its schedulerName): its filters, scores and percentageOfNodesToScore
  const active = usePodProfile(subject);
  const snapshot = options.snapshot ?? buildSnapshot(nodes, podsByNode(existing), namespaces, options.services, options.storage);
  // the snapshot is the cluster: schedule() reads no pod list beside it (and need not filter this pod out of one)
  const result = schedule(subject, nodes, undefined, namespaces, snapshot);
  const toFind = numFeasibleNodesToFind(nodes.length, active.percentageOfNodesToScore);
  // a pod no profile serves has no FitError upstream: the answer says why it stays Pending
  if (active.unserved) return { result, fitError: active.unserved, toFind };
  if (result.gated) return { result, fitError: `${result.gated.message} (spec.schedulingGates: ${result.gated.gates.join(', ')})`, toFind };
  if (result.feasible.length === 0) return { result, fitError: result.fitError, toFind };
  if (result.feasible.length === 1) return { result, node: result.feasible[0].node, tiedWith: [] as string[], toFind };
  const infos = result.feasible.map((v) => snapshot.byName.get(v.node)!.info);
  const table = scoreTable(podInfo(subject), infos, snapshot);
  let best = -Infinity;
  for (const t of table.totals) if (t > best) best = t;
  const tied: number[] = [];
  table.totals.forEach((t, i) => t === best && tied.push(i));
  const chosen = tieBreak === 'first' ? tied[0] : tied[tied.length - 1];
  // best first, input order among equal totals; NodeScores (with their detail strings) only for the ones kept
  const kept = best10(table.totals);
  if (!kept.includes(chosen)) kept.push(chosen);
  kept.sort((a, b) => table.totals[b] - table.totals[a] || a - b);
  return {
    result,
    node: infos[chosen].name,
    tiedWith: tied.filter((i) => i !== chosen).map((i) => infos[i].name),
    scores: kept.map((i) => table.nodeScore(i)),
    toFind,
  };
}

/**
 * schedule_one.go assume and Reserve for a pod a cycle placed on `node`: it joins the node's pods (assumePod), and
 * VolumeBinding's Reserve assumes its volumes (binder.go AssumePodVolumes): the static PVs it binds are taken and its
 * WaitForFirstConsumer claims are being provisioned for the node, as the next pod's cycle sees them. NodeVolumeLimits
 * and VolumeRestrictions count the pod's claims from its place among the node's pods.
 */
export function assumeAndReserve(snapshot: Snapshot, node: string, pod: Pod): void {
  assumePod(snapshot, node, pod);
  // the pod as its controller made it already has its claim volumes (a StatefulSet pod's too): most have none
  if (!podUsesClaimVolumes(pod)) return;
  const created = createdPod(toSubject(pod));
  if (!podUsesClaimVolumes(created)) return;
  const vac = gateEnabled('VolumeAttributesClass');
  const r = volumeBindingPreFilter(created, snapshot.storage, vac);
  const entry = snapshot.byName.get(node);
  if (!('state' in r) || !entry) return;
  assumePodVolumes(findPodVolumes(r.state.claims, { name: node, labels: entry.info.labels }, snapshot.storage, vac), node, snapshot.storage);
}

const victimKey = (pod: Pod) => `${pod.metadata?.namespace || 'default'}/${pod.metadata?.name ?? ''}`;

/**
 * Place the workloads' pods one at a time, workloads in the order given, each workload's pods in creation order,
 * each under the profile of its schedulerName (scheduler/config/select.ts).
 */
export function placeReplicas(workloads: KubeObject | readonly KubeObject[], nodes: readonly Node[], options: PlacementOptions = {}): Placement {
  // the pods it creates are charged to their namespaces' quotas one after another; an error from inside names the node
  // or existing pod whose structure the engine cannot read, if one is (the workloads are checked up front)
  const bulk = (): Bulk[] => [[nodes, (i) => `node at index ${i}`, 'Node'], [(options as PlacementOptions | null)?.existingPods, 'options.existingPods', 'Pod']];
  return diagnosed(() => underProfiles(() => withQuotaCharges(() => placeUnder(workloads, nodes, options))), bulk, (m, cause) => new InputError(m, { cause }));
}

function placeUnder(workloads: KubeObject | readonly KubeObject[], nodes: readonly Node[], options: PlacementOptions): Placement {
  const list = Array.isArray(workloads)
    ? (workloads as unknown[]).map((w, i) => assertWorkload(w, `workloads[${i}]`, REPLICATED_KINDS))
    : [assertWorkload(workloads, 'workload', REPLICATED_KINDS)];
  if (!Array.isArray(nodes)) throw new InputError(`nodes must be an array of Node objects, received ${preview(nodes)}`);
  nodes.forEach((n, i) => assertNodeInput(n, `node at index ${i}`));
  const o = assertOptions(options, 'options', '{ existingPods?, namespaces?, services?, storage?, tieBreak? }');
  const given: Pod[] = (listOf(o.existingPods, 'options.existingPods') ?? []).map((p, i) => assertPod(p, `options.existingPods[${i}]`));
  // a DaemonSet's own pods its rollout replaces are not met by its new ones (withoutSubject), as in every answer
  const assumptions = new Set<string>();
  let existing = given;
  for (const w of list.filter((x) => x.kind === 'DaemonSet')) {
    const { pods, left } = withoutSubject(toSubject(w), existing);
    for (const a of rolloutReplaces(toSubject(w), left)) assumptions.add(a);
    if (left) existing = [...pods!];
  }
  assertObjects(o.namespaces, 'options.namespaces');
  assertObjects(o.services, 'options.services');
  const storage = assertStorage(o.storage, 'options.storage');
  if (o.tieBreak !== undefined && o.tieBreak !== 'first' && o.tieBreak !== 'last') throw new InputError(`options.tieBreak must be 'first' or 'last', received ${JSON.stringify(o.tieBreak)}`);
  // one snapshot for the whole placement, each placed pod assumed into it (the scheduler cache between cycles), with
  // the claims of every pod to place as the model holds them (made by their controllers, or placeholders)
  // a quota without status (a manifest's) counts the existing pods, as the quota controller would
  chargeExistingPods(existing);
  const replicas = new Map(list.map((w) => [w, replicasOf(w, nodes, storage)]));
  const claimUsers = list.filter((w) => podUsesClaims(toSubject(w))).flatMap((w) => replicas.get(w)!.map((r) => r.pod));
  let snapshot = buildSnapshot(nodes, podsByNode(existing), options.namespaces, options.services, modelledStorage(claimUsers, storage));
  const pdbs = assertObjects(o.podDisruptionBudgets, 'options.podDisruptionBudgets');
  if (pdbs?.length) snapshot.podDisruptionBudgets = pdbs;
  const pods: PlacedPod[] = [];
  const owners = new Map<KubeObject, PlacedPod[]>();
  const noPods: Placement['noPods'] = [];
  const notModelled: NonNullable<Placement['notModelled']> = [];
  // numFeasibleNodesToFind per pod, under its profile's percentageOfNodesToScore
  const toFind: number[] = [];
  for (const workload of list) {
    const mine: PlacedPod[] = [];
    owners.set(workload, mine);
    const reason = noPodsReason(workload, storage);
    if (reason) noPods.push({ workload: toSubject(workload).label, reason });
    const volumes = storageModel(toSubject(workload), storage);
    const items = [...notModelledFor(toSubject(workload)), ...volumes.notModelled, ...(usePodProfile(toSubject(workload)).notModelled ?? [])];
    if (items.length) notModelled.push({ workload: toSubject(workload).label, items });
    if (volumes.assumption) assumptions.add(volumes.assumption);
    for (const replica of replicas.get(workload)!) {
      // the replicas past the namespace's ResourceQuota are never created (the controller's FailedCreate)
      const refused = createCharged(toSubject(replica.pod));
      if (refused) {
        const name = replica.pod.metadata?.name ?? '<unnamed>';
        const notCreated: PlacedPod = { workload: replica.workload.label, workloadObject: workload, name, pod: replica.pod, rejected: [], feasible: 0, tiedWith: [], fitError: `Error creating: ${refused}` };
        mine.push(notCreated);
        pods.push(notCreated);
        continue;
      }
      let cycle: ReturnType<typeof scheduleOne> = scheduleOne(replica.pod, nodes, existing, { namespaces: options.namespaces, tieBreak: options.tieBreak, snapshot });
      toFind.push(cycle.toFind);
      const nominated = nomination(cycle.result.preemption);
      let preempted: Preemption | undefined;
      if (nominated) {
        // the victims are deleted and the pod's next cycle tries its nominated node first (evaluateNominatedNode)
        // pickOneNodeForPreemption's ties (Go map order): the first by name, or the last when probing ties
        const all = nominated.nominatedNodes;
        const node = options.tieBreak === 'last' ? all[all.length - 1] : all[0];
        const tiedWith = all.filter((n) => n !== node);
        const victims = nominated.candidates.find((c) => c.node === node)!.victims;
        preempted = { node, victims, event: cycle.fitError ?? '', tiedWith, ...(nominated.pdbOrder?.length ? { pdbOrder: nominated.pdbOrder } : {}) };
        snapshot = deleteVictims(snapshot, nodes, existing, node, victims, options);
        for (const earlier of pods) {
          if (earlier.node === node && victims.includes(victimKey(earlier.pod))) {
            earlier.fitError = preemptedBy(toSubject(replica.pod).label, node);
            delete earlier.node;
          }
        }
        const again = scheduleOne(replica.pod, nodes, existing, { namespaces: options.namespaces, tieBreak: options.tieBreak, snapshot });
        cycle = again.result.feasible.some((v) => v.node === node) ? { result: again.result, node, tiedWith: [] as string[], toFind: again.toFind } : again;
      } else if (cycle.result.preemption && 'unknown' in cycle.result.preemption) {
        preemptionUnknown(notModelled, toSubject(workload).label, cycle.result.preemption.unknown);
      }
      const placed: PlacedPod = {
        workload: replica.workload.label,
        workloadObject: workload,
        name: replica.pod.metadata?.name ?? '<unnamed>',
        pod: replica.pod,
        rejected: cycle.result.rejected,
        feasible: cycle.result.feasible.length,
        tiedWith: cycle.tiedWith ?? [],
        ...(cycle.scores ? { scores: cycle.scores } : {}),
        ...(preempted ? { preempted } : {}),
      };
      if (cycle.node) {
        // AssumeAndReserveInCache: a copy with spec.nodeName joins the node's pods
        placed.node = cycle.node;
        placed.pod = fromTemplateOf({ ...replica.pod, spec: { ...replica.pod.spec!, nodeName: cycle.node } }, replica.pod);
        existing.push(placed.pod);
        assumeAndReserve(snapshot, cycle.node, placed.pod);
      } else placed.fitError = cycle.fitError;
      mine.push(placed);
      pods.push(placed);
    }
  }
  return {
    pods,
    existingPods: existing,
    sampled: pods.some((p, i) => p.feasible > toFind[i]),
    feasibleNodesToFind: Math.min(numFeasibleNodesToFind(nodes.length, profile().percentageOfNodesToScore), ...toFind),
    of: (w) => owners.get(w) ?? [],
    noPods,
    ...(notModelled.length ? { notModelled } : {}),
    ...(assumptions.size ? { assumptions: [...assumptions] } : {}),
  };
}
