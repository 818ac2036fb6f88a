// The replica questions: where every pod a workload's controller creates lands, placed one at a time as
// kube-scheduler does (placement/place.ts), and what that says about spread, sharing and separation. Each answer
// carries the placement itself and, where tied nodes could change it, the same placement with the last tied node
// picked instead of the first (upstream picks any of them).
import type { KubeObject, Node, Pod } from '../core/types';
import { toSubject, describeObject } from '../k8s/subject';
import { POD_TEMPLATE_HASH, THIS_REVISION } from '../k8s/label-selector';
import { placeReplicas, type PlacedPod, type Placement } from '../placement/place';
import { noPodsReason, podFrom } from '../placement/replicas';
import { nodeInfo, podInfo } from '../scheduler/framework';
import { podNodeAffinityMatches } from '../scheduler/plugins/nodeaffinity';
import { HOSTNAME_LABEL, separation, type Separation } from './apart';
import { plainVerdict, underAssumption } from './schedule';
import { pdbOrderAssumptions } from './not-modelled';
import type { StorageAssumption } from '../core/storage-kinds';
import { underQuestionSettings, type NamespacePolicy } from './policy';

/**
 * The nodes, the pods bound to them, the Namespace, Service and storage objects the replicas are placed among, and the
 * namespace policy their pods are created under (each kind given over configure's: policy.ts).
 */
export interface ReplicaCluster extends NamespacePolicy {
  nodes: readonly Node[];
  existingPods?: readonly Pod[];
  namespaces?: readonly KubeObject[];
  services?: readonly KubeObject[];
  /** The storage objects (STORAGE_KINDS): the volume plugins' listers. */
  storage?: readonly KubeObject[];
  /** The stated storage assumption for this question, over configure({ storageAssumption }). */
  storageAssumption?: StorageAssumption;
  /** PodDisruptionBudgets: DefaultPreemption reads them when a replica fits no node as it is. */
  podDisruptionBudgets?: readonly KubeObject[];
  /** The cluster's KubeSchedulerConfiguration for this question, over configure({ schedulerConfiguration }): each pod runs under its schedulerName's profile. */
  schedulerConfiguration?: object;
}

/** A placed (or Pending) pod, without the objects: `owner` is the index of its workload among those given. */
export type PlacedPodAnswer = Omit<PlacedPod, 'pod' | 'workloadObject'> & { owner: number };

export interface PlacementAnswer {
  pods: PlacedPodAnswer[];
  /** Some pod had more feasible nodes than kube-scheduler filters for in a cluster this size (numFeasibleNodesToFind). */
  sampled: boolean;
  feasibleNodesToFind: number;
  /** Workloads whose controller creates no pod at all, with why. */
  noPods: Array<{ workload: string; reason: string }>;
  /** Workloads whose pods use what is not modelled (absent when none): the placement is not a verdict. */
  notModelled?: Placement['notModelled'];
  /** What the placement assumes (the stated storage assumption, the PDBs' order a replica's preemption rests on); absent when nothing. */
  assumptions?: string[];
}

/** Whether the ties decide a verdict: the replay with the last tied node winning, and whether its verdict is the same. */
export interface TieProbe {
  same: boolean;
  other: PlacedPodAnswer[];
}

function answerOf(p: Placement, workloads: readonly KubeObject[]): PlacementAnswer {
  const pods = p.pods.map(({ pod: _pod, workloadObject, rejected, ...rest }) => ({ ...rest, rejected: rejected.map(plainVerdict), owner: workloads.indexOf(workloadObject) }));
  // a replica's preemption that rests on the PDBs' order (from 1.37) says so, as scheduleOn's answer does
  const assumptions = [...(p.assumptions ?? []), ...pdbOrderAssumptions(p.pods.flatMap((x) => x.preempted?.pdbOrder ?? []), true)];
  return {
    pods, sampled: p.sampled, feasibleNodesToFind: p.feasibleNodesToFind, noPods: p.noPods,
    ...(p.notModelled ? { notModelled: p.notModelled } : {}), ...(assumptions.length ? { assumptions } : {}),
  };
}

