// The frozen oracle answers (oracle-regressions-*.test.ts) were taken from a Go program that runs kube-scheduler's
// Filter phase and prints FitError.Error() without running the PostFilter plugins, so their FitError ends before the
// PostFilter part the library's now carries (issue 35: DynamicResources' and DefaultPreemption's). Until they are frozen again from an oracle that runs
// DefaultPreemption, the library's answer is compared without that part; the part itself is tested by
// src/scheduler/plugins/defaultpreemption/.

/**
 * FitError.Error() without the PostFilter message: the Filter part ends with '.' or ':' before ' preemption: ' (with
 * DynamicResources' 'no new claims to deallocate, ' before it at 1.34–1.36), or before DynamicResources' ' not found'
 * when RunPreFilterPlugins stopped before its PreFilter (1.34+).
 */
export const filterPart = (fitError: string): string =>
  fitError.replace(/ (no new claims to deallocate, )?preemption: [\s\S]*$/, '').replace(/([.:]) not found$/, '$1');

/** The answer as the frozen oracle printed it: its fitError (or its scheduling's) without the PostFilter part. */
export function asFrozen<T>(answer: T): T {
  const a = answer as { fitError?: string; scheduling?: { fitError?: string } };
  if (typeof a?.fitError === 'string') return { ...a, fitError: filterPart(a.fitError) } as T;
  if (typeof a?.scheduling?.fitError === 'string') return { ...a, scheduling: { ...a.scheduling, fitError: filterPart(a.scheduling.fitError) } } as T;
  return answer;
}
