// jest-k8s-placement/matchers: the raw matcher functions, no side effects.
import { toTolerate } from './toTolerate';
import { toBeSchedulableOn } from './toBeSchedulableOn';
import { toBeSchedulableOnAnyOf } from './toBeSchedulableOnAnyOf';
import { toBeSchedulableOnAllOf } from './toBeSchedulableOnAllOf';
import { toBeEvictedFrom } from './toBeEvictedFrom';
import { toPrefer } from './toPrefer';
import { toBeProvisionableBy } from './toBeProvisionableBy';
import { toBeProvisionableByAnyOf } from './toBeProvisionableByAnyOf';
import { toHaveAllReplicasScheduled } from './toHaveAllReplicasScheduled';
import { toSpreadReplicasAcross } from './toSpreadReplicasAcross';
import { toShareNodesWith } from './toShareNodesWith';

export { toTolerate, toBeSchedulableOn, toBeSchedulableOnAnyOf, toBeSchedulableOnAllOf, toBeEvictedFrom, toPrefer, toBeProvisionableBy, toBeProvisionableByAnyOf };
export { toHaveAllReplicasScheduled, toSpreadReplicasAcross, toShareNodesWith };
export type { PlacementMatchers, PlacementAsymmetricMatchers, AsymmetricMatcher, EvictionChain, PreferenceChain } from './types';
export type { MatcherContext, MatcherResult } from './context';

export const matchers = {
  toTolerate, toBeSchedulableOn, toBeSchedulableOnAnyOf, toBeSchedulableOnAllOf, toBeEvictedFrom, toPrefer, toBeProvisionableBy, toBeProvisionableByAnyOf,
  toHaveAllReplicasScheduled, toSpreadReplicasAcross, toShareNodesWith,
};
