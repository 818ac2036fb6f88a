// The taint-eviction controller (pkg/controller/tainteviction/taint_eviction.go) for one pod on one node.
import type { Taint, Toleration } from '../core/types';
import type { NodeInfo, PodInfo } from '../scheduler/framework';
import { toleratesTaint } from '../k8s/toleration';

export interface NoExecuteTaintUse {
  taint: Taint;
  /** Index into the admitted tolerations of the first toleration that tolerates this taint; -1 if none. */
  tolerationIndex: number;
  toleration?: Toleration;
}

export interface EvictionVerdict {
  /** Seconds after the NoExecute taints appear; 0 = at once; null = never. */
  after: number | null;
  taints: NoExecuteTaintUse[];
  /** The first NoExecute taint no toleration tolerates (the pod is deleted at once). */
  untolerated?: Taint;
}

/**
 * processPodOnNode: no NoExecute taints → never. For each NoExecute taint, the FIRST toleration in pod
 * order that tolerates it is the one used (GetMatchingTolerations); an untolerated one → now.
 * getMinTolerationTime: any used toleration with tolerationSeconds <= 0 → now; otherwise the minimum
 * of the set ones; none set → never.
 */
export function taintEviction(pod: PodInfo, node: NodeInfo): EvictionVerdict {
  const taints: NoExecuteTaintUse[] = node.taints
    .filter((t) => t.effect === 'NoExecute')
    .map((taint) => {
      const tolerationIndex = pod.tolerations.findIndex((t) => toleratesTaint(t, taint, pod.comparisonOperators));
      return { taint, tolerationIndex, toleration: pod.tolerations[tolerationIndex] };
    });
  if (taints.length === 0) return { after: null, taints };
  const untolerated = taints.find((u) => u.tolerationIndex < 0);
  if (untolerated) return { after: 0, taints, untolerated: untolerated.taint };
  return { after: minTolerationTime(taints.map((u) => u.toleration!)), taints };
}

const NANOS = 1_000_000_000n;

/**
 * getMinTolerationTime as upstream computes it, `time.Duration(min) * time.Second`: int64 nanoseconds, which wrap
 * above 9223372036 s, and processPodOnNode reads a negative result as "tolerate forever" (tolerationSeconds
 * 9223372037 is never evicted, 1e12 after about 3.9e9 s). 0n for an empty list or any value <= 0, null when none is set.
 */
export function minTolerationNanos(used: readonly Toleration[]): bigint | null {
  if (used.length === 0) return 0n;
  let min: number | null = null;
  for (const t of used) {
    if (t.tolerationSeconds == null) continue;
    // Stryker disable next-line EqualityOperator: with `< 0`, 0 becomes the minimum and answers 0n all the same
    if (t.tolerationSeconds <= 0) return 0n;
    // Stryker disable next-line EqualityOperator: `<=` keeps an equal minimum, the same number
    if (min === null || t.tolerationSeconds < min) min = t.tolerationSeconds;
  }
  if (min === null) return null;
  const nanos = BigInt.asIntN(64, BigInt(Math.trunc(min)) * NANOS);
  // Stryker disable next-line EqualityOperator: 0n only for 0 < seconds < 1, not an int64 (typecheck.ts)
  return nanos < 0n ? null : nanos;
}

/** getMinTolerationTime, in seconds: 0 for an empty list or any value <= 0, null when none is set (or it wraps negative). */
export function minTolerationTime(used: readonly Toleration[]): number | null {
  const nanos = minTolerationNanos(used);
  // Stryker disable next-line ArithmeticOperator: whole seconds (minTolerationNanos), so the remainder is 0
  return nanos === null ? null : Number(nanos / NANOS) + Number(nanos % NANOS) / 1e9;
}
