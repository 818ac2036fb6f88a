// NodeAffinity PreFilter (node_affinity.go PreFilter): the `matchFields metadata.name In` lists of the required
// terms narrow the nodes the Filter phase visits; nodes outside them get the framework's "didn't satisfy plugin(s)"
// status, and lists with no name in common reject the pod as a whole.
import type { NodeSelectorTerm } from '../../../k8s/node-selector';
import type { NodeInfo, PodInfo, Status } from '../../framework';

export const ErrReasonConflict = 'pod affinity terms conflict';
/** The framework's status for nodes outside the PreFilter result (runtime/framework.go, sorted plugin names). */
export const preFilterReason = (plugins: string[]) => `node(s) didn't satisfy plugin(s) [${[...plugins].sort().join(' ')}]`;

/**
 * Per raw term, the intersection of its `matchFields metadata.name In` lists; a term without one means no narrowing
 * (terms are ORed); otherwise the union. An empty union is a conflict. Computed once per pod (PodInfo.nodeNames).
 */
export function preFilterNodeNames(terms: readonly NodeSelectorTerm[] | undefined): Set<string> | undefined {
  let union: Set<string> | undefined;
  for (const term of terms ?? []) {
    let names: Set<string> | undefined;
    for (const r of term.matchFields ?? []) {
      if (r.key !== 'metadata.name' || r.operator !== 'In') continue;
      const these = new Set(r.values ?? []);
      names = names ? new Set([...names].filter((n) => these.has(n))) : these;
    }
    if (!names) return undefined;
    union = new Set([...(union ?? []), ...names]);
  }
  return union;
}

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