/** The workloads' pods placed in order, each placed pod counting for the next. */
export function place(workloads: readonly KubeObject[], cluster: ReplicaCluster, tieBreak: 'first' | 'last' = 'first'): PlacementAnswer {
  const run = () => placeReplicas(workloads, cluster.nodes, {
    existingPods: cluster.existingPods, namespaces: cluster.namespaces, services: cluster.services, storage: cluster.storage, tieBreak, podDisruptionBudgets: cluster.podDisruptionBudgets,
  });
  const p = underAssumption(cluster.storageAssumption, () => underQuestionSettings(cluster, run));
  return answerOf(p, workloads);
}

// best-scored nodes tied, or nodes pickOneNodeForPreemption could not tell apart
const tied = (p: PlacementAnswer) => p.pods.some((x) => x.tiedWith.length > 0 || !!x.preempted?.tiedWith.length);

function probeTies(p: PlacementAnswer, verdict: (p: PlacementAnswer) => boolean, replay: () => PlacementAnswer): TieProbe | undefined {
  if (!tied(p)) return undefined;
  const other = replay();
  return { same: verdict(other) === verdict(p), other: other.pods };
}

/** toHaveAllReplicasScheduled: every pod finds a node. */
export interface AllScheduledAnswer {
  workload: string;
  placement: PlacementAnswer;
  ties?: TieProbe;
  /** Why the controller creates no pod here (a suspended Job…), when it creates none. */
  noPodsReason?: string;
}

export function allScheduled(workload: KubeObject, cluster: ReplicaCluster): AllScheduledAnswer {
  const placement = place([workload], cluster);
  const allPlaced = (p: PlacementAnswer) => p.pods.every((x) => x.node);
  const ties = probeTies(placement, allPlaced, () => place([workload], cluster, 'last'));
  const reason = placement.pods.length === 0 ? noPodsReason(workload, cluster.storage) : undefined;
  return { workload: describeObject(workload), placement, ...(ties ? { ties } : {}), ...(reason ? { noPodsReason: reason } : {}) };
}

/** One topology domain: its replicas in total and per node (`[node, replicas]`, the nodes the template allows). */
export interface DomainCount {
  domain: string;
  total: number;
  nodes: Array<[string, number]>;
}

/** toSpreadReplicasAcross: the replicas per domain of `topologyKey` and the skew. */
export interface SpreadAnswer {
  workload: string;
  topologyKey: string;
  maxSkew: number;
  placement: PlacementAnswer;
  counts: DomainCount[];
  max: number;
  min: number;
  skew: number;
  /** Pods placed on nodes outside these domains (`web-3 → node-x`). */
  elsewhere: string[];
  /** Allowed nodes without the label: they form no domain. */
  unlabelled: number;
  pass: boolean;
  ties?: TieProbe;
}

/**
 * The domains are the key's values on the nodes the pod template's nodeSelector and required node affinity allow (as
 * PodTopologySpread counts with nodeAffinityPolicy Honor); only this workload's pods count.
 */
export function spread(workload: KubeObject, topologyKey: string, cluster: ReplicaCluster, maxSkew: number): SpreadAnswer {
  const template = podInfo(toSubject(workload));
  const allowed = new Map<string, string>(); // node → domain
  let unlabelled = 0;
  for (const n of cluster.nodes) {
    const info = nodeInfo(n);
    if (!podNodeAffinityMatches(template, info)) continue; // the pod's own, never a configuration's addedAffinity
    if (!Object.prototype.hasOwnProperty.call(info.labels, topologyKey)) unlabelled++;
    else allowed.set(info.name, info.labels[topologyKey]);
  }
  const analyse = (p: PlacementAnswer) => {
    const domains = new Map<string, Map<string, number>>(); // domain → node → replicas
    for (const [n, d] of allowed) {
      if (!domains.has(d)) domains.set(d, new Map());
      domains.get(d)!.set(n, 0);
    }
    const elsewhere: string[] = [];
    for (const x of p.pods) {
      if (!x.node) continue;
      const m = allowed.has(x.node) ? domains.get(allowed.get(x.node)!) : undefined;
      if (m) m.set(x.node, m.get(x.node)! + 1);
      else elsewhere.push(`${x.name} → ${x.node}`);
    }
    const counts = [...domains].map(([d, m]) => ({ domain: d, total: [...m.values()].reduce((a, b) => a + b, 0), nodes: [...m] }));
    const max = counts.reduce((m, c) => Math.max(m, c.total), counts.length ? -Infinity : 0);
    const min = counts.reduce((m, c) => Math.min(m, c.total), counts.length ? Infinity : 0);
    const pending = p.pods.filter((x) => !x.node).length;
    return { counts, max, min, skew: max - min, elsewhere, pass: pending === 0 && max - min <= maxSkew && counts.length > 0 };
  };
  const placement = place([workload], cluster);
  const ties = probeTies(placement, (p) => analyse(p).pass, () => place([workload], cluster, 'last'));
  return { workload: describeObject(workload), topologyKey, maxSkew, placement, ...analyse(placement), unlabelled, ...(ties ? { ties } : {}) };
}

