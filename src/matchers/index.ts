// jest-k8s-placement/matchers: the raw matcher functions, no side effects.
import { toTolerate } from './toTolerate';
import { toBeSchedulableOn } from './toBeSchedulableOn';
import { toBeSchedulableOnAnyOf } from './toBeSchedulableOnAnyOf';
import { toBeSchedulableOnAllOf } from './toBeSchedulableOnAllOf';
import { toBeEvictedFrom } from './toBeEvictedFrom';
import { toPrefer } from './toPrefer';
import { toBeProvisionableBy } from './toBeProvisionableBy';
import { toBeProvisionableByAnyOf } from './toBeProvisionableByAnyOf';

export { toTolerate, toBeSchedulableOn, toBeSchedulableOnAnyOf, toBeSchedulableOnAllOf, toBeEvictedFrom, toPrefer, toBeProvisionableBy, toBeProvisionableByAnyOf };
export type { PlacementMatchers, EvictionChain, PreferenceChain } from './types';
export type { MatcherContext, MatcherResult } from './context';

export const matchers = { toTolerate, toBeSchedulableOn, toBeSchedulableOnAnyOf, toBeSchedulableOnAllOf, toBeEvictedFrom, toPrefer, toBeProvisionableBy, toBeProvisionableByAnyOf };
