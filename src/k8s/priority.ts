// Pod priority (pkg/apis/scheduling, scheduling.k8s.io/v1): the PriorityClass kind, the two classes the API server
// creates at start, ValidatePriorityClass, and a pod's priority as kube-scheduler and the kubelet read it.
import type { FieldError, KubeObject, Pod } from '../core/types';
import { commonUpdateErrors, metaUpdateErrors, validateObjectMeta } from './validation-meta';
import { forbidden, notSupported, required } from './validation-field';
import { nameIsDNSSubdomain } from './names';

export interface PriorityClass extends KubeObject {
  value?: number;
  globalDefault?: boolean;
  preemptionPolicy?: string | null;
  description?: string;
}

/** pkg/apis/scheduling/types.go: values above it are reserved for the system classes. */
export const HIGHEST_USER_DEFINABLE_PRIORITY = 1_000_000_000;
/** pkg/apis/scheduling/types.go SystemCriticalPriority = 2 * HighestUserDefinablePriority. */
export const SYSTEM_CRITICAL_PRIORITY = 2 * HIGHEST_USER_DEFINABLE_PRIORITY;
/** pkg/apis/scheduling/types.go DefaultPriorityWhenNoDefaultClassExists. */
export const DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS_EXISTS = 0;
/** The preemption policies (core.PreemptLowerPriority, core.PreemptNever), in ValidatePreemptionPolicy's order. */
export const PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never'] as const;
export const SYSTEM_PRIORITY_CLASS_PREFIX = 'system-';

const systemClass = (name: string, value: number, description: string): PriorityClass => ({
  apiVersion: 'scheduling.k8s.io/v1',
  kind: 'PriorityClass',
  metadata: { name },
  value,
  // SetDefaults_PriorityClass (pkg/apis/scheduling/v1/defaults.go) gives every stored class a preemptionPolicy
  preemptionPolicy: 'PreemptLowerPriority',
  description,
});

/**
 * pkg/apis/scheduling/v1/helpers.go systemPriorityClasses (identical 1.33–1.37): created by the API server's
 * `scheduling/bootstrap-system-priority-classes` post-start hook, so every cluster has them.
 */
export const SYSTEM_PRIORITY_CLASSES: readonly PriorityClass[] = Object.freeze([
  systemClass('system-node-critical', SYSTEM_CRITICAL_PRIORITY + 1000, 'Used for system critical pods that must not be moved from their current node.'),
  systemClass('system-cluster-critical', SYSTEM_CRITICAL_PRIORITY, 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.'),
]);

/** @upstream pkg/apis/scheduling/v1/helpers.go */
const VALUE_MUST_BE = 'value of %v PriorityClass must be %v';
/** @upstream pkg/apis/scheduling/v1/helpers.go */
const GLOBAL_DEFAULT_MUST_BE = 'globalDefault of %v PriorityClass must be %v';
/** @upstream pkg/apis/scheduling/v1/helpers.go */
const NOT_A_SYSTEM_CLASS = '%v is not a known system priority class';
/** @upstream pkg/apis/scheduling/validation/validation.go */
const MAXIMUM_USER_VALUE = 'maximum allowed value of a user defined priority is %v';

/** fmt.Sprintf's %v of strings, numbers and booleans, in order. */
export const goFormat = (text: string, ...values: Array<string | number | boolean>) => values.reduce<string>((t, v) => t.replace(/%[vds]/, String(v)), text);

/** helpers.go IsKnownSystemPriorityClass: why `name`/`value`/`globalDefault` is not one of the system classes, or undefined. */
function notKnownSystemClass(name: string, value: number, globalDefault: boolean): string | undefined {
  const known = SYSTEM_PRIORITY_CLASSES.find((c) => c.metadata?.name === name);
  if (!known) return goFormat(NOT_A_SYSTEM_CLASS, name);
  if (known.value !== value) return goFormat(VALUE_MUST_BE, name, known.value ?? 0);
  if ((known.globalDefault ?? false) !== globalDefault) return goFormat(GLOBAL_DEFAULT_MUST_BE, name, known.globalDefault ?? false);
  return undefined;
}

/**
 * A class read from a cluster (a `kubectl get priorityclasses -o yaml` dump) as the API server's update of itself:
 * apiserver's validateCommonFields (a path-segment name) and ValidatePriorityClassUpdate (ValidateObjectMetaUpdate;
 * value and preemptionPolicy immutable, unchanged). Not ValidatePriorityClass: a stored class is not checked against
 * the system classes, the user maximum or the known preemption policies (v1.33.13 … v1.37.2).
 */
export const validatePriorityClassUpdate = (pc: PriorityClass): FieldError[] => [...commonUpdateErrors(pc), ...metaUpdateErrors(pc.metadata, true)];

/**
 * ValidatePriorityClass (pkg/apis/scheduling/validation/validation.go, the same body 1.33–1.37), on the class as
 * created: a cluster-scoped DNS-subdomain name (the API server clears metadata.namespace first), a `system-` name only
 * for the two system classes as they are, a user value at most 1000000000, a known preemptionPolicy. An omitted
 * preemptionPolicy is defaulted before validation (SetDefaults_PriorityClass); an explicit "" is not.
 */
export function validatePriorityClass(pc: PriorityClass): FieldError[] {
  const errs = validateObjectMeta({ ...(pc.metadata ?? {}), namespace: undefined }, false, nameIsDNSSubdomain);
  const name = pc.metadata?.name ?? '';
  const value = pc.value ?? 0;
  if (name.startsWith(SYSTEM_PRIORITY_CLASS_PREFIX)) {
    const why = notKnownSystemClass(name, value, pc.globalDefault ?? false);
    if (why) errs.push(forbidden('metadata.name', `priority class names with '${SYSTEM_PRIORITY_CLASS_PREFIX}' prefix are reserved for system use only. error: ${why}`));
  } else if (value > HIGHEST_USER_DEFINABLE_PRIORITY) {
    errs.push(forbidden('value', goFormat(MAXIMUM_USER_VALUE, HIGHEST_USER_DEFINABLE_PRIORITY)));
  }
  const policy = pc.preemptionPolicy;
  if (policy === '') errs.push(required('preemptionPolicy'));
  else if (policy != null && !(PREEMPTION_POLICIES as readonly string[]).includes(policy)) errs.push(notSupported('preemptionPolicy', policy, PREEMPTION_POLICIES));
  return errs;
}

/**
 * The priority kube-scheduler, preemption and the kubelet's eviction read (component-helpers
 * scheduling/corev1/helpers.go PodPriority): `spec.priority`, 0 when unset. A stored pod always has it (the Priority
 * admission plugin sets it on create); priorityClassName is never read after admission.
 */
export const podPriority = (pod: Pick<Pod, 'spec'>): number => pod.spec?.priority ?? 0;
