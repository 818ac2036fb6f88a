// jest-k8s-placement/matchers: the raw matcher functions, no side effects.
import { toTolerate } from './toTolerate';
import { toBeSchedulableOn } from './toBeSchedulableOn';
import { toBeSchedulableOnAnyOf } from './toBeSchedulableOnAnyOf';
import { toBeSchedulableOnAllOf } from './toBeSchedulableOnAllOf';
import { toBeEvictedFrom } from './toBeEvictedFrom';
import { toPrefer } from './toPrefer';
import { toBeProvisionableBy } from './toBeProvisionableBy';
import { toBeProvisionableByAnyOf } from './toBeProvisionableByAnyOf';
import { toSurvive } from './toSurvive';
import { toKeepAtLeast } from './toKeepAtLeast';
import { toHaveAllReplicasScheduled } from './toHaveAllReplicasScheduled';
import { toSpreadReplicasAcross } from './toSpreadReplicasAcross';
import { toShareNodesWith } from './toShareNodesWith';
import { toBeKeptApartFrom } from './toBeKeptApartFrom';
import { toDrain } from './toDrain';
import { toPreempt } from './toPreempt';

export { toTolerate, toBeSchedulableOn, toBeSchedulableOnAnyOf, toBeSchedulableOnAllOf, toBeEvictedFrom, toPrefer, toBeProvisionableBy, toBeProvisionableByAnyOf, toSurvive, toKeepAtLeast };
export { toHaveAllReplicasScheduled, toSpreadReplicasAcross, toShareNodesWith, toBeKeptApartFrom, toDrain };
export { toPreempt };
export type { PlacementMatchers, PlacementAsymmetricMatchers, AsymmetricMatcher, EvictionChain, PreferenceChain, SurvivalChain } from './types';
export type { MatcherContext, MatcherResult } from './context';

export const matchers = {
  toTolerate, toBeSchedulableOn, toBeSchedulableOnAnyOf, toBeSchedulableOnAllOf, toBeEvictedFrom, toPrefer, toBeProvisionableBy, toBeProvisionableByAnyOf,
  toSurvive, toKeepAtLeast, toHaveAllReplicasScheduled, toSpreadReplicasAcross, toShareNodesWith, toBeKeptApartFrom, toDrain,
  toPreempt,
};
