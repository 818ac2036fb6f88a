// admit: what the cluster adds to an object before the scheduler and controllers see it. The Pod comes from the one
// create path (create.ts: the controller's pod from the template, decoded and defaulted); admission runs on it here.
import type { FieldError, Node, PodSpec, Taint, Toleration } from '../core/types';
import { gateEnabled, settings } from '../core/config';
import { cachedPerObject, PerObjectCache } from '../core/cache';
import { addDefaultTolerationSeconds } from './default-toleration-seconds';
import { admittedPodName, createdSpec } from './create';
import { admitRuntimeClass, forbiddenPod, type RuntimeClassRefusal } from './runtime-class';
import { admitPriority, withPriority } from './priority';
import { ApiServerRefusal } from '../k8s/decode';
import { readFromCluster, type Subject } from '../k8s/subject';
import { mergeConditionTaints } from '../k8s/node-condition-taints';
import { addExtendedResourceTolerations, extendedResourcesRequested } from './extended-resource-toleration';
import { admitLimitRanger, decodedSpec, namespaceLimitRanges, validateLimitRanger } from './limit-ranger';
import { chargeResourceQuota, validateResourceQuota } from './resource-quota';
import type * as LimitRangeRules from '../k8s/limit-range';

export type TolerationSource = 'pod spec' | 'DaemonSet controller' | 'DefaultTolerationSeconds admission' | 'ExtendedResourceToleration admission' | 'RuntimeClass admission';

export interface AdmittedPod {
  /**
   * The spec of the Pod as created and stored (create.ts createdSpec): a workload's pod's, with the controller's
   * tolerations, defaulted, then what the Priority plugin sets (priority, priorityClassName, preemptionPolicy) and the
   * RuntimeClass plugin's overhead and node selector. Admission's tolerations are in `tolerations`, not in it.
   */
  spec: PodSpec;
  tolerations: Toleration[];
  /** Who put each toleration there, index for index. */
  sources: TolerationSource[];
}

export interface AdmittedNode {
  taints: Taint[];
  /** How many of `taints` come from the node object itself; the rest are condition taints. */
  ownCount: number;
}

function attribute(before: readonly Toleration[], after: Toleration[], prior: TolerationSource[], source: TolerationSource): TolerationSource[] {
  const out: TolerationSource[] = []; // pushed, not preallocated: a packed array, as every list of a pod
  // Stryker disable next-line ConditionalExpression, EqualityOperator: past its end before[i] is undefined, never a toleration of after
  for (let i = 0; i < after.length; i++) out.push(i < before.length && before[i] === after[i] ? prior[i] : source);
  return out;
}

const controllerPods = new PerObjectCache<Subject, AdmittedPod>();

/**
 * The subject's Pod as its controller builds it (createdSpec), before any admission plugin runs: the template's
 * tolerations and the controller's. What the DaemonSet controller decides from (NodeShouldRunDaemonPod).
 */
export function controllerPod(subject: Subject): AdmittedPod {
  const hit = controllerPods.get(subject);
  // Stryker disable next-line ConditionalExpression: a cache: the answer is worked out again, the same
  if (hit !== undefined) return hit;
  const spec = createdSpec(subject);
  const written: Toleration[] = subject.spec.tolerations ?? [];
  const tolerations: Toleration[] = spec.tolerations ?? written;
  // what the pod's controller added (the DaemonSet controller's tolerations) is the one difference from the spec as written
  const sources: TolerationSource[] = new Array<TolerationSource>(written.length).fill('pod spec');
  // Stryker disable next-line ConditionalExpression: attribute() of a list against itself gives every source back
  return controllerPods.set(subject, { spec, tolerations, sources: tolerations === written ? sources : attribute(written, tolerations, sources, 'DaemonSet controller') });
}

const admitted = new PerObjectCache<Subject, AdmittedPod>();

/**
 * The subject's Pod as created (createdSpec) and its tolerations after admission, once per subject and settings.
 * Throws ApiServerRefusal (k8s/decode.ts) when a quantity does not decode: the API server stores no such object.
 */
export function admitPod(subject: Subject): AdmittedPod {
  const hit = admitted.get(subject);
  // Stryker disable next-line ConditionalExpression: a cache: the answer is worked out again, the same
  if (hit !== undefined) return hit;
  const { admission } = settings();
  const built = controllerPod(subject);
  // the first refusal in kube-apiserver's order, validating plugins included (LimitRanger, ResourceQuota)
  const refused = podAdmissionRefusal(subject);
  if (refused) throw new ApiServerRefusal(refused.message);
  // LimitRanger runs first, Priority before DefaultTolerationSeconds (AllOrderedPlugins)
  const spec = priorityAdmitted(subject, limitRangerAdmitted(subject, built.spec));
  let { tolerations, sources } = built;
  if (admission.defaultTolerationSeconds) {
    const { notReady, unreachable } = admission.defaultTolerationSeconds;
    const next = addDefaultTolerationSeconds(tolerations, notReady, unreachable);
    sources = attribute(tolerations, next, sources, 'DefaultTolerationSeconds admission');
    tolerations = next;
  }
  // Runs after DefaultTolerationSeconds (pkg/kubeapiserver/options/plugins.go AllOrderedPlugins); off unless configured.
  if (admission.extendedResourceToleration) {
    const next = addExtendedResourceTolerations(tolerations, spec);
    sources = attribute(tolerations, next, sources, 'ExtendedResourceToleration admission');
    tolerations = next;
  }
  return admitted.set(subject, runtimeClassAdmitted(subject, { spec, tolerations, sources }));
}

