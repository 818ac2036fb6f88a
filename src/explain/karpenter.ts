// Karpenter's answers in words: the pool it picks (for `.not`), or Karpenter's `Failed to schedule pod, …` and
// every pool's reason with the taint, requirement and pod field concretely.
import { capped, type PoolVerdict, type ProvisionAnswer } from '../engine';
import { describeNotModelled, notModelledNote } from './not-modelled';
import { assumptionsNote, indent } from './schedule';

/**
 * The instance type a launch would get, when instance types were given: Karpenter orders the types that fit by price
 * (pkg/cloudprovider/types.go OrderByPrice, then Truncate to 60) and the provider launches from that list
 * (aws/karpenter-provider-aws pkg/providers/instance/instance.go: CreateFleet with the lowest-price on-demand allocation
 * strategy, or price-capacity-optimized for spot). And why each other type given is left out.
 */
export function describeLaunch(v: PoolVerdict): string | undefined {
  const choice = v.instanceTypes;
  if (!choice?.fit.length) return undefined;
  const list = choice.fit.map((t) => `${t.name}${t.price === undefined ? '' : ` ${t.price}`}`).join(', ');
  const head = choice.launch
    ? `instance type ${choice.launch}, the cheapest of the ${choice.fit.length} that fit (${list}): Karpenter asks the provider for them ` +
      'cheapest first (on AWS, EC2 Fleet launches the cheapest on-demand; for spot, price-capacity-optimized weighs capacity too and may take another)'
    : `instance types that fit: ${list}; Karpenter launches the cheapest, which is not known without a price in the offerings of ` +
      choice.fit.filter((t) => t.price === undefined).map((t) => t.name).join(', ');
  return [head, ...daemonLines(v, choice.fit.length), ...capped(choice.rejected.map((r) => `${r.name} is left out: ${r.why.join('; ')}`))].join('\n');
}

/**
 * The DaemonSet pods Karpenter counted on the types that fit (`daemonSets` given): their requests, added to the pod's
 * (buildDaemonOverheadGroups), per group of types when they differ.
 */
function daemonLines(v: PoolVerdict, fit: number): string[] {
  const groups = v.daemonOverhead ?? [];
  const all = groups.length === 1 && groups[0].instanceTypes.length === fit;
  return groups.map((g) => `DaemonSet pods counted with the pod${all ? '' : ` on ${g.instanceTypes.join(', ')}`}: ` +
    `${Object.keys(g.requests).sort().map((k) => `${k} ${g.requests[k]}`).join(', ')} (${g.daemonSets.join(', ')})`);
}

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
    const launch = describeLaunch(verdict);
    return `Expected ${a.pod} not to be provisionable by ${a.poolLabels[0]}, but Karpenter would ${what}` +
      (verdict.round !== 'as written' ? ` (${verdict.round})` : '') + (a.assumption ? `, ${a.assumption}.` : '.') +
      (verdict.volumes ? `\n  ${verdict.volumes}` : '') + (launch ? `\n${indent(launch.split('\n'), '  ')}` : '') + assumptionsNote(a);
  }
  return `Expected ${a.pod} to be provisionable by ${a.poolLabels[0]}, but Karpenter would not ${what}:\n${describePoolVerdict(verdict)}` +
    notModelledNote(a.notModelled) + assumptionsNote(a);
}

/** toBeProvisionableByAnyOf: the pool Karpenter picks, or its error and every pool's reason. */
export function explainProvisionableByAnyOf(a: ProvisionAnswer): string {
  const n = a.poolLabels.length;
  const chosen = a.chosen;
  if (chosen) {
    const launch = describeLaunch(chosen);
    return `Expected ${a.pod} not to be provisionable by any of ${n} NodePool(s), but Karpenter would pick NodePool ${chosen.pool} (weight ${chosen.weight}` +
      `${chosen.round !== 'as written' ? `, ${chosen.round}` : ''})${a.assumption ? `, ${a.assumption}` : ''}; NodePools are tried by weight, then name descending.` +
      (chosen.volumes ? `\n  ${chosen.volumes}` : '') + (launch ? `\n${indent(launch.split('\n'), '  ')}` : '') + assumptionsNote(a);
  }
  return `Expected ${a.pod} to be provisionable by one of ${n} NodePool(s), but Karpenter would ${a.error ? `report:\n  ${a.error}` : 'not consider the pod at all:'}\n\n` +
    a.pools.map((v) => `NodePool ${v.pool} (weight ${v.weight}):\n${describePoolVerdict(v)}`).join('\n') + notModelledNote(a.notModelled) + assumptionsNote(a);
}

/**
 * toBeProvisionableBy / AnyOf with no verdict (engine/provision.ts unknownProvision): by the checks the library
 * models Karpenter would launch a node, and the pod's claims not modelled may still change that. Fails both ways.
 */
export function explainUnknownProvisionable(a: ProvisionAnswer, negated: boolean, anyOf: boolean): string {
  const what = anyOf ? `provisionable by ${negated ? 'any' : 'one'} of ${a.poolLabels.length} NodePool(s)` : `provisionable by ${a.poolLabels[0]}`;
  const head = negated ? `Expected ${a.pod} not to be ${what}, but that cannot be proved` : `Expected ${a.pod} to be ${what}, but the verdict is unknown`;
  const v = a.chosen ?? a.pools[0];
  const by = anyOf ? `Karpenter would pick NodePool ${v.pool} (weight ${v.weight})` : 'Karpenter would launch a node from that pool for its pod';
  return `${head}: by every check the library models, ${by}${v.round && v.round !== 'as written' ? ` (${v.round})` : ''}, and ${describeNotModelled(a.notModelled!)}` +
    assumptionsNote(a);
}
