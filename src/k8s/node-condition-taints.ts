// Taints the node lifecycle controller derives from node conditions and spec.unschedulable
// (pkg/controller/nodelifecycle/node_lifecycle_controller.go, TaintNodesByCondition and taint-based eviction).
import type { Node, Taint } from '../core/types';

const NO_SCHEDULE_KEY: Record<string, Record<string, string>> = {
  Ready: { False: 'node.kubernetes.io/not-ready', Unknown: 'node.kubernetes.io/unreachable' },
  MemoryPressure: { True: 'node.kubernetes.io/memory-pressure' },
  DiskPressure: { True: 'node.kubernetes.io/disk-pressure' },
  NetworkUnavailable: { True: 'node.kubernetes.io/network-unavailable' },
  PIDPressure: { True: 'node.kubernetes.io/pid-pressure' },
};

/**
 * In upstream's order: doNoScheduleTaintingPass's NoSchedule taint per condition (nodeConditionToTaintKeyStatusMap,
 * in condition order; a repeated one is added once) and spec.unschedulable's, appended by SwapNodeControllerTaint
 * in that order; then the NoExecute taint of the first Ready condition (nodeutil.GetNodeCondition).
 */
export function conditionTaints(node: Node): Taint[] {
  const taints: Taint[] = [];
  const add = (key: string, effect: 'NoSchedule' | 'NoExecute') => {
    if (!taints.some((t) => t.key === key && t.effect === effect)) taints.push({ key, effect });
  };
  let ready: string | undefined;
  for (const c of node.status?.conditions ?? []) {
    const key = NO_SCHEDULE_KEY[c.type]?.[c.status];
    if (key) add(key, 'NoSchedule');
    if (c.type === 'Ready' && ready === undefined) ready = c.status;
  }
  if (node.spec?.unschedulable) add('node.kubernetes.io/unschedulable', 'NoSchedule');
  if (ready === 'False') add('node.kubernetes.io/not-ready', 'NoExecute');
  if (ready === 'Unknown') add('node.kubernetes.io/unreachable', 'NoExecute');
  return taints;
}

/**
 * The node's own taints plus the condition taints it does not already carry (taints are unique by key+effect). A
 * NoExecute condition taint the node carries with another value is replaced in place: the controller adds it with
 * AddOrUpdateTaint, which swaps a same key+effect taint that is not equal. A NoSchedule one is kept: TaintSetDiff
 * compares key and effect only.
 */
export function mergeConditionTaints(node: Node): Taint[] {
  const own = node.spec?.taints ?? [];
  let merged: Taint[] | undefined;
  for (const c of conditionTaints(node)) {
    let carried = -1;
    own.forEach((t, i) => { if (t.key === c.key && t.effect === c.effect) carried = i; });
    if (carried < 0) (merged ??= [...own]).push(c);
    else if (c.effect === 'NoExecute' && (own[carried].value ?? '') !== '') {
      merged ??= [...own];
      merged = merged.map((t) => (t.key === c.key && t.effect === c.effect ? c : t));
    }
  }
  return merged ?? own;
}
