// NodeAffinity PreFilter (node_affinity.go PreFilter): the `matchFields metadata.name In` lists of the required
// terms narrow the nodes the Filter phase visits; nodes outside them get the framework's "didn't satisfy plugin(s)"
// status, and lists with no name in common reject the pod as a whole.
import { preFilterReason, type NodeInfo, type PodInfo, type Status } from '../../framework';
import { preFilterNodeName } from '../nodename';

export { preFilterNodeNames } from '../../../k8s/node-selector';

/** @upstream pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go */
export const ErrReasonConflict = 'pod affinity terms conflict';
export { preFilterReason } from '../../framework';

interface Narrowing { names: ReadonlySet<string>; plugins: string[]; details: string[] }

/**
 * The PreFilterResults of NodeName (v1.37+, which runs first) and NodeAffinity merged as RunPreFilterPlugins does
 * (PreFilterResult.Merge: the intersection); `plugins` are those that narrowed. Undefined = all nodes.
 */
function narrowing(pod: PodInfo): Narrowing | undefined {
  // PodInfo is rebuilt when settings change (cachedPerObject), so the release read here cannot go stale
  // Stryker disable next-line ConditionalExpression: a cache; working the narrowing out again gives the same
  if (!narrowed.has(pod)) narrowed.set(pod, computeNarrowing(pod) ?? null);
  return narrowed.get(pod) ?? undefined;
}
const narrowed = new WeakMap<PodInfo, Narrowing | null>();

function computeNarrowing(pod: PodInfo): Narrowing | undefined {
  const byName = preFilterNodeName(pod);
  const byAffinity = pod.nodeNames?.size ? pod.nodeNames : undefined;
  const affinityDetail = () => `matchFields metadata.name In [${[...byAffinity!].join(', ')}] limits the pod to those nodes`;
  const nameDetail = () => `${pod.subject.specPath}.nodeName "${pod.nodeName}" limits the pod to that node (NodeName PreFilter, v1.37+)`;
  if (!byName) return byAffinity && { names: byAffinity, plugins: ['NodeAffinity'], details: [affinityDetail()] };
  if (!byAffinity) return { names: byName, plugins: ['NodeName'], details: [nameDetail()] };
  return { names: new Set([...byAffinity].filter((n) => byName.has(n))), plugins: ['NodeAffinity', 'NodeName'], details: [nameDetail(), affinityDetail()] };
}

/**
 * PreFilter's rejection of the pod as a whole: every term pins names that contradict each other, or (v1.37+) the
 * merged result is empty, which RunPreFilterPlugins reports as "... simultaneously".
 */
export function preFilter(pod: PodInfo): Status | undefined {
  if (pod.nodeNames && pod.nodeNames.size === 0) {
    return {
      plugin: 'NodeAffinity', code: 'UnschedulableAndUnresolvable', reasons: [ErrReasonConflict],
      details: ['every nodeSelectorTerm pins metadata.name with matchFields In lists that have no name in common'],
    };
  }
  const merged = narrowing(pod);
  if (!merged || merged.names.size) return undefined;
  // only NodeAffinity and NodeName together can leave nothing: each alone never returns an empty result
  return {
    plugin: merged.plugins.join(', '), code: 'UnschedulableAndUnresolvable',
    reasons: [`node(s) didn't satisfy plugin(s) [${merged.plugins.join(' ')}] simultaneously`], details: merged.details,
  };
}

/** The status of a node the PreFilter result leaves out (it is never filtered). */
export function outsidePreFilterResult(pod: PodInfo, node: NodeInfo): Status | undefined {
  const merged = narrowing(pod);
  if (!merged || merged.names.has(node.name)) return undefined;
  return { plugin: merged.plugins.join(', '), code: 'UnschedulableAndUnresolvable', reasons: [preFilterReason(merged.plugins)], details: merged.details };
}
