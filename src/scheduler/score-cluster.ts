// What the cluster-aware score plugins read: every node with the pods on it (as the scheduler cache holds them:
// no Succeeded/Failed pods) and the namespaces' labels. A structural subset of the filters' Snapshot.
import type { KubeObject, Node, Pod } from '../types';
import type { Subject } from '../subject';
import { nodeInfo, type NodeInfo } from './framework';

export interface ScoreNode {
  info: NodeInfo;
  pods: readonly Pod[];
}

export interface ScoreCluster {
  nodes: readonly ScoreNode[];
  /** Namespace name → labels (with kubernetes.io/metadata.name), for namespaceSelector. */
  namespaceLabels: ReadonlyMap<string, Record<string, string>>;
}

const TERMINAL = new Set(['Succeeded', 'Failed']);
export const inSchedulerCache = (p: Pod) => !TERMINAL.has(p.status?.phase ?? '');
export const isTerminating = (p: Pod) => p.metadata?.deletionTimestamp != null;
export const namespaceOf = (o: KubeObject) => o.metadata?.namespace || 'default';
export const labelsOf = (p: Pod): Record<string, string> => p.metadata?.labels ?? {};

/** The namespace and labels the subject's pod gets: a Pod's own, or the template's labels in the workload's namespace. */
export function podMeta(subject: Subject): { namespace: string; labels: Record<string, string> } {
  let meta: unknown = subject.object;
  if (subject.kind !== 'Pod') for (const part of subject.specPath.split('.').slice(0, -1)) meta = (meta as Record<string, unknown> | undefined)?.[part];
  return { namespace: namespaceOf(subject.object), labels: (meta as { metadata?: { labels?: Record<string, string> } } | undefined)?.metadata?.labels ?? {} };
}

/** Namespace labels from Namespace objects; namespaces only seen on pods get `kubernetes.io/metadata.name` alone. */
export function namespaceLabels(namespaces: readonly KubeObject[] = [], pods: readonly Pod[] = []): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const ns of namespaces) {
    if (ns.kind !== 'Namespace' || !ns.metadata?.name) continue;
    out.set(ns.metadata.name, { ...(ns.metadata as { labels?: Record<string, string> }).labels, 'kubernetes.io/metadata.name': ns.metadata.name });
  }
  for (const p of pods) if (!out.has(namespaceOf(p))) out.set(namespaceOf(p), { 'kubernetes.io/metadata.name': namespaceOf(p) });
  return out;
}

/** The nodes with the pods bound to each by spec.nodeName (Succeeded/Failed pods dropped), and the namespaces' labels. */
export function scoreCluster(nodes: readonly Node[], pods: readonly Pod[] = [], namespaces?: readonly KubeObject[]): ScoreCluster {
  const byNode = new Map<string, Pod[]>();
  for (const p of pods) {
    const name = p.spec?.nodeName;
    if (!name || !inSchedulerCache(p)) continue;
    const list = byNode.get(name);
    if (list) list.push(p);
    else byNode.set(name, [p]);
  }
  return { nodes: nodes.map((n) => ({ info: nodeInfo(n), pods: byNode.get(nodeInfo(n).name) ?? [] })), namespaceLabels: namespaceLabels(namespaces, pods) };
}
