// The small part of kube-scheduler's framework the plugins need: the pod and node, prepared once
// each (pod: per subject; node: per node object), and the status a Filter returns.
import type { Node, Pod, Taint, Toleration } from '../types';
import { toSubject, type Subject } from '../subject';
import { admitNode, admitPod, type TolerationSource } from '../admission';
import { settings } from '../config';
import { cachedPerObject } from '../cache';
import { isScalarResourceName, podRequests, ResourceError, type ResourceList } from '../k8s/resources';
import { parseTerms, type NodeSelectorTerm, type ParsedTerm } from '../k8s/node-selector';
import { decodeQuantity, Quantity, QuantityError } from '../k8s/quantity';

export type Code = 'Unschedulable' | 'UnschedulableAndUnresolvable';

export interface Status {
  plugin: string;
  code: Code;
  /** kube-scheduler's reason strings, verbatim. */
  reasons: string[];
  /** Our concrete explanation: which taint, label, resource… */
  details: string[];
}

/** The scheduler's integer view of a resource list (framework.Resource). */
export interface Resources {
  milliCPU: number;
  memory: number;
  ephemeralStorage: number;
  scalars: Map<string, number>;
}

export interface HostPort {
  ip: string;
  protocol: string;
  port: number;
  /** e.g. `containers[0].ports[1]` */
  where: string;
}

/** Everything about the pod that does not depend on the node, computed once per subject. */
export interface PodInfo {
  subject: Subject;
  tolerations: Toleration[];
  tolerationSources: TolerationSource[];
  comparisonOperators: boolean;
  nodeSelector: Record<string, string>;
  /** Parsed required node affinity terms; undefined when the pod has none. */
  requiredTerms?: ParsedTerm[];
  preferredTerms: Array<{ weight: number; term: ParsedTerm }>;
  /** NodeAffinity PreFilterResult: node names from `matchFields metadata.name In`; undefined = all nodes. */
  nodeNames?: Set<string>;
  requests: Resources;
  /** Set when a quantity cannot be parsed: the API server would refuse the pod. */
  requestsError?: string;
  hostPorts: HostPort[];
}

export interface NodeInfo {
  node: Node;
  name: string;
  labels: Record<string, string>;
  /** Node taints after the node lifecycle controller's condition taints. */
  taints: Taint[];
  ownTaintCount: number;
  /** undefined when the node declares no allocatable at all (treated as unconstrained). */
  allocatable?: Resources & { pods: number; has: Set<string> };
  allocatableError?: string;
}

/** What the pods already bound to a node use (NodeInfo.Requested, UsedPorts). */
export interface NodeUsage {
  pods: number;
  requested: Resources;
  ports: Array<HostPort & { pod: string }>;
}

export function toResources(list: ResourceList): Resources {
  const r: Resources = { milliCPU: 0, memory: 0, ephemeralStorage: 0, scalars: new Map() };
  for (const [name, nanos] of list) {
    // the exact sum is rounded only now: cpu with MilliValue(), the rest with Value()
    const q = new Quantity(nanos, 'DecimalSI', name);
    if (name === 'cpu') r.milliCPU = q.milliValue();
    else if (name === 'memory') r.memory = q.value();
    else if (name === 'ephemeral-storage') r.ephemeralStorage = q.value();
    else if (isScalarResourceName(name)) r.scalars.set(name, q.value());
  }
  return r;
}

function hostPorts(subject: Subject): HostPort[] {
  const out: HostPort[] = [];
  const collect = (containers: Subject['spec']['containers'] | undefined, field: string, sidecarsOnly: boolean) =>
    (containers ?? []).forEach((c, i) => {
      if (sidecarsOnly && c.restartPolicy !== 'Always') return;
      (c.ports ?? []).forEach((p, j) => {
        if (!p.hostPort || p.hostPort <= 0) return;
        out.push({ ip: p.hostIP || '0.0.0.0', protocol: p.protocol || 'TCP', port: p.hostPort, where: `${field}[${i}].ports[${j}]` });
      });
    });
  collect(subject.spec.containers, 'containers', false);
  collect(subject.spec.initContainers, 'initContainers', true);
  return out;
}

/**
 * NodeAffinity PreFilter: per raw term, the intersection of its `matchFields metadata.name In` lists;
 * a term without one means no narrowing (terms are ORed); otherwise the union. An empty union is a conflict.
 */
