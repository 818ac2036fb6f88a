// Where every replica lands: each pod gets its own scheduling cycle against the cluster as the earlier pods left it
// (pkg/scheduler/schedule_one.go schedulingCycle; algorithm.go SchedulePod, AssumeAndReserveInCache): the filters;
// with one feasible node, that node; with more, the default profile's scores and the best total; then the pod is
// assumed onto the node (spec.nodeName set) and counts as an existing pod for every later cycle. A pod no node fits
// stays Pending with its FitError and does not stop the others.
//
// Ties: kube-scheduler picks among the best-scored nodes at random (selectHost, up to v1.34) or by heap position
// (v1.35+), so neither is reproducible. Here the first tied node in the order the nodes were given wins, and
// every placement records the other nodes it tied with.
import type { KubeObject, Node, Pod } from '../types';
import { assertNode, toSubject } from '../subject';
import { nodeInfo, podInfo, type Status } from '../scheduler/framework';
import { fitError, schedule, type NodeVerdict } from '../scheduler';
import { scoreNodes, type NodeScore } from '../scheduler/score';
import { scoreCluster } from '../scheduler/score-cluster';
import { replicasOf } from './replicas';

/** kube-scheduler looks at every node below this many candidates; at or above, only a rotating sample (algorithm.go numFeasibleNodesToFind). */
export const MIN_FEASIBLE_NODES_TO_FIND = 100;

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
  /** Scores of the feasible nodes, best first (absent when 0 or 1 node was feasible). */
  scores?: NodeScore[];
  /** Other nodes with the same best total: kube-scheduler could have picked any of them. */
  tiedWith: string[];
}

export interface PlacementOptions {
  /** Pods already in the cluster, on the node named by spec.nodeName (pods without one are not anywhere yet). */
  existingPods?: readonly Pod[];
  /** Namespace objects (their labels serve namespaceSelector); other kinds are ignored. */
  namespaces?: readonly KubeObject[];
  /** Which of the tied best nodes wins: the first in `nodes` order (default) or the last (to probe whether ties matter). */
  tieBreak?: 'first' | 'last';
}

export interface Placement {
  pods: PlacedPod[];
  /** The cluster's pods afterwards: the existing ones and every placed pod. */
  existingPods: Pod[];
  /** True when the cluster has ≥ 100 nodes: kube-scheduler scores a sample, so the chosen node is the best of all here but may differ. */
  sampled: boolean;
  /** The pods of one of the workloads given. */
  of(workload: KubeObject): PlacedPod[];
}

export interface CycleOptions {
  namespaces?: readonly KubeObject[];
  tieBreak?: 'first' | 'last';
  /**
   * A further Filter for the nodes the modelled filters let through (the outage simulation's zonal PersistentVolumes,
   * VolumeBinding): a Status rejects the node and counts in the FitError.
   */
  filter?: (node: Node) => Status | undefined;
}

/** One scheduling cycle for `pod` against `nodes` and the pods placed so far. */
export function scheduleOne(pod: Pod, nodes: readonly Node[], existing: readonly Pod[], options: CycleOptions = {}) {
  const { namespaces, tieBreak = 'first', filter } = options;
  const subject = toSubject(pod);
  const result = schedule(subject, nodes, existing, namespaces);
  if (result.gated) return { result, fitError: `${result.gated.message} (spec.schedulingGates: ${result.gated.gates.join(', ')})` };
  if (filter && result.feasible.length) {
    const byName = new Map(nodes.map((n) => [nodeInfo(n).name, n]));
    const verdicts = result.feasible.map((v) => ({ node: v.node, status: filter(byName.get(v.node)!) }));
    const rejected: NodeVerdict[] = verdicts.filter((v) => v.status).map((v) => ({ node: v.node, feasible: false, status: v.status }));
    if (rejected.length) {
      result.feasible = result.feasible.filter((v) => !rejected.some((r) => r.node === v.node));
      result.rejected = [...result.rejected, ...rejected];
      if (!result.feasible.length) result.fitError = fitError(nodes.length, podInfo(subject), result.rejected);
    }
  }
  if (result.feasible.length === 0) return { result, fitError: result.fitError };
  if (result.feasible.length === 1) return { result, node: result.feasible[0].node, tiedWith: [] as string[] };
  const feasibleNames = new Set(result.feasible.map((v) => v.node));
  const infos = nodes.map(nodeInfo).filter((n) => feasibleNames.has(n.name));
  const scores = scoreNodes(podInfo(subject), infos, scoreCluster(nodes, existing, namespaces));
  const best = Math.max(...scores.map((s) => s.total));
  const tied = scores.filter((s) => s.total === best).map((s) => s.node);
  const chosen = tieBreak === 'first' ? tied[0] : tied[tied.length - 1];
  // a stable sort keeps input order among equal totals
  return { result, node: chosen, tiedWith: tied.filter((n) => n !== chosen), scores: [...scores].sort((a, b) => b.total - a.total) };
}

/** Place the workloads' pods one at a time, workloads in the order given, each workload's pods in creation order. */
export function placeReplicas(workloads: KubeObject | readonly KubeObject[], nodes: readonly Node[], options: PlacementOptions = {}): Placement {
  const list = Array.isArray(workloads) ? (workloads as KubeObject[]) : [workloads as KubeObject];
  nodes.forEach((n, i) => assertNode(n, `node at index ${i}`));
  const existing: Pod[] = [...(options.existingPods ?? [])];
  const pods: PlacedPod[] = [];
  const owners = new Map<KubeObject, PlacedPod[]>();
  for (const workload of list) {
    const mine: PlacedPod[] = [];
    owners.set(workload, mine);
    for (const replica of replicasOf(workload, nodes)) {
      const cycle = scheduleOne(replica.pod, nodes, existing, { namespaces: options.namespaces, tieBreak: options.tieBreak });
      const placed: PlacedPod = {
        workload: replica.workload.label,
        workloadObject: workload,
        name: replica.pod.metadata?.name ?? '<unnamed>',
        pod: replica.pod,
        rejected: cycle.result.rejected,
        feasible: cycle.result.feasible.length,
        tiedWith: cycle.tiedWith ?? [],
        ...(cycle.scores ? { scores: cycle.scores } : {}),
      };
      if (cycle.node) {
        // AssumeAndReserveInCache: a copy with spec.nodeName joins the node's pods
        placed.node = cycle.node;
        placed.pod = { ...replica.pod, spec: { ...replica.pod.spec!, nodeName: cycle.node } };
        existing.push(placed.pod);
      } else placed.fitError = cycle.fitError;
      mine.push(placed);
      pods.push(placed);
    }
  }
  return {
    pods,
    existingPods: existing,
    sampled: nodes.length >= MIN_FEASIBLE_NODES_TO_FIND,
    of: (w) => owners.get(w) ?? [],
  };
}
