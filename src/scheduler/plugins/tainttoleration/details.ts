// TaintToleration's details, and the wording for "this taint is not tolerated" that toTolerate and eviction share
// (through explain/taint.ts):
// the closest toleration on its own lines, then the toleration to add as YAML the user can paste.
import type { Taint, Toleration } from '../../../core/types';
import type { PodInfo, NodeInfo, Status } from '../../framework';
import { closestToleration, formatTaint, formatToleration, toleratesTaint, tolerationYaml } from '../../../k8s/toleration';

// Why the node lifecycle controller added a taint (src/k8s/node-condition-taints.ts; upstream
// pkg/controller/nodelifecycle/node_lifecycle_controller.go, nodeConditionToTaintKeyStatusMap and UnschedulableTaint).
const ADDED_FOR: Record<string, string> = {
  'node.kubernetes.io/not-ready': 'node condition Ready=False',
  'node.kubernetes.io/unreachable': 'node condition Ready=Unknown',
  'node.kubernetes.io/memory-pressure': 'node condition MemoryPressure=True',
  'node.kubernetes.io/disk-pressure': 'node condition DiskPressure=True',
  'node.kubernetes.io/pid-pressure': 'node condition PIDPressure=True',
  'node.kubernetes.io/network-unavailable': 'node condition NetworkUnavailable=True',
  'node.kubernetes.io/unschedulable': 'spec.unschedulable',
};

/** ` (from node condition Ready=False)` for a taint the node lifecycle controller added; empty for the node's own. */
export function taintOrigin(node: NodeInfo, taint: Taint): string {
  // a taint not on the node (indexOf's -1) is below ownTaintCount too
  if (node.taints.indexOf(taint) < node.ownTaintCount) return '';
  // Stryker disable next-line StringLiteral: every condition taint's key is in ADDED_FOR; the fallback is for a new one
  const why = ADDED_FOR[taint.key] ?? "the node's conditions";
  return ` (from ${why})`;
}

/**
 * The toleration that came closest and what differs, one fact a line. `sources` is who added each toleration
 * (undefined for a bare toleration list); see closestToleration for the rule: only tolerations with the taint's
 * key (or an empty key) are compared, the pod's own first. Without one, say that the pod has none for the key.
 */
export function closestLines(
  tolerations: readonly Toleration[],
  sources: readonly string[] | undefined,
  taint: Taint,
  comparisonOperators: boolean,
): string[] {
  const closest = closestToleration(tolerations, taint, comparisonOperators, sources);
  if (!closest) return noTolerationForKey(tolerations, sources, taint);
  const { toleration, index, mismatches } = closest;
  const source = sources?.[index];
  const at = sources ? `tolerations[${index}] ` : '';
  if (source && source !== 'pod spec') {
    return [`closest toleration: ${at}(added by ${source})`, `  ${formatToleration(toleration)}`, ...mismatches.map((m) => `  ${m}`)];
  }
  return [`closest toleration: ${at}${formatToleration(toleration)}`, ...mismatches.map((m) => `  ${m}`)];
}

/** No toleration has the taint's key: name the keys the pod's own tolerations have (at most 3), or who added the rest. */
function noTolerationForKey(tolerations: readonly Toleration[], sources: readonly string[] | undefined, taint: Taint): string[] {
  if (!tolerations.length) return ['the pod has no tolerations'];
  const own = tolerations.filter((_, i) => !sources || sources[i] === 'pod spec');
  if (!own.length) {
    const by = [...new Set(sources)].join(' and ');
    return [`the pod spec has no tolerations; the ${tolerations.length} added by ${by} have other keys`];
  }
  // Stryker disable next-line StringLiteral: a toleration without a key matches any key, so closestToleration returned it
  const keys = [...new Set(own.map((t) => JSON.stringify(t.key ?? '')))];
  const named = keys.length > 4 ? `${keys.slice(0, 3).join(', ')} and ${keys.length - 3} more` : keys.join(', ');
  return [`the pod has no toleration for key ${JSON.stringify(taint.key ?? '')} (its own are for ${named})`];
}

