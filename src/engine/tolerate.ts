// The taint questions: does the pod (or a list of tolerations) tolerate a taint, and when does the taint-eviction
// controller delete the pod from a node (pkg/controller/tainteviction/taint_eviction.go, via controllers/).
import type { Node, Taint, Toleration } from '../core/types';
import { settings } from '../core/config';
import { admitPod, type TolerationSource } from '../admission';
import { describeObject, withAddedTolerations, type Subject } from '../k8s/subject';
import { formatToleration, toleratesTaint, tolerationFor } from '../k8s/toleration';
import { nodeInfo, podInfo } from '../scheduler/framework';
import { taintOrigin } from '../scheduler/plugins/tainttoleration/details';
import { taintEviction, type EvictionVerdict } from '../controllers/taint-eviction';

/** The pod's tolerations (after admission) or the tolerations given, against one taint (toTolerate). */
export interface ToleranceAnswer {
  /** `Deployment prod/web (web.yaml:1)`, `toleration …` or `3 tolerations`. */
  label: string;
  taint: Taint;
  tolerated: boolean;
  /** The first toleration that tolerates the taint; -1 when none does. */
  index: number;
  tolerations: Toleration[];
  /** Who added each toleration (the pod spec, DefaultTolerationSeconds, …); absent for one bare toleration. */
  sources?: string[];
  /** Where a fix goes (`spec.template.spec.tolerations`); absent for tolerations given directly. */
  tolerationsPath?: string;
  /** TaintTolerationComparisonOperators (Gt/Lt): on or off. */
  comparisonOperators: boolean;
  /** True when tolerations were given directly rather than through a pod. */
  direct: boolean;
}

/** `subject` is a pod or workload, or tolerations given directly (`indexed`: a list, so hints can say `tolerations[1]`). */
export function tolerates(subject: Subject | readonly Toleration[], taint: Taint, indexed = true): ToleranceAnswer {
  const comparisonOperators = settings().featureGates.TaintTolerationComparisonOperators;
  let tolerations: Toleration[];
  let sources: TolerationSource[] | undefined;
  let label: string;
  let tolerationsPath: string | undefined;
  const direct = Array.isArray(subject);
  if (direct) {
    tolerations = [...(subject as readonly Toleration[])];
    if (indexed) sources = tolerations.map(() => 'pod spec');
    // A long list would make a long first line; the hint quotes the toleration that matters.
    label = tolerations.length === 1 ? `toleration ${formatToleration(tolerations[0])}` : `${tolerations.length} tolerations`;
  } else {
    const s = subject as Subject;
    ({ tolerations, sources } = admitPod(s));
    label = s.label;
    tolerationsPath = `${s.specPath}.tolerations`;
  }
  const index = tolerations.findIndex((t) => toleratesTaint(t, taint, comparisonOperators));
  return {
    label, taint, tolerated: index >= 0, index, tolerations, ...(sources ? { sources } : {}),
    ...(tolerationsPath ? { tolerationsPath } : {}), comparisonOperators, direct,
  };
}

/** When the taint-eviction controller deletes the pod from the node once its NoExecute taints are present. */
export interface EvictionAnswer extends EvictionVerdict {
  pod: string;
  node: string;
  /** Per NoExecute taint (verdict order): ` (from node condition Ready=False)` for a taint the node lifecycle controller added. */
  origins: string[];
  tolerations: Toleration[];
  sources: string[];
  tolerationsPath: string;
  comparisonOperators: boolean;
  /**
   * The untolerated taints' fix: tolerations for them (with `seconds` as tolerationSeconds when asked for a time)
   * and the eviction time the same controller gives with them added, so a hint never promises what it would not give.
   */
  fix?: { taints: Taint[]; seconds?: number; after: number | null };
}

/** `want` is the eviction time asked for (`.after(s)`), which the fix aims at. */
export function evict(subject: Subject, node: Node, want?: number): EvictionAnswer {
  const pod = podInfo(subject);
  const info = nodeInfo(node);
  const verdict = taintEviction(pod, info);
  const untolerated = verdict.taints.filter((u) => !u.toleration).map((u) => u.taint);
  let fix: EvictionAnswer['fix'];
  if (untolerated.length) {
    const seconds = want !== undefined && want > 0 ? want : undefined;
    const added = untolerated.map((t) => ({ ...tolerationFor(t), ...(seconds !== undefined ? { tolerationSeconds: seconds } : {}) }));
    const after = taintEviction(podInfo(withAddedTolerations(subject, added)), info).after;
    fix = { taints: untolerated, ...(seconds !== undefined ? { seconds } : {}), after };
  }
  return {
    ...verdict,
    pod: subject.label,
    node: describeObject(node),
    origins: verdict.taints.map((u) => taintOrigin(info, u.taint)),
    tolerations: pod.tolerations,
    sources: pod.tolerationSources,
    tolerationsPath: `${subject.specPath}.tolerations`,
    comparisonOperators: pod.comparisonOperators,
    ...(fix ? { fix } : {}),
  };
}