/** A node holding pods of both workloads. */
export interface SharedNode {
  node: string;
  mine: string[];
  theirs: string[];
}

/** toShareNodesWith: both creation orders, the nodes holding pods of both, and whether the ties decide it. */
export interface ShareAnswer {
  labels: [string, string];
  /** `mine`: the owner index of the received workload's pods in that order's placement (0 or 1). */
  orders: Array<{ first: string; mine: number; placement: PlacementAnswer; shared: SharedNode[] }>;
  /** The first order in which some node holds pods of both; -1 when neither does. */
  hit: number;
  /** With ties: the order (index) whose last-tied replay shares, -1 if none does, and what it shares. */
  ties?: { sameVerdict: boolean; hitThere: number; shared: string[] };
  /** What keeps them apart by constraint, if the placements separate them. */
  separation?: Separation;
}

function sharedNodes(p: PlacementAnswer, a: number, b: number): SharedNode[] {
  const on = (owner: number) => {
    const m = new Map<string, string[]>();
    for (const x of p.pods) if (x.owner === owner && x.node) m.set(x.node, [...(m.get(x.node) ?? []), x.name]);
    return m;
  };
  const [mine, theirs] = [on(a), on(b)];
  return [...mine].filter(([node]) => theirs.has(node)).map(([node, names]) => ({ node, mine: names, theirs: theirs.get(node)! }));
}

/** Both creation orders are tried (received first, then other first), as either may come first in a real cluster. */
export function share(a: KubeObject, b: KubeObject, cluster: ReplicaCluster): ShareAnswer {
  const labels: [string, string] = [describeObject(a), describeObject(b)];
  // in each placement `a` is owner 0 or 1 depending on the order
  const orders = [
    { first: labels[0], placement: place([a, b], cluster), mine: 0, theirs: 1 },
    { first: labels[1], placement: place([b, a], cluster), mine: 1, theirs: 0 },
  ].map((o) => ({ first: o.first, mine: o.mine, placement: o.placement, shared: sharedNodes(o.placement, o.mine, o.theirs) }));
  const hit = orders.findIndex((o) => o.shared.length);
  let ties: ShareAnswer['ties'];
  if (orders.some((o) => tied(o.placement))) {
    const replays = [place([a, b], cluster, 'last'), place([b, a], cluster, 'last')];
    const sharedThere = [sharedNodes(replays[0], 0, 1), sharedNodes(replays[1], 1, 0)];
    const hitThere = sharedThere.findIndex((s) => s.length);
    ties = { sameVerdict: (hitThere >= 0) === (hit >= 0), hitThere, shared: hitThere >= 0 ? sharedThere[hitThere].map((s) => s.node) : [] };
  }
  const apart = hit < 0 ? underQuestionSettings(cluster, () => separation(a, b, cluster.nodes, cluster.namespaces)) : undefined;
  return { labels, orders, hit, ...(ties ? { ties } : {}), ...(apart ? { separation: apart } : {}) };
}

