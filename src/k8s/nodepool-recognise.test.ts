// isNodePool: a Karpenter NodePool is kind NodePool in the karpenter.sh group (karpenter.sh/v1, v1beta1).
import { expect, test } from '@jest/globals';
import { isNodePool } from './nodepool';

test.each([
  [{ apiVersion: 'karpenter.sh/v1', kind: 'NodePool' }, true],
  [{ apiVersion: 'karpenter.sh/v1beta1', kind: 'NodePool' }, true],
  [{ kind: 'NodePool' }, true], // apiVersion left out: read as karpenter.sh/v1
  [{ apiVersion: 'example.com/karpenter.sh/v1', kind: 'NodePool' }, false],
  [{ apiVersion: 'karpenter.sh/v1', kind: 'NodeClaim' }, false],
  [null, false],
  [undefined, false],
])('isNodePool(%j) is %s', (x, want) => {
  expect(isNodePool(x)).toBe(want);
});
