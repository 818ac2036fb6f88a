// The RuntimeClass admission plugin (on by default in kube-apiserver): plugin/pkg/admission/runtimeclass/admission.go.
// On a Pod's create it looks up the pod's RuntimeClass (prepareObjects: refused when there is none of that name), sets
// the pod's overhead to the class's (setOverhead) and merges the class's nodeSelector and tolerations into the pod's
// (setScheduling); after validation it checks the overhead (validateOverhead). The cluster's RuntimeClasses are
// `settings().runtimeClasses` (configure({ runtimeClasses })).
import type { KubeObject, PodSpec, Toleration } from '../core/types';
import { settings } from '../core/config';
import { decodeQuantity } from '../k8s/quantity';

type ResourceList = Record<string, string | number>;

interface RuntimeClass extends KubeObject {
  overhead?: { podFixed?: ResourceList | null } | null;
  scheduling?: { nodeSelector?: Record<string, string> | null; tolerations?: Toleration[] | null } | null;
}

/**
 * Why the plugin refuses the pod (admission.NewForbidden's reason) and when: `admit` in the mutating phase, before
 * the pod is validated; `validate` in the validating phase, after it.
 */
export interface RuntimeClassRefusal {
  phase: 'admit' | 'validate';
  reason: string;
}

export type RuntimeClassAdmission =
  | { refused: RuntimeClassRefusal }
  | { refused?: undefined; nodeSelector?: Record<string, string>; overhead?: PodSpec['overhead']; tolerations: Toleration[] };

/** apierrors.NewForbidden's text for a pod: `pods "<name>" is forbidden: <reason>`. */
export const forbiddenPod = (name: string, reason: string) => (name ? `pods "${name}" is forbidden: ${reason}` : `pods is forbidden: ${reason}`);

/** apiequality.Semantic.DeepEqual of two resource lists: the same names, each amount equal (Quantity.Cmp); nil equals empty. */
function sameResources(a: ResourceList | null | undefined, b: ResourceList | null | undefined): boolean {
  const ka = Object.keys(a ?? {}), kb = Object.keys(b ?? {});
  if (ka.length !== kb.length) return false;
  return ka.every((k) => b![k] !== undefined && decodeQuantity(a![k]).nanos === decodeQuantity(b![k]).nanos);
}

/** pkg/util/tolerations isSuperset: does `ss` tolerate everything `t` does? */
function isSuperset(ss: Toleration, t: Toleration): boolean {
  if (equalTolerations(ss, t)) return true;
  if ((t.key ?? '') !== (ss.key ?? '') && ((ss.key ?? '') !== '' || ss.operator !== 'Exists')) return false;
  // Stryker disable next-line StringLiteral: the first two fallbacks only matter when that effect is absent, where the second test is false whatever they are
  if ((t.effect ?? '') !== (ss.effect ?? '') && (ss.effect ?? '') !== '') return false;
  if (ss.effect === 'NoExecute' && ss.tolerationSeconds != null) {
    if (t.tolerationSeconds == null || t.tolerationSeconds > ss.tolerationSeconds) return false;
  }
  switch (ss.operator ?? '') {
    case 'Equal':
    case '':
      return t.operator === 'Equal' && (t.value ?? '') === (ss.value ?? '');
    case 'Exists':
      return true;
    // Stryker disable next-line ConditionalExpression: without it the function returns undefined, as falsy as false
    default:
      return false;
  }
}

const equalTolerations = (a: Toleration, b: Toleration) =>
  (a.key ?? '') === (b.key ?? '') && (a.operator ?? '') === (b.operator ?? '') && (a.value ?? '') === (b.value ?? '') &&
  (a.effect ?? '') === (b.effect ?? '') && (a.tolerationSeconds ?? null) === (b.tolerationSeconds ?? null);

/** pkg/util/tolerations MergeTolerations: both lists, a toleration left out when another is a superset of it. */
export function mergeTolerations(first: readonly Toleration[], second: readonly Toleration[]): Toleration[] {
  const all = [...first, ...second];
  const merged: Toleration[] = [];
  all.forEach((t, i) => {
    if (merged.some((m) => isSuperset(m, t))) return;
    // of two equal tolerations the first is kept
    if (all.slice(i + 1).some((t2) => !equalTolerations(t, t2) && isSuperset(t2, t))) return;
    merged.push(t);
  });
  return merged;
}

/** The RuntimeClass the pod names, undefined for none; a reason when the cluster has none of that name. */
function lookUp(name: string | undefined): RuntimeClass | undefined | RuntimeClassRefusal {
  if (name === undefined || name === null) return undefined;
  const found = settings().runtimeClasses.find((r) => r.metadata?.name === name) as RuntimeClass | undefined;
  return found ?? { phase: 'admit', reason: `pod rejected: RuntimeClass ${JSON.stringify(name)} not found` };
}

/**
 * What the plugin makes of a pod being created with `spec` and `tolerations` (those of the plugins before it): the
 * overhead, node selector and tolerations it gives the pod (undefined: unchanged), or its refusal.
 */
export function admitRuntimeClass(spec: PodSpec, tolerations: readonly Toleration[]): RuntimeClassAdmission {
  const rc = lookUp(spec.runtimeClassName);
  if (rc && 'phase' in rc) return { refused: rc };
  const overhead = spec.overhead as ResourceList | null | undefined;
  // setOverhead: a pod's own overhead must equal the class's, which it then gets
  const podFixed = (rc?.overhead ? rc.overhead.podFixed ?? undefined : overhead ?? undefined) as PodSpec['overhead'];
  if (rc?.overhead && Object.keys(overhead ?? {}).length > 0 && !sameResources(rc.overhead.podFixed, overhead)) {
    return { refused: { phase: 'admit', reason: "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead" } };
  }
  let nodeSelector = spec.nodeSelector ?? undefined;
  let merged: Toleration[] = [...tolerations];
  if (rc?.scheduling) {
    // setScheduling: the class's nodeSelector merged into the pod's (a key with another value refused), its tolerations merged
    const runtime = rc.scheduling.nodeSelector ?? undefined;
    if (!nodeSelector) nodeSelector = runtime;
    else {
      nodeSelector = { ...nodeSelector };
      // Go walks the class's map in random order: with several conflicts, which one is named varies
      for (const [key, value] of Object.entries(runtime ?? {})) {
        if (key in nodeSelector && nodeSelector[key] !== value) {
          return { refused: { phase: 'admit', reason: `conflict: runtimeClass.scheduling.nodeSelector[${key}] = ${value}; pod.spec.nodeSelector[${key}] = ${nodeSelector[key]}` } };
        }
        nodeSelector[key] = value;
      }
    }
    merged = mergeTolerations(tolerations, rc.scheduling.tolerations ?? []);
  }
  // validateOverhead: an overhead without a class defining one is refused
  if (!rc?.overhead && overhead != null) {
    return { refused: { phase: 'validate', reason: 'pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead' } };
  }
  return { nodeSelector, overhead: podFixed, tolerations: merged };
}
