// Taints the node lifecycle controller derives from node conditions and spec.unschedulable
// (pkg/controller/nodelifecycle/node_lifecycle_controller.go, TaintNodesByCondition and taint-based eviction).
import type { Node, Taint } from '../types';

export function conditionTaints(node: Node): Taint[] {
  const taints: Taint[] = [];
  const status = (type: string) => node.status?.conditions?.find((c) => c.type === type)?.status;
  const both = (key: string) => taints.push({ key, effect: 'NoSchedule' }, { key, effect: 'NoExecute' });
  const ready = status('Ready');
  if (ready === 'False') both('node.kubernetes.io/not-ready');
  else if (ready === 'Unknown') both('node.kubernetes.io/unreachable');
  const pressure: Array<[string, string]> = [
    ['MemoryPressure', 'node.kubernetes.io/memory-pressure'],
    ['DiskPressure', 'node.kubernetes.io/disk-pressure'],
    ['PIDPressure', 'node.kubernetes.io/pid-pressure'],
    ['NetworkUnavailable', 'node.kubernetes.io/network-unavailable'],
  ];
  for (const [type, key] of pressure) if (status(type) === 'True') taints.push({ key, effect: 'NoSchedule' });
  if (node.spec?.unschedulable) taints.push({ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' });
  return taints;
}

/** The node's own taints plus the condition taints it does not already carry (taints are unique by key+effect). */
export function mergeConditionTaints(node: Node): Taint[] {
  const own = node.spec?.taints ?? [];
  const extra = conditionTaints(node).filter((c) => !own.some((t) => t.key === c.key && t.effect === c.effect));
  return extra.length ? [...own, ...extra] : own;
}