function preFilterNodeNames(terms: readonly NodeSelectorTerm[] | undefined): Set<string> | undefined {
  let union: Set<string> | undefined;
  for (const term of terms ?? []) {
    let names: Set<string> | undefined;
    for (const r of term.matchFields ?? []) {
      if (r.key !== 'metadata.name' || r.operator !== 'In') continue;
      const these = new Set(r.values ?? []);
      names = names ? new Set([...names].filter((n) => these.has(n))) : these;
    }
    if (!names) return undefined;
    union = new Set([...(union ?? []), ...names]);
  }
  return union;
}

export const podInfo = cachedPerObject((subject: Subject): PodInfo => {
  const admitted = admitPod(subject);
  const affinity = subject.spec.affinity?.nodeAffinity;
  const required = affinity?.requiredDuringSchedulingIgnoredDuringExecution;
  const requiredTerms = required ? parseTerms(required.nodeSelectorTerms) : undefined;
  let requests: Resources = toResources(new Map());
  let requestsError: string | undefined;
  try {
    requests = toResources(podRequests(subject.spec, subject.specPath));
  } catch (e) {
    if (!(e instanceof ResourceError)) throw e;
    requestsError = e.message;
  }
  return {
    subject,
    tolerations: admitted.tolerations,
    tolerationSources: admitted.sources,
    comparisonOperators: settings().featureGates.TaintTolerationComparisonOperators,
    nodeSelector: subject.spec.nodeSelector ?? {},
    requiredTerms,
    preferredTerms: (affinity?.preferredDuringSchedulingIgnoredDuringExecution ?? [])
      .map((p) => ({ weight: p.weight, term: parseTerms([p.preference])[0] }))
      .filter((p) => p.weight !== 0 && p.term !== undefined),
    nodeNames: preFilterNodeNames(required?.nodeSelectorTerms),
    requests,
    requestsError,
    hostPorts: hostPorts(subject),
  };
});

export const nodeInfo = cachedPerObject((node: Node): NodeInfo => {
  const admitted = admitNode(node);
  const info: NodeInfo = {
    node,
    name: node.metadata?.name ?? '',
    labels: node.metadata?.labels ?? {},
    taints: admitted.taints,
    ownTaintCount: admitted.ownCount,
  };
  const allocatable = node.status?.allocatable as Record<string, string | number> | undefined;
  if (allocatable) {
    try {
      const list: ResourceList = new Map();
      for (const [name, raw] of Object.entries(allocatable)) list.set(name, decodeQuantity(raw).nanos);
      const pods = list.has('pods') ? new Quantity(list.get('pods')!, 'DecimalSI', 'pods').value() : 0;
      info.allocatable = { ...toResources(list), pods, has: new Set(list.keys()) };
    } catch (e) {
      if (!(e instanceof QuantityError)) throw e;
      info.allocatableError = `status.allocatable: ${e.message}`;
    }
  }
  return info;
});

const TERMINAL = new Set(['Succeeded', 'Failed']);

/** What pods already bound to a node consume; terminal pods consume nothing (the scheduler cache drops them). */
export function nodeUsage(existingPods: readonly Pod[] | undefined): NodeUsage {
  const usage: NodeUsage = { pods: 0, requested: { milliCPU: 0, memory: 0, ephemeralStorage: 0, scalars: new Map() }, ports: [] };
  for (const pod of existingPods ?? []) {
    if (TERMINAL.has(pod.status?.phase ?? '')) continue;
    const info = podInfo(toSubject(pod));
    usage.pods++;
    const r = info.requests;
    usage.requested.milliCPU += r.milliCPU;
    usage.requested.memory += r.memory;
    usage.requested.ephemeralStorage += r.ephemeralStorage;
    for (const [k, v] of r.scalars) usage.requested.scalars.set(k, (usage.requested.scalars.get(k) ?? 0) + v);
    for (const p of info.hostPorts) usage.ports.push({ ...p, pod: info.subject.label });
  }
  return usage;
}

/** A Status whose details are only worked out when a message needs them (thousands of nodes fail silently). */
export function failure(plugin: string, code: Code, reasons: string[], details: () => string[]): Status {
  let memo: string[] | undefined;
  return {
    plugin,
    code,
    reasons,
    get details() {
      return (memo ??= details());
    },
  };
}

export interface FilterPlugin {
  name: string;
  filter(pod: PodInfo, node: NodeInfo, usage: NodeUsage): Status | undefined;
}
