// NodeUnschedulable (pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go).
import { filterPlugin, rejection, UNSCHEDULABLE_TAINT } from '../../framework';
import { formatTaint } from '../../../k8s/toleration';
import { toleratedBy } from '../tainttoleration/details';

/** @upstream pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go */
export const ErrReasonUnschedulable = 'node(s) were unschedulable';
const REJECTED = rejection('NodeUnschedulable', 'UnschedulableAndUnresolvable', [ErrReasonUnschedulable]);

export const NodeUnschedulable = filterPlugin(
  'NodeUnschedulable',
  { node: ['unschedulable'] },
  // A cordoned node still admits pods that tolerate the synthetic unschedulable taint (PodInfo.toleratesUnschedulable).
  (pod, node) => (node.unschedulable && !pod.toleratesUnschedulable ? REJECTED : undefined),
  (_pod, node) => [
    `node ${node.name} is cordoned (spec.unschedulable: true) and the pod does not tolerate node.kubernetes.io/unschedulable:NoSchedule`,
  ],
  {
    explainPass: (pod, node) =>
      node.unschedulable ? [`the node is cordoned, and ${toleratedBy(pod, UNSCHEDULABLE_TAINT)} tolerates ${formatTaint(UNSCHEDULABLE_TAINT)}`] : [],
  },
);
