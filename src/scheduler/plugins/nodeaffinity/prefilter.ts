// NodeAffinity PreFilter (node_affinity.go PreFilter): the `matchFields metadata.name In` lists of the required
// terms narrow the nodes the Filter phase visits; nodes outside them get the framework's "didn't satisfy plugin(s)"
// status, and lists with no name in common reject the pod as a whole.
import type { NodeInfo, PodInfo, Status } from '../../framework';

export { preFilterNodeNames } from './node-names';

export const ErrReasonConflict = 'pod affinity terms conflict';
/** The framework's status for nodes outside the PreFilter result (runtime/framework.go, sorted plugin names). */
export const preFilterReason = (plugins: string[]) => `node(s) didn't satisfy plugin(s) [${[...plugins].sort().join(' ')}]`;

/** PreFilter's rejection of the pod as a whole: every term pins names that contradict each other. */
export function preFilter(pod: PodInfo): Status | undefined {
  if (!pod.nodeNames || pod.nodeNames.size !== 0) return undefined;
  return {
    plugin: 'NodeAffinity', code: 'UnschedulableAndUnresolvable', reasons: [ErrReasonConflict],
    details: ['every nodeSelectorTerm pins metadata.name with matchFields In lists that have no name in common'],
  };
}

/** The status of a node the PreFilter result leaves out (it is never filtered). */
export function outsidePreFilterResult(pod: PodInfo, node: NodeInfo): Status | undefined {
  if (!pod.nodeNames || pod.nodeNames.has(node.name)) return undefined;
  return {
    plugin: 'NodeAffinity', code: 'UnschedulableAndUnresolvable', reasons: [preFilterReason(['NodeAffinity'])],
    details: [`matchFields metadata.name In [${[...pod.nodeNames].join(', ')}] limits the pod to those nodes`],
  };
}
