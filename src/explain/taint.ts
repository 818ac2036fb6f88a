// The taint wording the scheduler's TaintToleration details, toTolerate and eviction messages share.
export { addTolerationLines, closestLines, taintOrigin } from '../scheduler/plugins/tainttoleration/details';
