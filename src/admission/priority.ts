// The Priority admission plugin (on by default in kube-apiserver): plugin/pkg/admission/priority/admission.go
// (admitPod; the same pod logic 1.33–1.37, 1.36 moves it into establishPriority). On a Pod's create it resolves the
// pod's PriorityClass — the one it names, else the globalDefault class with the lowest value, else none (priority 0)
// — and sets spec.priority, spec.priorityClassName and spec.preemptionPolicy from it; a class that does not exist, or
// a priority or preemptionPolicy the pod gives that differs from the class's, is refused. The cluster's classes are
// the two system classes and `settings().priorityClasses` (configure({ priorityClasses })).
import type { FieldError, PodSpec } from '../core/types';
import { NO_PRIORITY_CLASSES_GIVEN, settings, type PlacementSettings } from '../core/config';
import { typeErrors } from '../loader/typecheck';
import { DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS_EXISTS, goFormat, SYSTEM_PRIORITY_CLASSES, validatePriorityClass, validatePriorityClassUpdate, type PriorityClass } from '../k8s/priority';
import { describeObject, readFromCluster } from '../k8s/subject';
import { FIELD_IMMUTABLE, invalid, named } from '../k8s/validation-field';

/** @upstream plugin/pkg/admission/priority/admission.go */
export const NO_PRIORITY_CLASS = 'no PriorityClass with name %v was found';
/** @upstream plugin/pkg/admission/priority/admission.go */
export const PRIORITY_MUST_NOT_BE_PROVIDED = 'the integer value of priority (%d) must not be provided in pod spec; priority admission controller computed %d from the given PriorityClass name';
/** @upstream plugin/pkg/admission/priority/admission.go */
export const POLICY_MUST_NOT_BE_PROVIDED = 'the string value of PreemptionPolicy (%s) must not be provided in pod spec; priority admission controller computed %s from the given PriorityClass name';

/** What the plugin gives the pod being created, or why it refuses it (admission.NewForbidden's reason, in the mutating phase). */
export type PriorityAdmission =
  | { refused: { phase: 'admit'; reason: string } }
  | { refused?: undefined; priorityClassName: string; priority?: number; preemptionPolicy?: string };

/** @upstream plugin/pkg/admission/priority/admission.go */
export const ONLY_ONE_DEFAULT = 'PriorityClass %v is already marked as default. Only one default can exist';

/** A configured PriorityClass the API server would not hold. */
export class PriorityClassInputError extends Error {}

let cached: { from: Readonly<PlacementSettings>; classes: readonly PriorityClass[] } | undefined;

/**
 * The cluster's PriorityClasses: the two system classes, then the configured ones (a class of a system name, which
 * validation holds equal to it, is the same class: `kubectl get priorityclasses` lists them too), their
 * preemptionPolicy defaulted (SetDefaults_PriorityClass). Throws PriorityClassInputError, naming the object and
 * where it was read, when one would be refused by the API server, alone or after the classes given before it (refusedAmong),
 * or two have one name.
 */
export function clusterPriorityClasses(): readonly PriorityClass[] {
  const now = settings();
  if (cached?.from === now) return cached.classes;
  const classes: PriorityClass[] = [...SYSTEM_PRIORITY_CLASSES];
  const given = new Set<string>();
  for (const pc of now.priorityClasses as readonly PriorityClass[]) {
    const name = pc.metadata?.name ?? '';
    // what the decoder refuses (`value: "1000"`, a value beyond int32), then ValidatePriorityClass; a class read
    // from a cluster (a dump: uid, resourceVersion, …) as the update of itself, which holds what it was stored with
    const wrongType = typeErrors(pc);
    const errors: FieldError[] = wrongType.length ? wrongType : readFromCluster(pc) ? validatePriorityClassUpdate(pc) : validatePriorityClass(pc);
    if (errors.length) {
      throw new PriorityClassInputError(`configure({ priorityClasses }): ${describeObject(pc)} would be rejected by the API server:\n${errors.map((e) => `  ${e.field}: ${e.message}`).join('\n')}`);
    }
    // the API server's create of a second class of one name: apierrors.NewAlreadyExists
    if (given.has(name)) throw new PriorityClassInputError(`configure({ priorityClasses }): ${describeObject(pc)}: priorityclasses.scheduling.k8s.io "${name}" already exists`);
    given.add(name);
    const refused = refusedAmong(pc, classes);
    if (refused) throw new PriorityClassInputError(`configure({ priorityClasses }): ${describeObject(pc)}: ${refused}`);
    if (classes.some((c) => c.metadata?.name === name)) continue;
    classes.push(pc.preemptionPolicy == null ? { ...pc, preemptionPolicy: 'PreemptLowerPriority' } : pc);
  }
  cached = { from: now, classes };
  return classes;
}

