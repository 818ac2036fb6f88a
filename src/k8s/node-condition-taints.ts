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

/** nodeConditionToTaintKeyStatusMap[type][status]: own entries only (a condition typed "constructor" names no taint). */
function noScheduleKey(type: string, status: string): string | undefined {
  const byStatus = Object.hasOwn(NO_SCHEDULE_KEY, type) ? NO_SCHEDULE_KEY[type] : undefined;
  return byStatus && Object.hasOwn(byStatus, status) ? byStatus[status] : undefined;
}

/**
 * In upstream's order: doNoScheduleTaintingPass's NoSchedule taint per condition (nodeConditionToTaintKeyStatusMap,
 * in condition order; a repeated one is added once) and spec.unschedulable's, appended by SwapNodeControllerTaint
 * in that order; then the NoExecute taint of the first Ready condition (nodeutil.GetNodeCondition).
 */
export function conditionTaints(node: Node): Taint[] {
  const taints: Taint[] = [];
  let ready: string | undefined;
  const conditions = node.status?.conditions;
  if (conditions) {
    for (let i = 0; i < conditions.length; i++) {
      const c = conditions[i];
      const key = noScheduleKey(c.type, c.status);
      if (key) add(taints, key, 'NoSchedule');
      if (c.type === 'Ready' && ready === undefined) ready = c.status;
    }
  }
  if (node.spec?.unschedulable) add(taints, 'node.kubernetes.io/unschedulable', 'NoSchedule');
  if (ready === 'False') add(taints, 'node.kubernetes.io/not-ready', 'NoExecute');
  if (ready === 'Unknown') add(taints, 'node.kubernetes.io/unreachable', 'NoExecute');
  return taints;
}

/** Would conditionTaints give any? (Ready False or Unknown has a NoSchedule taint too, so the NoExecute one needs no look.) */
function hasConditionTaints(node: Node): boolean {
  // Stryker disable next-line ConditionalExpression: a shortcut: answering true where no condition taint applies sends mergeConditionTaints through the general path, which then derives none and returns the own taints
  if (node.spec?.unschedulable) return true;
  const conditions = node.status?.conditions;
  // Stryker disable next-line BooleanLiteral: a shortcut: answering true where no condition taint applies sends mergeConditionTaints through the general path, which then derives none and returns the own taints
  if (!conditions) return false;
  for (let i = 0; i < conditions.length; i++) {
    const c = conditions[i];
    // Stryker disable next-line ConditionalExpression: a shortcut: answering true where no condition taint applies sends mergeConditionTaints through the general path, which then derives none and returns the own taints
    if (noScheduleKey(c.type, c.status)) return true;
  }
  // Stryker disable next-line BooleanLiteral: a shortcut: answering true where no condition taint applies sends mergeConditionTaints through the general path, which then derives none and returns the own taints
  return false;
}

// a plain function, not a closure per node: every node of a cluster passes here
function add(taints: Taint[], key: string, effect: 'NoSchedule' | 'NoExecute'): void {
  for (let i = 0; i < taints.length; i++) if (taints[i].key === key && taints[i].effect === effect) return;
  taints.push({ key, effect });
}

/**
 * The node's own taints plus the condition taints it does not already carry (taints are unique by key+effect). A
 * NoExecute condition taint the node carries with another value is replaced in place: the controller adds it with
 * AddOrUpdateTaint, which swaps a same key+effect taint that is not equal. A NoSchedule one is kept: TaintSetDiff
 * compares key and effect only.
 */
export function mergeConditionTaints(node: Node): Taint[] {
  const own = node.spec?.taints ?? [];
  // Stryker disable next-line ConditionalExpression: a shortcut; the general path below derives no taint for such a node and returns the own taints
  if (!hasConditionTaints(node)) return own; // most nodes: ready, no pressure, not cordoned
  let merged: Taint[] | undefined;
  const derived = conditionTaints(node);
  for (let k = 0; k < derived.length; k++) {
    const c = derived[k];
    let carried = -1;
    for (let i = 0; i < own.length; i++) if (own[i].key === c.key && own[i].effect === c.effect) carried = i;
    if (carried < 0) (merged ??= [...own]).push(c);
    else if (c.effect === 'NoExecute' && (own[carried].value ?? '') !== '') {
      merged ??= [...own];
      merged = merged.map((t) => (t.key === c.key && t.effect === c.effect ? c : t));
    }
  }
  return merged ?? own;
}

/**
 * A node read from a cluster: metadata only the API server sets (uid, resourceVersion, creationTimestamp), or a status
 * only a kubelet posts (conditions, nodeInfo). Not a status alone: hand-written nodes list capacity and allocatable.
 */
function dumped(n: Node): boolean {
  const meta = n.metadata as { uid?: unknown; resourceVersion?: unknown; creationTimestamp?: unknown } | undefined;
  return !!(meta?.uid || meta?.resourceVersion || meta?.creationTimestamp || n.status?.conditions?.length || n.status?.nodeInfo);
}

/**
 * The assumption an answer about these nodes rests on, if any: a node read from a cluster (dumped) that lists no Ready
 * condition is read as Ready, as a hand-written node is; upstream's node lifecycle controller gives a node whose
 * kubelet never posted status Ready=Unknown and node.kubernetes.io/unreachable (tryUpdateNodeHealth). Hand-written
 * nodes are left out: they stand for healthy ones (docs/reference/semantics.md).
 */
export function readyAssumption(nodes: readonly Node[]): string | undefined {
  // Stryker disable next-line ArrayDeclaration: a stand-in entry for an absent list is a string, whose type is not Ready
  const names = nodes.filter((n) => dumped(n) && !(n.status?.conditions ?? []).some((c) => c.type === 'Ready')).map((n) => n.metadata?.name ?? '');
  if (names.length === 0) return undefined;
  const which = names.length === 1 ? `node ${names[0]} lists` : `nodes ${names.slice(0, 5).join(', ')}${names.length > 5 ? ` and ${names.length - 5} more` : ''} list`;
  return `${which} no Ready condition: read as Ready (a real node whose kubelet never posted status gets node.kubernetes.io/unreachable)`;
}