/**
 * A Pod's tolerations as the mutating plugins modelled leave them for the API server's validation, which runs after
 * them (the create handler calls Admit before the registry's Validate): ExtendedResourceToleration replaces a
 * toleration of the pod equal to its own in key, operator, value and effect, tolerationSeconds and all
 * (helper.AddOrUpdateTolerationInPod), and RuntimeClass's MergeTolerations drops one a class toleration is a superset
 * of, so an invalid field of such a toleration is never seen. DefaultTolerationSeconds only appends valid tolerations
 * and no class toleration is a superset of those: left out. Extended resources a LimitRange's defaults add are not
 * looked at here (admitPod does).
 */
export function tolerationsBeforeValidation(spec: PodSpec): Toleration[] | undefined {
  const { admission } = settings();
  let tolerations = spec.tolerations;
  if (admission.extendedResourceToleration && extendedResourcesRequested(spec).length) tolerations = addExtendedResourceTolerations(tolerations ?? [], spec);
  if (admission.runtimeClass && spec.runtimeClassName != null) {
    const admitted = admitRuntimeClass(spec, tolerations ?? []);
    if (!admitted.refused) tolerations = admitted.tolerations;
  }
  return tolerations;
}

// LimitRanger's rules, read only where a namespace has LimitRanges or ResourceQuotas read the pod's amounts
const limitRangeRules = (): typeof LimitRangeRules => require('../k8s/limit-range');

/** Whether the admission plugins run on the subject's Pod: not on a Pod read from a cluster, admitted when it was created. */
const created = (subject: Subject) => !(subject.kind === 'Pod' && readFromCluster(subject.object));

/** The namespace the subject's Pod is created in. */
const namespaceOf = (subject: Subject) => subject.object.metadata?.namespace || 'default';

/** The LimitRanger plugin's Admit on a pod being created (admission/limit-ranger.ts): the namespace's default requests and limits. */
function limitRangerAdmitted(subject: Subject, spec: PodSpec): PodSpec {
  return created(subject) ? admitLimitRanger(spec, namespaceOf(subject)) : spec;
}

/**
 * The Priority plugin on a pod being created (admission/priority.ts): its spec with priority, priorityClassName and
 * preemptionPolicy. Throws ApiServerRefusal with the plugin's text.
 */
function priorityAdmitted(subject: Subject, spec: PodSpec): PodSpec {
  if (!settings().admission.priority || !created(subject)) return spec;
  const admitted = admitPriority(spec);
  if (admitted.refused) throw new ApiServerRefusal(forbiddenPod(admittedPodName(subject.object, 'admit'), admitted.refused.reason));
  return withPriority(spec, admitted);
}

/**
 * The RuntimeClass plugin, last of the mutating plugins modelled (AllOrderedPlugins), on a pod being created: not on a
 * Pod read from a cluster, which was admitted when it was created. Throws ApiServerRefusal with the plugin's text.
 */
function runtimeClassAdmitted(subject: Subject, before: AdmittedPod): AdmittedPod {
  const { spec } = before;
  if (!settings().admission.runtimeClass || (spec.runtimeClassName == null && spec.overhead == null) || !created(subject)) return before;
  const admitted = admitRuntimeClass(spec, before.tolerations);
  if (admitted.refused) throw new ApiServerRefusal(forbiddenPod(admittedPodName(subject.object, admitted.refused.phase), admitted.refused.reason));
  const { nodeSelector, overhead, tolerations } = admitted;
  // MergeTolerations keeps the pod's own (unless the class's cover them) and adds the class's
  const sources = tolerations.map((t): TolerationSource => {
    const i = before.tolerations.indexOf(t);
    return i >= 0 ? before.sources[i] : 'RuntimeClass admission';
  });
  return { spec: { ...spec, ...(nodeSelector ? { nodeSelector } : {}), ...(overhead ? { overhead } : {}) }, tolerations, sources };
}

/**
 * An admission plugin's refusal of a pod: which plugin, when (`admit`, before validation; `validate`, after it), why,
 * and the Status message. `validation`: the pod the mutating plugins made is invalid (a LimitRange's default limit
 * below a request the pod states), refused by the API server's validation between the two phases.
 */
export interface AdmissionRefusal extends RuntimeClassRefusal {
  plugin: 'LimitRanger' | 'Priority' | 'RuntimeClass' | 'ResourceQuota';
  message: string;
  validation?: FieldError[];
}

/**
 * Why the API server refuses to create the subject's Pod in an admission plugin, if it does: the first refusal in
 * kube-apiserver's order (AllOrderedPlugins; the mutating phase — LimitRanger's defaults, Priority, RuntimeClass —,
 * then the pod's validation, then the validating phase — LimitRanger, RuntimeClass, ResourceQuota), the pod named as
 * the API server names it then (admittedPodName).
 */