/**
 * What the API server answers a class given after `classes` (the system classes, then those given before it, as
 * `kubectl apply` sends them in order): a system class exists in every cluster (the bootstrap post-start hook), so
 * one of its name is an update of it, whose preemptionPolicy is immutable (ValidatePriorityClassUpdate; its value and
 * globalDefault validation already holds equal); else a second globalDefault class is refused by the Priority
 * admission plugin (validatePriorityClass: getDefaultPriorityClass, the one of lowest value, named).
 */
function refusedAmong(pc: PriorityClass, classes: readonly PriorityClass[]): string | undefined {
  const name = pc.metadata?.name ?? '';
  const system = SYSTEM_PRIORITY_CLASSES.find((c) => c.metadata?.name === name);
  if (system) {
    const policy = pc.preemptionPolicy;
    return policy != null && policy !== system.preemptionPolicy
      ? `PriorityClass.scheduling.k8s.io "${name}" is invalid: preemptionPolicy: ${invalid('preemptionPolicy', named(policy), FIELD_IMMUTABLE).message} (it exists in every cluster: the API server creates it at start)`
      : undefined;
  }
  const current = pc.globalDefault === true ? defaultPriorityClass(classes) : undefined;
  return current ? `priorityclasses.scheduling.k8s.io "${name}" is forbidden: ${goFormat(ONLY_ONE_DEFAULT, current.metadata?.name ?? '')}` : undefined;
}

/**
 * getDefaultPriorityClass: among the globalDefault classes, the one with the lowest value (a lister can hold several
 * after racing creates; clusterPriorityClasses refuses a second one given, as admission refuses its create); the first of
 * equal values in the lister's order, here the given order.
 */
export function defaultPriorityClass(classes: readonly PriorityClass[]): PriorityClass | undefined {
  let found: PriorityClass | undefined;
  for (const pc of classes) if (pc.globalDefault === true && (found === undefined || (found.value ?? 0) > (pc.value ?? 0))) found = pc;
  return found;
}

/**
 * admitPod on a create of a pod with `spec`, against `given` (clusterPriorityClasses by default). `known`: the
 * cluster's own classes were given (as `given`, configure({ priorityClasses }) even with an empty list, or the CLI's
 * manifests). Without them a class
 * other than the built-ins is one the library cannot see, not one the cluster lacks: the pod keeps its class name and
 * its priority stays unknown (nothing the library answers reads it yet), where upstream would refuse a missing one.
 */
export function admitPriority(spec: PodSpec, given?: readonly PriorityClass[]): PriorityAdmission {
  const classes = given ?? clusterPriorityClasses();
  const known = given !== undefined || settings().priorityClasses !== NO_PRIORITY_CLASSES_GIVEN;
  let priorityClassName = spec.priorityClassName ?? '';
  let priority: number;
  let preemptionPolicy: string | undefined;
  if (!priorityClassName) {
    // getDefaultPriority: no default class ⇒ no name, priority 0 and PreemptLowerPriority
    const pc = defaultPriorityClass(classes);
    priorityClassName = pc?.metadata?.name ?? '';
    priority = pc ? pc.value ?? 0 : DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS_EXISTS;
    preemptionPolicy = pc ? pc.preemptionPolicy ?? undefined : 'PreemptLowerPriority';
  } else {
    const pc = classes.find((c) => c.metadata?.name === priorityClassName);
    if (!pc && !known) return { priorityClassName, ...(spec.priority != null ? { priority: spec.priority } : {}), ...(spec.preemptionPolicy ? { preemptionPolicy: spec.preemptionPolicy } : {}) };
    if (!pc) return { refused: { phase: 'admit', reason: goFormat(NO_PRIORITY_CLASS, priorityClassName) } };
    priority = pc.value ?? 0;
    preemptionPolicy = pc.preemptionPolicy ?? undefined;
  }
  if (spec.priority != null && spec.priority !== priority) return { refused: { phase: 'admit', reason: goFormat(PRIORITY_MUST_NOT_BE_PROVIDED, spec.priority, priority) } };
  if (preemptionPolicy !== undefined && spec.preemptionPolicy != null && spec.preemptionPolicy !== preemptionPolicy) {
    return { refused: { phase: 'admit', reason: goFormat(POLICY_MUST_NOT_BE_PROVIDED, spec.preemptionPolicy, preemptionPolicy) } };
  }
  return { priorityClassName, priority, preemptionPolicy: preemptionPolicy ?? spec.preemptionPolicy ?? undefined };
}

/** The spec as the plugin leaves it (priorityClassName omitted when empty, as the v1 Pod's omitempty). */
export function withPriority(spec: PodSpec, admitted: Exclude<PriorityAdmission, { refused: object }>): PodSpec {
  const { priorityClassName, priority, preemptionPolicy } = admitted;
  return { ...spec, ...(priorityClassName ? { priorityClassName } : {}), ...(priority !== undefined ? { priority } : {}), ...(preemptionPolicy ? { preemptionPolicy } : {}) };
}
