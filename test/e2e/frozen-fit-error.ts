// The frozen oracle answers (oracle-regressions-*.test.ts) were taken from a Go program that runs kube-scheduler's
// Filter phase and prints FitError.Error() without running the PostFilter plugins, so their FitError ends before the
// ` preemption: …` part the library's now carries (issue 35). Until they are frozen again from an oracle that runs
// DefaultPreemption, the library's answer is compared without that part; the part itself is tested by
// src/scheduler/plugins/defaultpreemption/.

/** FitError.Error() without the PostFilter message: the Filter part ends with '.' or ':' before ' preemption: '. */
export const filterPart = (fitError: string): string => fitError.replace(/ preemption: [\s\S]*$/, '');

/** The answer as the frozen oracle printed it: its fitError (or its scheduling's) without the PostFilter part. */
export function asFrozen<T>(answer: T): T {
  const a = answer as { fitError?: string; scheduling?: { fitError?: string } };
  if (typeof a?.fitError === 'string') return { ...a, fitError: filterPart(a.fitError) } as T;
  if (typeof a?.scheduling?.fitError === 'string') return { ...a, scheduling: { ...a.scheduling, fitError: filterPart(a.scheduling.fitError) } } as T;
  return answer;
}
