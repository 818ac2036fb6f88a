// The cluster as one scheduling cycle sees it (pkg/scheduler/backend/cache snapshot, framework/types.go NodeInfo):
// every node, the pods bound to each, and the Namespace objects' labels. Built once per check, then frozen.
import type { KubeObject, Node, Pod } from '../core/types';
import type { Subject } from '../k8s/subject';
import { describeObject } from '../k8s/subject';
import { nodeInfo, nodeUsage, type NodeInfo, type NodeUsage } from './framework';
import { nodeRequested } from './plugins/noderesources/requests';

export interface NodeSnapshot {
  info: NodeInfo;
  /** The pods on the node as the scheduler cache holds them: Succeeded/Failed pods are never there. */
  pods: Pod[];
  /** NodeInfo.Requested and UsedPorts of those pods, worked out on first use. */
  readonly usage: NodeUsage;
  /** The scoring view of Requested (NodeResourcesFit/BalancedAllocation), worked out on first use. */
  readonly requested: ReturnType<typeof nodeRequested>;
}

export interface Snapshot {
  nodes: NodeSnapshot[];
  byName: Map<string, NodeSnapshot>;
  /** Namespace name → labels, from the Namespace objects given (namespaceSelector reads them). */
  namespaceLabels: Map<string, Record<string, string>>;
  /** The nodes with pods, in node order (see nodesWithPods); dropped when a pod is assumed. */
  withPods?: NodeSnapshot[];
}

/** The nodes that have pods, in node order: what counting existing pods visits (a PreFilter per pod, thousands of nodes). */
export const nodesWithPods = (snapshot: Snapshot): NodeSnapshot[] => (snapshot.withPods ??= snapshot.nodes.filter((n) => n.pods.length > 0));

export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

const TERMINAL = new Set(['Succeeded', 'Failed']);

/** The scheduler's pod informer drops Succeeded and Failed pods; terminating ones stay until deleted. */
export const inSchedulerCache = (pod: Pod) => !TERMINAL.has(pod.status?.phase ?? '');

/**
 * The pod being scheduled is not among the pods already on nodes, though a `kubectl get pods -o json` dump holds it
 * too: the same object, the same metadata.uid, or the same namespace/name (names are unique in a namespace).
 */
export function withoutSubject(subject: Subject, pods: readonly Pod[] | undefined): { pods: Pod[] | undefined; left: number } {
  if (!pods || subject.kind !== 'Pod') return { pods: pods && [...pods], left: 0 };
  const me = subject.object as Pod;
  const same = (p: Pod) => p === me ||
    (me.metadata?.uid !== undefined && p.metadata?.uid === me.metadata.uid) ||
    (!!me.metadata?.name && p.metadata?.name === me.metadata.name && podNamespace(p) === podNamespace(me));
  const kept = pods.filter((p) => !same(p));
  return { pods: kept, left: pods.length - kept.length };
}

/** metadata.deletionTimestamp set: the pod is terminating (PodTopologySpread skips it, InterPodAffinity does not). */
export const isTerminating = (pod: Pod) => pod.metadata?.deletionTimestamp != null;

export const podNamespace = (pod: KubeObject) => pod.metadata?.namespace || 'default';
export const podLabels = (pod: Pod): Record<string, string> => pod.metadata?.labels ?? {};

/** The namespace and labels the subject's pod would get: a Pod's own, or the pod template's labels in the workload's namespace. */
export function subjectPodMeta(subject: Subject): { namespace: string; labels: Record<string, string> } {
  let meta: unknown = subject.object;
  if (subject.kind !== 'Pod') {
    // the template sits next to the pod spec: spec.template.spec → spec.template.metadata
    for (const part of subject.specPath.split('.').slice(0, -1)) meta = (meta as Record<string, unknown> | undefined)?.[part];
  }
  const labels = ((meta as { metadata?: { labels?: Record<string, string> } } | undefined)?.metadata?.labels) ?? {};
  return { namespace: podNamespace(subject.object), labels };
}

export const describePod = (pod: Pod) => describeObject(pod);

/** Every real node carries kubernetes.io/hostname (the kubelet sets it); hand-written fixtures often lack it. */
export const kubeletHint = (key: string) =>
  key === 'kubernetes.io/hostname' ? '; the kubelet sets kubernetes.io/hostname on every real node, so add it to the Node fixture' : '';

const NO_PODS: Pod[] = [];

// A class rather than object literals with closures: thousands of nodes are snapshotted per check.
class NodeEntry implements NodeSnapshot {
  private computed?: NodeUsage;
  private computedRequested?: ReturnType<typeof nodeRequested>;
  constructor(readonly info: NodeInfo, public pods: Pod[]) {}
  get usage(): NodeUsage {
    return (this.computed ??= nodeUsage(this.pods));
  }
  get requested() {
    return (this.computedRequested ??= nodeRequested(this.pods));
  }
  /** The pod joins the node's pods; the cached usage is worked out again on next use. */
  add(pod: Pod) {
    this.pods = this.pods === NO_PODS ? [pod] : [...this.pods, pod];
    this.computed = undefined;
    this.computedRequested = undefined;
  }
}

/**
 * AssumeAndReserveInCache (schedule_one.go assume): the pod, bound to `node`, joins that node's pods in the snapshot,
 * so the next scheduling cycle over the same snapshot sees it. Earlier cycles keep the pod list they read.
 */
export function assumePod(snapshot: Snapshot, node: string, pod: Pod): void {
  const entry = snapshot.byName.get(node);
  if (!(entry instanceof NodeEntry) || !inSchedulerCache(pod)) return;
  entry.add(pod);
  snapshot.withPods = undefined;
  const ns = podNamespace(pod);
  if (!snapshot.namespaceLabels.has(ns)) snapshot.namespaceLabels.set(ns, { [NAMESPACE_NAME_LABEL]: ns });
}

/**
 * Build the snapshot. `podsByNode` maps node names to the pods bound there; pods of nodes not in `nodes` are
 * not part of the cluster. `namespaces` holds Namespace objects (others are ignored).
 */
export function buildSnapshot(nodes: readonly Node[], podsByNode: ReadonlyMap<string, readonly Pod[]>, namespaces: readonly KubeObject[] = []): Snapshot {
  const byName = new Map<string, NodeSnapshot>();
  const list = nodes.map((n) => {
    const info = nodeInfo(n);
    const bound = podsByNode.get(info.name);
    const entry = new NodeEntry(info, bound ? bound.filter(inSchedulerCache) : NO_PODS);
    byName.set(info.name, entry);
    return entry;
  });
  // The API server labels every Namespace with kubernetes.io/metadata.name (NamespaceDefaultLabelName, GA 1.22),
  // and a pod's namespace exists in a real cluster: namespaces only seen on pods get that label alone.
  const namespaceLabels = new Map<string, Record<string, string>>();
  for (const ns of namespaces) {
    if (ns.kind !== 'Namespace' || !ns.metadata?.name) continue;
    const name = ns.metadata.name;
    namespaceLabels.set(name, { ...(ns.metadata as { labels?: Record<string, string> }).labels, [NAMESPACE_NAME_LABEL]: name });
  }
  if (podsByNode.size) for (const n of list) {
    for (const p of n.pods) {
      const name = podNamespace(p);
      if (!namespaceLabels.has(name)) namespaceLabels.set(name, { [NAMESPACE_NAME_LABEL]: name });
    }
  }
  return { nodes: list, byName, namespaceLabels };
}
