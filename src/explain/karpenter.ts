// Karpenter's answers in words: the pool it picks (for `.not`), or Karpenter's `Failed to schedule pod, …` and
// every pool's reason with the taint, requirement and pod field concretely.
import type { PoolVerdict, ProvisionAnswer } from '../engine';
import { indent } from './schedule';

export function describePoolVerdict(v: PoolVerdict, by = '  '): string {
  const head = v.stage === 'not a candidate' ? 'not a candidate NodePool' : v.error ?? 'not considered by Karpenter';
  const round = v.round && v.round !== 'as written' ? [`(checked ${v.round})`] : [];
  return `${by}${head}\n${indent([...v.details, ...round], `${by}  `)}`;
}

/** toBeProvisionableBy (one pool): what Karpenter would do with it, or why not. */
export function explainProvisionableBy(a: ProvisionAnswer): string {
  const verdict = a.pools[0];
  const what = a.kind === 'DaemonSet' ? 'count its pods as daemon overhead on that pool' : 'launch a node from that pool for its pod';
  if (verdict.ok) {
    return `Expected ${a.pod} not to be provisionable by ${a.poolLabels[0]}, but Karpenter would ${what}` +
      (verdict.round !== 'as written' ? ` (${verdict.round})` : '') + (a.assumption ? `, ${a.assumption}.` : '.');
  }
  return `Expected ${a.pod} to be provisionable by ${a.poolLabels[0]}, but Karpenter would not ${what}:\n${describePoolVerdict(verdict)}`;
}

/** toBeProvisionableByAnyOf: the pool Karpenter picks, or its error and every pool's reason. */
export function explainProvisionableByAnyOf(a: ProvisionAnswer): string {
  const n = a.poolLabels.length;
  const chosen = a.chosen;
  if (chosen) {
    return `Expected ${a.pod} not to be provisionable by any of ${n} NodePool(s), but Karpenter would pick NodePool ${chosen.pool} (weight ${chosen.weight}` +
      `${chosen.round !== 'as written' ? `, ${chosen.round}` : ''})${a.assumption ? `, ${a.assumption}` : ''}; NodePools are tried by weight, then name descending.`;
  }
  return `Expected ${a.pod} to be provisionable by one of ${n} NodePool(s), but Karpenter would ${a.error ? `report:\n  ${a.error}` : 'not consider the pod at all:'}\n\n` +
    a.pools.map((v) => `NodePool ${v.pool} (weight ${v.weight}):\n${describePoolVerdict(v)}`).join('\n');
}
