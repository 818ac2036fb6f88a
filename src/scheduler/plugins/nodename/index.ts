// NodeName (pkg/scheduler/framework/plugins/nodename/node_name.go).
import { releaseAtLeast, settings, type KubernetesVersion } from '../../../core/config';
import { filterPlugin, rejection, type PodInfo } from '../../framework';

/** @upstream pkg/scheduler/framework/plugins/nodename/node_name.go */
export const ErrReasonNodeName = "node(s) didn't match the requested node name";
const REJECTED = rejection('NodeName', 'UnschedulableAndUnresolvable', [ErrReasonNodeName]);

export const NodeName = filterPlugin(
  'NodeName',
  { node: [], names: (pod) => (pod.nodeName ? [pod.nodeName] : undefined) },
  (pod, node) => {
    const wanted = pod.nodeName;
    return wanted === undefined || wanted === node.name ? undefined : REJECTED;
  },
  (pod, node) => [`${pod.subject.specPath}.nodeName is "${pod.nodeName}", not "${node.name}"`],
  { explainPass: (pod) => (pod.nodeName ? [`${pod.subject.specPath}.nodeName is "${pod.nodeName}", this node`] : []) },
);

/**
 * From v1.37 NodeName also has a PreFilter (node_name.go PreFilter, absent at v1.36.3): spec.nodeName narrows the
 * PreFilterResult to that node, so the other nodes are never filtered and get the framework's "didn't satisfy
 * plugin(s)" status instead of ErrReasonNodeName.
 */
export const nodeNameHasPreFilter = (version: KubernetesVersion = settings().kubernetesVersion) => releaseAtLeast('1.37', version);

/** NodeName's PreFilterResult: undefined = all nodes (no spec.nodeName, or a release before v1.37). */
export function preFilterNodeName(pod: PodInfo): ReadonlySet<string> | undefined {
  return pod.nodeName !== undefined && nodeNameHasPreFilter() ? new Set([pod.nodeName]) : undefined;
}