/** toBeKeptApartFrom: the separation by constraint, and a fix that is checked to give it. */
export interface KeepApartAnswer {
  labels: [string, string];
  /** How many nodes were given (undefined: none, so only node-independent constraints count). */
  nodes?: number;
  separation: Separation;
  /** A required anti-affinity term that does give the guarantee, with where it goes and what would stay Pending. */
  fix?: {
    path: string;
    topologyKey: string;
    matchLabels: Record<string, string>;
    namespaces?: string[];
    pending?: Array<{ name: string; fitError?: string }>;
  };
}

/**
 * keepApart's cluster: Namespace objects (for namespaceSelector), the question's KubeSchedulerConfiguration (each
 * workload's pods under the profile of their schedulerName) and namespace policy, each over configure's.
 */
export interface KeepApartCluster extends NamespacePolicy {
  namespaces?: readonly KubeObject[];
  schedulerConfiguration?: object;
}

export function keepApart(a: KubeObject, b: KubeObject, nodes?: readonly Node[], cluster: KeepApartCluster = {}): KeepApartAnswer {
  return underQuestionSettings(cluster, () => {
    const s = separation(a, b, nodes, cluster.namespaces);
    const fix = s.guaranteed ? undefined : antiAffinityFix(a, b, nodes, cluster.namespaces);
    return { labels: [describeObject(a), describeObject(b)], ...(nodes ? { nodes: nodes.length } : {}), separation: s, ...(fix ? { fix } : {}) };
  });
}

/** `received` with a required anti-affinity term against `other`'s pods added to its pod spec. */
function withAntiAffinity(received: KubeObject, other: KubeObject): { object: KubeObject; matchLabels: Record<string, string>; namespaces?: string[] } | undefined {
  // a Deployment's pod-template-hash changes with every rollout: not a label to select its pods by
  const labels = Object.fromEntries(Object.entries(podFrom(other, 'probe').metadata?.labels ?? {}).filter(([k, v]) => !(k === POD_TEMPLATE_HASH && v === THIS_REVISION)));
  if (!Object.keys(labels).length) return undefined;
  const ns = other.metadata?.namespace || 'default';
  const namespaces = ns !== (received.metadata?.namespace || 'default') ? [ns] : undefined;
  const term = { topologyKey: HOSTNAME_LABEL, labelSelector: { matchLabels: labels }, ...(namespaces ? { namespaces } : {}) };
  const s = toSubject(received);
  const spec = structuredClone(s.spec);
  const anti = ((spec.affinity ??= {}).podAntiAffinity ??= {});
  anti.requiredDuringSchedulingIgnoredDuringExecution = [...(anti.requiredDuringSchedulingIgnoredDuringExecution ?? []), term];
  const object = structuredClone(received) as Record<string, unknown>;
  let at = object;
  const parts = s.specPath.split('.');
  for (const p of parts.slice(0, -1)) at = at[p] as Record<string, unknown>;
  at[parts[parts.length - 1]] = spec;
  return { object: object as KubeObject, matchLabels: labels, ...(namespaces ? { namespaces } : {}) };
}

/** The anti-affinity term to add, offered only when adding it does give the guarantee (checked by running it). */
function antiAffinityFix(received: KubeObject, other: KubeObject, nodes: readonly Node[] | undefined, namespaces: readonly KubeObject[] | undefined): KeepApartAnswer['fix'] {
  const fix = withAntiAffinity(received, other);
  if (!fix || !separation(fix.object, other, nodes, namespaces).guaranteed) return undefined;
  // kept apart, but still schedulable? With nodes given, place both (in both orders) with the term added.
  const pending = nodes
    ? [placeReplicas([fix.object, other], nodes, { namespaces }), placeReplicas([other, fix.object], nodes, { namespaces })]
      .map((p) => p.pods.filter((x) => !x.node)).find((x) => x.length)
    : undefined;
  return {
    path: `${toSubject(received).specPath}.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution`,
    topologyKey: HOSTNAME_LABEL,
    matchLabels: fix.matchLabels,
    ...(fix.namespaces ? { namespaces: fix.namespaces } : {}),
    ...(pending ? { pending: pending.map((p) => ({ name: p.name, ...(p.fitError !== undefined ? { fitError: p.fitError } : {}) })) } : {}),
  };
}
