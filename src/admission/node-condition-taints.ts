// Taints the node lifecycle controller derives from node conditions and spec.unschedulable
// (pkg/controller/nodelifecycle/node_lifecycle_controller.go, TaintNodesByCondition and taint-based eviction).
import type { Node, Taint } from '../types';

export function conditionTaints(node: Node): Taint[] {
  // The status of the first condition of each type (one pass: this runs once per node of a cluster dump).
  let ready: string | undefined, memory: string | undefined, disk: string | undefined, pid: string | undefined, network: string | undefined;
  let seen = 0;
  for (const c of node.status?.conditions ?? []) {
    const bit = c.type === 'Ready' ? 1 : c.type === 'MemoryPressure' ? 2 : c.type === 'DiskPressure' ? 4 : c.type === 'PIDPressure' ? 8 : c.type === 'NetworkUnavailable' ? 16 : 0;
    if (bit === 0 || seen & bit) continue;
    seen |= bit;
    if (bit === 1) ready = c.status;
    else if (bit === 2) memory = c.status;
    else if (bit === 4) disk = c.status;
    else if (bit === 8) pid = c.status;
    else network = c.status;
  }
  const taints: Taint[] = [];
  if (ready === 'False') taints.push({ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' });
  else if (ready === 'Unknown') taints.push({ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' });
  if (memory === 'True') taints.push({ key: 'node.kubernetes.io/memory-pressure', effect: 'NoSchedule' });
  if (disk === 'True') taints.push({ key: 'node.kubernetes.io/disk-pressure', effect: 'NoSchedule' });
  if (pid === 'True') taints.push({ key: 'node.kubernetes.io/pid-pressure', effect: 'NoSchedule' });
  if (network === 'True') taints.push({ key: 'node.kubernetes.io/network-unavailable', effect: 'NoSchedule' });
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
