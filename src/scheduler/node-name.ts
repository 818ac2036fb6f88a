// NodeName (pkg/scheduler/framework/plugins/nodename/node_name.go).
import { failure, type FilterPlugin } from './framework';

export const ErrReasonNodeName = "node(s) didn't match the requested node name";

export const NodeName: FilterPlugin = {
  name: 'NodeName',
  filter(pod, node) {
    const wanted = pod.subject.spec.nodeName;
    if (!wanted || wanted === node.name) return undefined;
    return failure('NodeName', 'UnschedulableAndUnresolvable', [ErrReasonNodeName], () => [`${pod.subject.specPath}.nodeName is "${wanted}", not "${node.name}"`]);
  },
};
