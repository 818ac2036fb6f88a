// jest-k8s-placement/matchers: the raw matcher functions, no side effects.
import { toTolerate } from './toTolerate';
import { toBeSchedulableOn } from './toBeSchedulableOn';
import { toBeSchedulableOnAnyOf } from './toBeSchedulableOnAnyOf';
import { toBeSchedulableOnAllOf } from './toBeSchedulableOnAllOf';
import { toBeEvictedFrom } from './toBeEvictedFrom';
import { toPrefer } from './toPrefer';
import { toHaveAllReplicasScheduled } from './toHaveAllReplicasScheduled';
import { toSpreadReplicasAcross } from './toSpreadReplicasAcross';
import { toShareNodesWith } from './toShareNodesWith';

export { toTolerate, toBeSchedulableOn, toBeSchedulableOnAnyOf, toBeSchedulableOnAllOf, toBeEvictedFrom, toPrefer };
export { toHaveAllReplicasScheduled, toSpreadReplicasAcross, toShareNodesWith };
export type { PlacementMatchers, EvictionChain, PreferenceChain } from './types';
export type { MatcherContext, MatcherResult } from './context';

export const matchers = {
  toTolerate, toBeSchedulableOn, toBeSchedulableOnAnyOf, toBeSchedulableOnAllOf, toBeEvictedFrom, toPrefer,
  toHaveAllReplicasScheduled, toSpreadReplicasAcross, toShareNodesWith,
};