/**
 * `To tolerate it, add to spec.template.spec.tolerations:` and one pasteable YAML list item per taint; with
 * `seconds`, NoExecute items get `tolerationSeconds` (the eviction time asked for).
 */
export function addTolerationLines(taints: readonly Taint[], tolerationsPath: string | undefined, seconds?: number): string[] {
  const what = taints.length > 1 ? 'them' : 'it';
  const head = tolerationsPath ? `To tolerate ${what}, add to ${tolerationsPath}:` : `To tolerate ${what}, add:`;
  const item = (t: Taint) => [...tolerationYaml(t), ...(seconds !== undefined && t.effect === 'NoExecute' ? [`  tolerationSeconds: ${seconds}`] : [])];
  return [head, ...taints.flatMap((t) => item(t).map((l) => `  ${l}`))];
}

/** The node's NoSchedule/NoExecute taints the pod does not tolerate, `first` (FindMatchingUntoleratedTaint's) first. */
export function untoleratedTaints(pod: PodInfo, node: NodeInfo, first: Taint): Taint[] {
  const others = node.taints.filter(
    (t) =>
      t !== first &&
      (t.effect === 'NoSchedule' || t.effect === 'NoExecute') &&
      !pod.tolerations.some((tol) => toleratesTaint(tol, t, pod.comparisonOperators)),
  );
  return [first, ...others];
}

/**
 * TaintToleration's detail for a rejected node: the first untolerated NoSchedule/NoExecute taint (the one
 * FindMatchingUntoleratedTaint returns), the closest toleration, and YAML tolerating every such taint on the node
 * so that one fix is enough. Whether the node would then accept the pod is added by the scheduler (afterFixLines).
 */
export function explainUntolerated(pod: PodInfo, node: NodeInfo, taint: Taint): string[] {
  const [, ...others] = untoleratedTaints(pod, node, taint);
  return [
    `taint ${formatTaint(taint)}${taintOrigin(node, taint)} is not tolerated`,
    ...closestLines(pod.tolerations, pod.tolerationSources, taint, pod.comparisonOperators),
    ...(others.length ? [`also not tolerated: ${others.map(formatTaint).join(', ')}`] : []),
    ...addTolerationLines([taint, ...others], `${pod.subject.specPath}.tolerations`),
  ];
}

/**
 * The line after the toleration YAML: the verdict of every filter on the node once the pod has those tolerations
 * (`then`, from the scheduler). It does not name the node, so that nodes alike still fold into one entry. A hint that would not fix it says which filter would still reject the node.
 */
export function afterFixLines(count: number, then: { feasible: boolean; status?: Status }): string[] {
  const it = count > 1 ? 'them' : 'it';
  if (then.feasible) return [`With ${it} added, every filter accepts this node.`];
  const s = then.status!;
  return [
    `Adding ${it} is not enough: ${s.plugin} would still reject this node: ${s.reasons.join(', ')}`,
    ...s.details.map((l) => `  ${l}`),
  ];
}

/** `tolerations[1] (added by DefaultTolerationSeconds admission) {…}`: the first toleration that tolerates the taint. */
export function toleratedBy(pod: PodInfo, taint: Taint): string {
  const i = pod.tolerations.findIndex((t) => toleratesTaint(t, taint, pod.comparisonOperators));
  const source = pod.tolerationSources[i];
  return `tolerations[${i}]${source && source !== 'pod spec' ? ` (added by ${source})` : ''} ${formatToleration(pod.tolerations[i])}`;
}

/** Why TaintToleration let the pod through (for `.not`): which toleration tolerates each NoSchedule/NoExecute taint. */
export function explainTolerated(pod: PodInfo, node: NodeInfo): string[] {
  if (!node.filterTaints.length) return ['the node has no NoSchedule/NoExecute taints'];
  return node.filterTaints.map((t) => `taint ${formatTaint(t)}${taintOrigin(node, t)} is tolerated by ${toleratedBy(pod, t)}`);
}
