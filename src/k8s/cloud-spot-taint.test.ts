// aks.spotPool: label kubernetes.azure.com/scalesetpriority=spot and taint
// kubernetes.azure.com/scalesetpriority=spot:NoSchedule (MicrosoftDocs azure-docs articles/aks/spot-node-pool.md),
// added once; a taint is the same when key and effect match (k8s.io/api core/v1 Taint.MatchTaint).
import { expect, test } from '@jest/globals';
import { aks } from './cloud';
import type { Node, Taint } from '../core/types';

const SPOT: Taint = { key: 'kubernetes.azure.com/scalesetpriority', value: 'spot', effect: 'NoSchedule' };
const node = (taints?: Taint[]): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'aks-1' }, ...(taints ? { spec: { taints } } : {}) } as Node);

test.each([
  ['no spec', undefined, [SPOT]],
  ['another taint', [{ key: 'team', value: 'a', effect: 'NoSchedule' }], [{ key: 'team', value: 'a', effect: 'NoSchedule' }, SPOT]],
  ['the same key, another effect', [{ key: SPOT.key, value: 'spot', effect: 'NoExecute' }], [{ key: SPOT.key, value: 'spot', effect: 'NoExecute' }, SPOT]],
  ['the spot taint already', [SPOT], [SPOT]],
] as [string, Taint[] | undefined, Taint[]][])('a node with %s', (_, taints, want) => {
  const [out] = aks.spotPool(node(taints));
  expect(out.spec?.taints).toEqual(want);
  expect(out.metadata?.labels).toEqual({ [SPOT.key]: 'spot' });
});
