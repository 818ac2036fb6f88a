// NodeName (pkg/scheduler/framework/plugins/nodename/node_name.go).
import { filterPlugin, rejection } from '../../framework';

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
);
