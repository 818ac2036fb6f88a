// NodeName (pkg/scheduler/framework/plugins/nodename/node_name.go).
import { filterPlugin, rejection } from './framework';

export const ErrReasonNodeName = "node(s) didn't match the requested node name";
const REJECTED = rejection('NodeName', 'UnschedulableAndUnresolvable', [ErrReasonNodeName]);

export const NodeName = filterPlugin(
  'NodeName',
  { node: [], names: (pod) => (pod.subject.spec.nodeName ? [pod.subject.spec.nodeName] : undefined) },
  (pod, node) => {
    const wanted = pod.subject.spec.nodeName;
    return !wanted || wanted === node.name ? undefined : REJECTED;
  },
  (pod, node) => [`${pod.subject.specPath}.nodeName is "${pod.subject.spec.nodeName}", not "${node.name}"`],
);
