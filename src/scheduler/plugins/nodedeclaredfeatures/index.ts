// NodeDeclaredFeatures (KEP-5328; pkg/scheduler/framework/plugins/nodedeclaredfeatures/nodedeclaredfeatures.go at
// v1.35.4, v1.36.3, v1.37.2). PreFilter infers the node features the pod needs (features.ts) and Skips when there
// are none; Filter rejects a node whose status.declaredFeatures lacks one of them, UnschedulableAndUnresolvable.
// The default profile appends the plugin after every other (apis/config/v1/default_plugins.go applyFeatureGates),
// so its Filter runs after InterPodAffinity.
import { nodeDeclaredFeaturesEnabled, releaseAtLeast, settings } from '../../../core/config';
import { releaseRow } from '../../../core/releases';
import { filterPlugin, rejection, type NodeInfo, type PodInfo, type Rejection } from '../../framework';
import { requiredFeatures, type Need } from './features';
import { ErrReasonUnsatisfiedRequirements, unsatisfiedRequirementsReason } from './reasons';

export { ErrReasonUnsatisfiedRequirements } from './reasons';

/**
 * The features kube-scheduler's NodeInfo holds for the node (framework/types.go SetNode). From 1.36 that is
 * FeatureMapper.TryMap, a merge walk that takes the node's list as sorted and skips names it does not know: a
 * feature listed after a name that sorts later is missed (the kubelet writes the list sorted). At 1.35 a plain set
 * (ndf.NewFeatureSet).
 */
export function nodeFeatures(declared: readonly string[], release = settings().kubernetesVersion): Set<string> {
  if (!releaseAtLeast('1.36', release)) return new Set(declared);
  // every feature name in the release's registry, sorted (ndf.New sorts it; FeatureMapper keeps the sorted names);
  // the ones whose InferForScheduling is always false (features.ts leaves them out) still decide how the list is read
  const registered = releaseRow(release).nodeDeclaredFeatures;
  const found = new Set<string>();
  // Go's `<` compares UTF-8 bytes, JavaScript's UTF-16 units; they agree here because the registered names are ASCII
  // (where one side is ASCII, the first unit that differs orders both ways alike)
  let i = 0, j = 0;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a bound made `true` or `<=` reads one past the end: undefined, equal to no name and less than none, so the walk only moves j on and adds nothing
  while (i < declared.length && j < registered.length) {
    if (declared[i] === registered[j]) {
      found.add(registered[j]);
      i++;
      j++;
      // Stryker disable next-line EqualityOperator: `<=` is `<` here, equal names took the branch above
    } else if (declared[i] < registered[j]) i++;
    else j++;
  }
  return found;
}

const declaredOf = (node: NodeInfo): string[] => {
  const list = (node.node.status as { declaredFeatures?: unknown } | undefined)?.declaredFeatures;
  return Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string') : [];
};

// Per PodInfo and NodeInfo (both are rebuilt when the settings change).
const required = new WeakMap<PodInfo, Array<{ name: string; needs: Need[] }>>();
const held = new WeakMap<NodeInfo, Set<string>>();

/** PreFilter's state: the features the pod needs; empty (Skip) when the plugin is off or the pod needs none. */
export function podRequiredFeatures(pod: PodInfo): Array<{ name: string; needs: Need[] }> {
  let r = required.get(pod);
  if (!r) required.set(pod, (r = nodeDeclaredFeaturesEnabled() ? requiredFeatures(pod.subject.spec, settings().kubernetesVersion) : []));
  return r;
}

function heldBy(node: NodeInfo): Set<string> {
  let h = held.get(node);
  // Stryker disable next-line ConditionalExpression: a memo; the node's features computed again are the same
  if (!h) held.set(node, (h = nodeFeatures(declaredOf(node))));
  return h;
}

/** The features the pod needs that the node does not declare (as kube-scheduler reads the node's list). */
export function missingFeatures(pod: PodInfo, node: NodeInfo): Array<{ name: string; needs: Need[] }> {
  const needed = podRequiredFeatures(pod);
  // Stryker disable next-line ConditionalExpression: a fast path; filtering no needed features gives [] too
  if (!needed.length) return [];
  const has = heldBy(node);
  return needed.filter((f) => !has.has(f.name));
}

const REJECTED = rejection('NodeDeclaredFeatures', 'UnschedulableAndUnresolvable', [ErrReasonUnsatisfiedRequirements]);

function check(pod: PodInfo, node: NodeInfo): Rejection | undefined {
  const missing = missingFeatures(pod, node);
  if (!missing.length) return undefined;
  // v1.35.4 names the missing features in its reason; from v1.36 the reason is one fixed text
  if (!releaseAtLeast('1.36')) {
    return rejection('NodeDeclaredFeatures', 'UnschedulableAndUnresolvable', [unsatisfiedRequirementsReason(missing.map((f) => f.name))]);
  }
  return REJECTED;
}

/** Which feature the node lacks, and which field of the pod needs it. */
export function explainMissing(pod: PodInfo, node: NodeInfo): string[] {
  const declared = declaredOf(node);
  return missingFeatures(pod, node).map((f) => {
    const where = f.needs.map((n) => `${pod.subject.specPath}.${n}`).join(', ');
    const listed = declared.includes(f.name)
      ? ` (it is listed, but after a name that sorts later: kube-scheduler reads status.declaredFeatures as a sorted list, as the kubelet writes it, and misses it)`
      : '';
    return `node ${node.name} does not declare ${f.name}, which ${where} needs; status.declaredFeatures: ${declared.length ? declared.join(', ') : 'none'}${listed}`;
  });
}

// PreFilter Skips for a pod that needs no node feature: most pods (the Filter is then not run, nor named).
export const NodeDeclaredFeatures = filterPlugin('NodeDeclaredFeatures', { node: [(n) => declaredOf(n).join(',')] }, check, explainMissing, {
  skips: (pod) => podRequiredFeatures(pod).length === 0,
});
