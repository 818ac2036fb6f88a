// Node states tests need, as the cluster would show the Node object: conditions as the kubelet or the node lifecycle
// controller writes them, and spec.taints as the controller then keeps them (TaintNodesByCondition and the
// NoExecute taints of taint-based eviction: pkg/controller/nodelifecycle/node_lifecycle_controller.go
// doNoScheduleTaintingPass, doNoExecuteTaintingPass). Each helper returns a new object; the given node is unchanged.
import type { Node, NodeLike, Taint } from '../core/types';
import { conditionTaints } from './node-condition-taints';
import { assertNode } from './subject';

type ConditionStatus = 'True' | 'False' | 'Unknown';
interface NodeCondition { type: string; status: string; reason?: string; message?: string; [field: string]: unknown }

/** The taint keys the node lifecycle controller owns: it adds and removes them as conditions change. */
const CONTROLLER_TAINT_KEYS = new Set([
  'node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable', 'node.kubernetes.io/memory-pressure',
  'node.kubernetes.io/disk-pressure', 'node.kubernetes.io/pid-pressure', 'node.kubernetes.io/network-unavailable',
  'node.kubernetes.io/unschedulable',
]);

function copyOf(nodeLike: NodeLike, helper: string): Node {
  try {
    return structuredClone(assertNode(nodeLike));
  } catch (e) {
    throw new TypeError(`${helper}: ${(e as Error).message}`);
  }
}

/**
 * spec.taints once the controller has caught up: the node's own taints, minus controller taints whose condition is
 * gone, plus those the conditions and spec.unschedulable now call for (a taint already there is kept as is, with
 * its timeAdded; new ones get none, so results are the same on every run).
 */
function withControllerTaints(node: Node): Node {
  const wanted = conditionTaints(node);
  const has = (list: readonly Taint[], t: Taint) => list.some((o) => o.key === t.key && o.effect === t.effect);
  const own = node.spec?.taints ?? [];
  const kept = own.filter((t) => !CONTROLLER_TAINT_KEYS.has(t.key) || has(wanted, t));
  const taints = [...kept, ...wanted.filter((t) => !has(kept, t))];
  const spec = { ...node.spec };
  if (taints.length) spec.taints = taints;
  else delete spec.taints;
  return { ...node, spec };
}

function setConditions(node: Node, conditions: NodeCondition[]): Node {
  const list = [...((node.status?.conditions ?? []) as NodeCondition[])];
  for (const c of conditions) {
    const i = list.findIndex((o) => o.type === c.type);
    if (i >= 0) list[i] = { ...list[i], ...c };
    else list.push(c);
  }
  return withControllerTaints({ ...node, status: { ...node.status, conditions: list as never } });
}

/** The node with condition `type` set to `status` (added when missing), and the taints the controller derives from it. */
export function withCondition(node: NodeLike, type: string, status: ConditionStatus, details: { reason?: string; message?: string } = {}): Node {
  if (typeof type !== 'string' || !type) throw new TypeError(`withCondition: expected a condition type such as "Ready" or "DiskPressure", received ${JSON.stringify(type)}`);
  if (!['True', 'False', 'Unknown'].includes(status)) throw new TypeError(`withCondition: status must be "True", "False" or "Unknown", received ${JSON.stringify(status)}`);
  return setConditions(copyOf(node, 'withCondition'), [{ type, status, ...details }]);
}

/** The kubelet reports the node not ready: Ready=False, then node.kubernetes.io/not-ready NoSchedule and NoExecute. */
export function notReady(node: NodeLike): Node {
  return setConditions(copyOf(node, 'notReady'), [{ type: 'Ready', status: 'False', reason: 'KubeletNotReady', message: 'container runtime is down' }]);
}

/**
 * The kubelet stopped posting status: the node lifecycle controller (tryUpdateNodeHealth) sets Ready and the
 * pressure conditions to Unknown with reason NodeStatusUnknown, then node.kubernetes.io/unreachable NoSchedule and
 * NoExecute follow.
 */
export function unreachable(node: NodeLike): Node {
  const unknown = (type: string): NodeCondition => ({ type, status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' });
  return setConditions(copyOf(node, 'unreachable'), ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'].map(unknown));
}

/** `kubectl cordon`: spec.unschedulable, and the node.kubernetes.io/unschedulable:NoSchedule taint the controller adds. */
export function cordon(node: NodeLike): Node {
  const n = copyOf(node, 'cordon');
  return withControllerTaints({ ...n, spec: { ...n.spec, unschedulable: true } });
}

/**
 * Labels that hold the zone's name, beside topology.kubernetes.io/zone: the deprecated beta label, and the zone
 * label each cloud's disk CSI driver puts on its nodes (the key of its topology segment): aws-ebs-csi-driver
 * `topology.ebs.csi.aws.com/zone`, GCE PD CSI `topology.gke.io/zone`, Azure disk CSI `topology.disk.csi.azure.com/zone`.
 */
const ZONE_NAME_LABELS = [
  'failure-domain.beta.kubernetes.io/zone', 'topology.ebs.csi.aws.com/zone', 'topology.gke.io/zone', 'topology.disk.csi.azure.com/zone',
];
/**
 * AWS's zone ID (`use1-az1`, set by the AWS cloud controller manager): an account maps zone names to zone IDs its own
 * way, so the ID of another zone cannot be told from its name.
 */
const ZONE_ID_LABEL = 'topology.k8s.aws/zone-id';

export interface CloneOptions {
  /** metadata.name, and the kubernetes.io/hostname label. */
  name: string;
  /**
   * topology.kubernetes.io/zone, and the zone labels the node already has: failure-domain.beta.kubernetes.io/zone and
   * the disk CSI drivers' (EBS, GCE PD, Azure disk). A `topology.k8s.aws/zone-id` of another zone is dropped (pass it in `labels`).
   */
  zone?: string;
  /** Labels to add or replace. */
  labels?: Record<string, string>;
}

/**
 * Another node like this one (to grow a pool from one node of a dump): same labels, taints, capacity and conditions,
 * under a new name and optionally in another zone. What is unique to one node is left out: uid, resourceVersion,
 * creationTimestamp, managedFields, spec.providerID, podCIDR(s) and status.addresses.
 */
export function cloneNode(node: NodeLike, options: CloneOptions): Node {
  if (!options || typeof options.name !== 'string' || !options.name) throw new TypeError(`cloneNode: expected { name, zone?, labels? } with a name, received ${JSON.stringify(options)}`);
  const n = copyOf(node, 'cloneNode');
  const labels: Record<string, string> = { ...n.metadata?.labels, 'kubernetes.io/hostname': options.name };
  if (options.zone !== undefined) {
    // a zone ID kept from the old zone would count the clone in that zone's topology domain: no label is better
    if (labels['topology.kubernetes.io/zone'] !== options.zone) delete labels[ZONE_ID_LABEL];
    labels['topology.kubernetes.io/zone'] = options.zone;
    for (const key of ZONE_NAME_LABELS) if (key in labels) labels[key] = options.zone;
  }
  Object.assign(labels, options.labels);
  const { uid: _uid, resourceVersion: _rv, creationTimestamp: _ct, managedFields: _mf, ...metadata } = n.metadata ?? {};
  const { providerID: _p, podCIDR: _c, podCIDRs: _cs, ...spec } = n.spec ?? {};
  const { addresses: _a, ...status } = n.status ?? {};
  return { ...n, metadata: { ...metadata, name: options.name, labels }, spec, ...(n.status ? { status } : {}) };
}