export function podAdmissionRefusal(subject: Subject): AdmissionRefusal | undefined {
  const built = controllerPod(subject).spec;
  if (!created(subject)) return undefined;
  const refusal = (plugin: AdmissionRefusal['plugin'], r: RuntimeClassRefusal): AdmissionRefusal =>
    ({ plugin, ...r, message: forbiddenPod(admittedPodName(subject.object, r.phase), r.reason) });
  const namespace = namespaceOf(subject);
  // only LimitRanger and ResourceQuota read the pod's amounts: without either in the namespace, as written will do
  const { admission, resourceQuotas } = settings();
  const limitRanged = namespaceLimitRanges(namespace).length > 0;
  const amountsRead = limitRanged || (admission.resourceQuota && resourceQuotas.length > 0);
  const decoded = amountsRead ? decodedSpec(built) : built;
  let spec = admitLimitRanger(decoded, namespace);
  if (admission.priority) {
    const admitted = admitPriority(spec);
    if (admitted.refused) return refusal('Priority', admitted.refused);
    spec = withPriority(spec, admitted);
  }
  let validateRefusal: RuntimeClassRefusal | undefined;
  if (settings().admission.runtimeClass && (spec.runtimeClassName != null || spec.overhead != null)) {
    // Stryker disable next-line ArrayDeclaration: no refusal of the plugin depends on the tolerations
    const admitted = admitRuntimeClass(spec, []);
    if (admitted.refused?.phase === 'admit') return refusal('RuntimeClass', admitted.refused);
    if (admitted.refused) validateRefusal = admitted.refused;
    // the overhead counts in a quota's usage
    else if (admitted.overhead) spec = { ...spec, overhead: admitted.overhead };
  }
  // the pod-level resources as PrepareForCreate completes them (1.37), read by the validating plugins
  const fixDefaulting = amountsRead && gateEnabled('PodLevelResources') && gateEnabled('PodLevelResourcesFixDefaulting');
  if (fixDefaulting) spec = limitRangeRules().withPodLevelDefaults(spec, true);
  // (what LimitRanger's defaults make invalid: without a LimitRange there is nothing to look at)
  const validation = limitRanged ? limitRangeRules().defaultedResourceErrors(built, spec) : [];
  // the pod-level checks a LimitRange's container defaults fail, where the pod as written passes them
  if (limitRanged && spec !== decoded && gateEnabled('PodLevelResources')) {
    const { podLevelErrors, withPodLevelDefaults } = limitRangeRules();
    if (!podLevelErrors(fixDefaulting ? withPodLevelDefaults(decoded, true) : decoded).length) validation.push(...podLevelErrors(spec));
  }
  const invalid = validation.length ? limitRangeRules().aggregate(validation.map((e) => `${e.field}: ${e.message}`)) : undefined;
  if (invalid) return { plugin: 'LimitRanger', phase: 'validate', reason: invalid, validation, message: `Pod "${admittedPodName(subject.object, 'validate')}" is invalid: ${invalid}` };
  return validatingRefusal(spec, namespace, validateRefusal, refusal);
}

/** The validating phase: LimitRanger, then RuntimeClass (`runtimeClass`, its refusal found in the mutating phase), then ResourceQuota. */
function validatingRefusal(spec: PodSpec, namespace: string, runtimeClass: RuntimeClassRefusal | undefined,
  refusal: (plugin: AdmissionRefusal['plugin'], r: RuntimeClassRefusal) => AdmissionRefusal): AdmissionRefusal | undefined {
  const limitRange = validateLimitRanger(spec, namespace);
  if (limitRange !== undefined) return refusal('LimitRanger', { phase: 'validate', reason: limitRange });
  if (runtimeClass) return refusal('RuntimeClass', runtimeClass);
  const quota = validateResourceQuota(spec, namespace);
  return quota === undefined ? undefined : refusal('ResourceQuota', { phase: 'validate', reason: quota });
}

/**
 * A controller creates `subject`'s Pod now, within withQuotaCharges (admission/resource-quota.ts): the API server's
 * ResourceQuota refusal (the controller's FailedCreate event says `Error creating: ` and it) when the namespace's
 * quotas, charged with the pods created before it in the same question, refuse it; else the pod is charged.
 */
export function createCharged(subject: Subject): string | undefined {
  if (!created(subject)) return undefined;
  const refused = podAdmissionRefusal(subject);
  if (refused?.plugin === 'ResourceQuota') return refused.message;
  if (!refused) chargeResourceQuota(admitPod(subject).spec, namespaceOf(subject));
  return undefined;
}

/** The node's taints as the scheduler sees them (uncached: NodeInfo, itself cached per node, is its caller). */
export function nodeTaints(node: Node): Taint[] {
  return settings().admission.nodeConditionTaints ? mergeConditionTaints(node) : (node.spec?.taints ?? []);
}

export const admitNode = cachedPerObject((node: Node): AdmittedNode => ({ taints: nodeTaints(node), ownCount: node.spec?.taints?.length ?? 0 }));
