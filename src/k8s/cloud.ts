// Nodes as managed platforms shape them (README "Cloud presets"); the admission side is core/presets.ts.
import type { Node, NodeLike, Taint } from '../core/types';
import { assertNode } from './subject';

const SPOT_KEY = 'kubernetes.azure.com/scalesetpriority';

function withLabelAndTaint(nodeLike: NodeLike, key: string, value: string, taint: Taint): Node {
  const node = assertNode(nodeLike);
  const taints = node.spec?.taints ?? [];
  const has = taints.some((t) => t.key === taint.key && t.effect === taint.effect);
  return {
    ...node,
    metadata: { ...node.metadata, labels: { ...node.metadata?.labels, [key]: value } },
    spec: { ...node.spec, taints: has ? taints : [...taints, taint] },
  };
}

export const aks = {
  /**
   * Nodes of an AKS Spot node pool: label `kubernetes.azure.com/scalesetpriority: spot` and taint
   * `kubernetes.azure.com/scalesetpriority=spot:NoSchedule` (MicrosoftDocs/azure-docs articles/aks/spot-node-pool.md, "Limitations").
   */
  spotPool(nodes: NodeLike | NodeLike[]): Node[] {
    return (Array.isArray(nodes) ? nodes : [nodes]).map((n) =>
      withLabelAndTaint(n, SPOT_KEY, 'spot', { key: SPOT_KEY, value: 'spot', effect: 'NoSchedule' }));
  },
};
