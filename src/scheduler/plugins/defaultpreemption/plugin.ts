// DefaultPreemption as the profile lists it: its PostFilter loads the preemption code (preempt.ts and what it reads)
// when it first runs, which is when no node fits: a first answer that finds a node never loads it (issue 37: the
// first answer loads what it needs).
import type { PostFilterPlugin } from '../../cycle';
import type * as Preempt from './preempt';

const preemptModule = (): typeof Preempt => require('./preempt');

export const DefaultPreemption: PostFilterPlugin = { name: 'DefaultPreemption', postFilter: (pod, handle) => preemptModule().preempt(pod, handle) };
