// NodeUnschedulable (pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go).
import { failure, type FilterPlugin } from './framework';
import { toleratesTaint } from '../k8s/toleration';

export const ErrReasonUnschedulable = 'node(s) were unschedulable';
const UNSCHEDULABLE_TAINT = { key: 'node.kubernetes.io/unschedulable', value: '', effect: 'NoSchedule' };

export const NodeUnschedulable: FilterPlugin = {
  name: 'NodeUnschedulable',
  filter(pod, node) {
    if (!node.node.spec?.unschedulable) return undefined;
    // A cordoned node still admits pods that tolerate the synthetic unschedulable taint.
    if (pod.tolerations.some((t) => toleratesTaint(t, UNSCHEDULABLE_TAINT, pod.comparisonOperators))) return undefined;
    return failure('NodeUnschedulable', 'UnschedulableAndUnresolvable', [ErrReasonUnschedulable], () => [
      `node ${node.name} is cordoned (spec.unschedulable: true) and the pod does not tolerate node.kubernetes.io/unschedulable:NoSchedule`,
    ]);
  },
};
