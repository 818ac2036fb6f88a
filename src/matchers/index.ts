// jest-k8s-placement/matchers: the raw matcher functions, no side effects.
import { toTolerate } from './toTolerate';
import { toBeSchedulableOn } from './toBeSchedulableOn';
import { toBeEvictedFrom } from './toBeEvictedFrom';

export { toTolerate, toBeSchedulableOn, toBeEvictedFrom };
export type { PlacementMatchers, EvictionChain } from './types';
export type { MatcherContext, MatcherResult } from './context';

export const matchers = { toTolerate, toBeSchedulableOn, toBeEvictedFrom };
