// Taints the node lifecycle controller derives from node conditions and spec.unschedulable
// (pkg/controller/nodelifecycle/node_lifecycle_controller.go, TaintNodesByCondition and taint-based eviction).
import type { Node, Taint } from '../core/types';

export function conditionTaints(node: Node): Taint[] {
  // doNoScheduleTaintingPass maps every condition (a repeated type counts each time); the NoExecute taints follow the
  // first Ready condition (nodeutil.GetNodeCondition). One pass: this runs once per node of a cluster dump.
  let ready: string | undefined;
  let readySeen = false;
  let noSchedule = 0; // bits: 1 not-ready, 2 unreachable, 4 memory, 8 disk, 16 pid, 32 network
  for (const c of node.status?.conditions ?? []) {
    if (c.type === 'Ready') {
      if (!readySeen) ready = c.status;
      readySeen = true;
      noSchedule |= c.status === 'False' ? 1 : c.status === 'Unknown' ? 2 : 0;
    } else if (c.status === 'True') {
      noSchedule |= c.type === 'MemoryPressure' ? 4 : c.type === 'DiskPressure' ? 8 : c.type === 'PIDPressure' ? 16 : c.type === 'NetworkUnavailable' ? 32 : 0;
    }
  }
  const taints: Taint[] = [];
  if (noSchedule & 1) taints.push({ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' });
  if (ready === 'False') taints.push({ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' });
  if (noSchedule & 2) taints.push({ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' });
  if (ready === 'Unknown') taints.push({ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' });
  if (noSchedule & 4) taints.push({ key: 'node.kubernetes.io/memory-pressure', effect: 'NoSchedule' });
  if (noSchedule & 8) taints.push({ key: 'node.kubernetes.io/disk-pressure', effect: 'NoSchedule' });
  if (noSchedule & 16) taints.push({ key: 'node.kubernetes.io/pid-pressure', effect: 'NoSchedule' });
  if (noSchedule & 32) taints.push({ key: 'node.kubernetes.io/network-unavailable', effect: 'NoSchedule' });
  if (node.spec?.unschedulable) taints.push({ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' });
  return taints;
}

/** The node's own taints plus the condition taints it does not already carry (taints are unique by key+effect). */
export function mergeConditionTaints(node: Node): Taint[] {
  const own = node.spec?.taints ?? [];
  let merged: Taint[] | undefined;
  for (const c of conditionTaints(node)) {
    let carried = false;
    for (const t of own) if (t.key === c.key && t.effect === c.effect) carried = true;
    if (!carried) (merged ??= [...own]).push(c);
  }
  return merged ?? own;
}
