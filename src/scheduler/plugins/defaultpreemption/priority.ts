// The priorities preemption compares: the framework's (scheduler/pod-priority.ts), which RunFilterPluginsWithNominatedPods
// reads too.
export * from '../../pod-priority';
