// The one create path (issue 31): what a manifest becomes in the cluster, before admission (index.ts) and the
// scheduler read it. A Pod is decoded and defaulted by the API server; a workload is decoded, and its controller
// creates Pods from its template (pkg/controller/controller_utils.go GetPodFromTemplate, plus each controller's own
// fields), which the API server decodes and defaults in turn (SetObjectDefaults_Pod). Scheduling (PodInfo, an
// existing pod's usage), replicas, outages, Karpenter and the separation question all read the Pods made here.
import type { KubeObject, Pod, PodSpec } from '../core/types';
import { settings } from '../core/config';
import { cachedPerObject, PerObjectCache } from '../core/cache';
import { POD_SPEC_PATHS, type Subject } from '../k8s/subject';
import { defaultPodSpec } from '../k8s/defaults';
import { ApiServerRefusal, assertDecodes } from '../k8s/decode';
import { admitRuntimeClass, forbiddenPod } from './runtime-class';
import { admitPriority, withPriority } from './priority';
import { admitLimitRanger, validateLimitRanger } from './limit-ranger';
import { nameIsDNSSubdomain } from '../k8s/names';
import { addDaemonSetTolerations } from './daemonset-tolerations';
import type * as Storage from './storage';
import { registerStatefulSetPod, sameController } from './pod-claims';
import { LabelSelectorError, parseLabelSelector, POD_TEMPLATE_HASH, setRevision, THIS_REVISION, type LabelSelector } from '../k8s/label-selector';

// a StatefulSet's claim templates, read for a set with some
const statefulSetStorage = (): typeof Storage => require('./storage');

type Meta = { name?: string; namespace?: string; uid?: string; labels?: Record<string, string>; annotations?: Record<string, string>; finalizers?: string[] };
type Template = { metadata?: Meta; spec?: PodSpec };

// Stryker disable next-line ConditionalExpression: an array has no metadata, spec, template or jobTemplate: read as an object it gives what {} gives
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The workload's pod template (spec.template, spec.jobTemplate.spec.template; a PodTemplate's own template). */
function templateOf(workload: KubeObject): Template {
  // Stryker disable next-line StringLiteral, ArrayDeclaration: only path[0 .. length-2] is read: ['spec'], [] and [''] all leave the workload itself
  const path = POD_SPEC_PATHS[workload.kind ?? ''] ?? ['spec'];
  let template: unknown = workload;
  for (let i = 0; i < path.length - 1; i++) template = isObject(template) ? template[path[i]] : undefined;
  return isObject(template) ? (template as Template) : {};
}

/** The API server refuses an object whose quantities do not decode: checked once per object (and settings). */
const decodes = cachedPerObject((object: KubeObject): true => {
  assertDecodes(object);
  // Stryker disable next-line BooleanLiteral: the cached value is never read: decodes() is called for its refusal
  return true;
});

/** The pod's labels: the template's (GetPodFromTemplate copies them) and what the controller or the workload's create path adds. */
function podLabels(workload: KubeObject, own: Record<string, string> | undefined, name: string, ordinal: number): Record<string, string> {
  const meta = (workload.metadata ?? {}) as Meta;
  switch (workload.kind) {
    case 'StatefulSet':
      // stateful_set_utils.go updateIdentity sets the pod's name and its ordinal (PodIndexLabel, GA and locked on from
      // 1.32) over the template's
      return { ...own, 'statefulset.kubernetes.io/pod-name': name, 'apps.kubernetes.io/pod-index': String(ordinal) };
    case 'Job': {
      // pkg/registry/batch/job/strategy.go generateSelector (unless spec.manualSelector): the legacy and prefixed
      // job-name and controller-uid labels, each unless the template has it; the uid is the one the API server
      // assigns, known here for a dumped Job only
      if ((workload as { spec?: { manualSelector?: boolean } }).spec?.manualSelector === true) return { ...own };
      const jobName = meta.name ?? '';
      const uid = meta.uid;
      return { 'job-name': jobName, 'batch.kubernetes.io/job-name': jobName, ...(uid ? { 'controller-uid': uid, 'batch.kubernetes.io/controller-uid': uid } : {}), ...own };
    }
    case 'Deployment':
      // sync.go getNewReplicaSet: the template's labels plus pod-template-hash (CloneAndAddLabel), whose value the
      // library cannot compute: THIS_REVISION stands for it (label-selector.ts)
      return deploymentPodLabels(workload, own);
    default:
      // DaemonSet (controller-revision-hash, pod-template-generation) and CronJob (its Job's name) pods also get
      // labels from hashes and names the library cannot know; none is added
      return { ...own };
  }
}

/** A Deployment's pod's labels, registered as its current revision's (setRevision) when its selector parses. */
function deploymentPodLabels(workload: KubeObject, own: Record<string, string> | undefined): Record<string, string> {
  const labels = { ...own, [POD_TEMPLATE_HASH]: THIS_REVISION };
  try {
    const selector = parseLabelSelector((workload as { spec?: { selector?: LabelSelector } }).spec?.selector);
    return setRevision(labels, { namespace: workload.metadata?.namespace || 'default', selector });
  } catch (e) {
    if (e instanceof LabelSelectorError) return labels; // the API server refuses the Deployment
    throw e;
  }
}

/** metav1.NewControllerRef: the owner when it is the workload itself (a Deployment's pods belong to a ReplicaSet, a CronJob's to a Job). */
function controllerRef(workload: KubeObject): Array<Record<string, unknown>> | undefined {
  // Stryker disable next-line StringLiteral: a kind absent is in the list neither as '' nor as another string
  if (!['ReplicaSet', 'ReplicationController', 'StatefulSet', 'DaemonSet', 'Job'].includes(workload.kind ?? '')) return undefined;
  const uid = (workload.metadata as Meta | undefined)?.uid;
  return [{ apiVersion: workload.apiVersion, kind: workload.kind, name: workload.metadata?.name, ...(uid ? { uid } : {}), controller: true, blockOwnerDeletion: true }];
}

/**
 * daemon/util ReplaceDaemonSetPodNodeNameNodeAffinity: the pod's required node affinity becomes the one term
 * `metadata.name In [node]` (its preferred terms are kept).
 */
function pinnedToNode(spec: PodSpec, node: string): PodSpec['affinity'] {
  const pin = { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [node] }] }] };
  return { ...(spec.affinity ?? {}), nodeAffinity: { ...(spec.affinity?.nodeAffinity ?? {}), requiredDuringSchedulingIgnoredDuringExecution: pin } };
}

/** A StatefulSet's volumeClaimTemplates (empty for other kinds). */
const claimTemplates = (workload: KubeObject): unknown[] =>
  // Stryker disable next-line ConditionalExpression, ArrayDeclaration: other kinds' pods get no controller claims (workloadClaims); a set without templates only `volumes: []` for none (updateStorage's empty list too)
  (workload.kind === 'StatefulSet' && (workload as { spec?: { volumeClaimTemplates?: unknown[] } }).spec?.volumeClaimTemplates) || [];

/**
 * The controller's own changes to the spec: a StatefulSet pod's hostname, subdomain and claim volumes, a DaemonSet
 * pod's tolerations and node.
 */
function controllerSpec(workload: KubeObject, spec: PodSpec, name: string, node: string | undefined, ordinal = 0): PodSpec {
  if (workload.kind === 'StatefulSet') {
    // stateful_set_utils.go initIdentity, then updateStorage: one persistentVolumeClaim volume per template
    // (`<template>-<set>-<ordinal>`), before the template's own volumes
    const serviceName = (workload as { spec?: { serviceName?: string } }).spec?.serviceName;
    const volumes = claimTemplates(workload).length ? { volumes: statefulSetStorage().statefulSetPodVolumes(workload, ordinal, spec.volumes ?? []) } : {};
    return { ...spec, hostname: name, ...(serviceName ? { subdomain: serviceName } : {}), ...volumes };
  }
  if (workload.kind !== 'DaemonSet') return spec;
  // daemon_controller.go: util.AddOrUpdateDaemonPodTolerations, and the pod pinned to the node it is for
  const tolerations = settings().admission.daemonSetTolerations ? addDaemonSetTolerations(spec.tolerations ?? [], spec.hostNetwork === true) : spec.tolerations;
  // Stryker disable next-line ConditionalExpression: a copy of the spec with the same tolerations is the same spec
  const out: PodSpec = tolerations === spec.tolerations ? spec : { ...spec, tolerations };
  return node === undefined ? out : { ...out, affinity: pinnedToNode(out, node) };
}

/**
 * The spec as the mutating plugins modelled leave it in the stored Pod, in kube-apiserver's order (AllOrderedPlugins):
 * LimitRanger (the namespace's default requests and limits), Priority (spec.priority, priorityClassName,
 * preemptionPolicy), then RuntimeClass (its overhead, node selector and tolerations: what the pod's usage counts once
 * it is bound). Throws ApiServerRefusal when a plugin refuses the pod, named as the API server names it
 * (admittedPodName); LimitRanger's validation too. ResourceQuota, which depends on the pods before it, is not applied here.
 */
function admitted(workload: KubeObject, spec: PodSpec, ordinal: number): PodSpec {
  const namespace = workload.metadata?.namespace || 'default';
  const out = withRuntimeClass(withPriorityClass(workload, admitLimitRanger(spec, namespace), ordinal), workload, ordinal);
  const refused = validateLimitRanger(out, namespace);
  if (refused !== undefined) throw new ApiServerRefusal(forbiddenPod(admittedPodName(workload, 'validate', ordinal), refused));
  return out;
}

function withPriorityClass(workload: KubeObject, spec: PodSpec, ordinal: number): PodSpec {
  if (!settings().admission.priority) return spec;
  const admission = admitPriority(spec);
  if (admission.refused) throw new ApiServerRefusal(forbiddenPod(admittedPodName(workload, 'admit', ordinal), admission.refused.reason));
  return withPriority(spec, admission);
}

function withRuntimeClass(spec: PodSpec, workload: KubeObject, ordinal: number): PodSpec {
  if (!settings().admission.runtimeClass || (spec.runtimeClassName == null && spec.overhead == null)) return spec;
  const admitted = admitRuntimeClass(spec, spec.tolerations ?? []);
  if (admitted.refused) throw new ApiServerRefusal(forbiddenPod(admittedPodName(workload, admitted.refused.phase, ordinal), admitted.refused.reason));
  const { nodeSelector, overhead, tolerations } = admitted;
  return { ...spec, ...(nodeSelector ? { nodeSelector } : {}), ...(overhead ? { overhead } : {}), ...(tolerations.length ? { tolerations } : {}) };
}

export interface TemplatePodOptions {
  /** A StatefulSet pod's ordinal (default 0). */
  ordinal?: number;
  /** The node a DaemonSet pod is for: its required node affinity is pinned there. Without it, the template's stands. */
  node?: string;
  /** The pod spec to create from (default the template's): a subject's, when tolerations were added to it. */
  spec?: PodSpec;
}

/**
 * The Pod the workload's controller creates, named `name`, as the API server stores it: GetPodFromTemplate (the
 * template's labels, annotations, finalizers and spec; the owner; the workload's namespace), the controller's own
 * labels and fields, then SetObjectDefaults_Pod. Throws ApiServerRefusal when the workload's quantities do not decode.
 */
export function podFromTemplate(workload: KubeObject, name: string, options: TemplatePodOptions = {}): Pod {
  decodes(workload);
  const template = templateOf(workload);
  const meta = template.metadata ?? {};
  const owners = controllerRef(workload);
  const spec = admitted(workload, controllerSpec(workload, options.spec ?? template.spec ?? ({ containers: [] } as unknown as PodSpec), name, options.node, options.ordinal), options.ordinal ?? 0);
  return registered(workload, options.ordinal ?? 0, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: workload.metadata?.namespace || 'default',
      labels: podLabels(workload, meta.labels, name, options.ordinal ?? 0),
      ...(meta.annotations ? { annotations: { ...meta.annotations } } : {}),
      ...(meta.finalizers?.length ? { finalizers: [...meta.finalizers] } : {}),
      ...(owners ? { ownerReferences: owners as never } : {}),
    },
    spec: defaultPodSpec(spec),
  });
}

/** A StatefulSet pod with claim templates is registered with its set and ordinal (pod-storage.ts: its controller's claims). */
function registered(workload: KubeObject, ordinal: number, pod: Pod): Pod {
  // Stryker disable next-line ConditionalExpression: a pod registered without claim templates gets no controller claims (workloadClaims: none), so no template either
  if (claimTemplates(workload).length) registerStatefulSetPod(pod, workload, ordinal);
  return pod;
}

/** The Pod as the API server stores it (SetObjectDefaults_Pod): the same object when no default changes it. */
export function storedPod(pod: Pod): Pod {
  const spec = pod.spec;
  if (!spec) return pod;
  const defaulted = defaultPodSpec(spec);
  return defaulted === spec ? pod : { ...pod, spec: defaulted };
}

/** The name of the pod a workload subject stands for: its controller's first, `<name>-0`. */
const firstPodName = (workload: KubeObject) => `${workload.metadata?.name ?? '<unnamed>'}-0`;

/** What a name the API server gives says where the library cannot know the value: a Deployment's ReplicaSet's hash. */
export const POD_TEMPLATE_HASH_TEXT = '<pod-template-hash>';
/** A CronJob's Job's name ends in its scheduled time in minutes (cronjob/utils.go getTimeHashInMinutes). */
export const SCHEDULED_TIME_TEXT = '<scheduled time>';
/** The 5 random characters the registry appends to a generateName (apiserver storage/names SimpleNameGenerator). */
export const RANDOM_SUFFIX_TEXT = '<random suffix>';

/** controller_utils.go getPodsPrefix: `<controller>-`, or the name alone when the dash makes it too long. */
const podsPrefix = (controller: string, standIn = controller) => (nameIsDNSSubdomain(`${standIn}-`, true).length ? controller : `${controller}-`);

/** A Job's pods' generateName: indexed_job_utils.go podGenerateNameWithIndex for an Indexed Job (58 = MaxGeneratedNameLength), else getPodsPrefix. */
function jobPodPrefix(job: string, jobSpec: { completionMode?: string } | undefined, index: number, standIn = job): string {
  if (jobSpec?.completionMode !== 'Indexed') return podsPrefix(job, standIn);
  const suffix = `-${index}-`;
  return standIn.length + suffix.length > 58 ? job.slice(0, 58 - suffix.length) + suffix : job + suffix;
}

/**
 * The name the API server's admission plugins give a refused Pod (apiserver admission/errors.go extractResourceName:
 * the object's name, else its generateName, else "Unknown"). A Pod and a StatefulSet's pod (`<set>-<ordinal>`) have
 * their name. A controller's other pods are created with a generateName (controller_utils.go GetPodFromTemplate):
 * `<rs>-` for a ReplicaSet's (a Deployment's ReplicaSet is `<deployment>-<pod-template-hash>`), `<ds>-`, `<job>-`
 * (`<job>-<index>-` for an Indexed Job's, job_controller.go). The registry generates the name between the mutating
 * phase (`admit`: the generateName) and the validating phase (`validate`: the generateName and 5 random characters);
 * what the library cannot know is written in angle brackets, which no real name holds.
 */
export function admittedPodName(workload: KubeObject, phase: 'admit' | 'validate', ordinal = 0): string {
  const meta = workload.metadata as (Meta & { generateName?: string }) | undefined;
  const name = meta?.name ?? '';
  const spec = (workload as { spec?: { completionMode?: string; jobTemplate?: { spec?: { completionMode?: string } } } }).spec;
  let generateName: string;
  switch (workload.kind) {
    case 'Pod':
      if (name) return name;
      generateName = meta?.generateName ?? '';
      if (!generateName) return 'Unknown';
      break;
    case 'StatefulSet':
      return `${name}-${ordinal}`;
    case 'Deployment':
      // the hash is at most 10 characters (rand.SafeEncodeString of a uint32)
      generateName = podsPrefix(`${name}-${POD_TEMPLATE_HASH_TEXT}`, `${name}-${'b'.repeat(10)}`);
      break;
    case 'Job':
      generateName = jobPodPrefix(name, spec, ordinal);
      break;
    case 'CronJob':
      // the minutes since 1970 are 8 digits until the year 2160
      generateName = jobPodPrefix(`${name}-${SCHEDULED_TIME_TEXT}`, spec?.jobTemplate?.spec, ordinal, `${name}-${'1'.repeat(8)}`);
      break;
    default:
      generateName = podsPrefix(name);
  }
  return phase === 'admit' ? generateName : `${generateName}${RANDOM_SUFFIX_TEXT}`;
}

const createdSpecs = new PerObjectCache<Subject, PodSpec>();

/**
 * The spec of the Pod the subject stands for, as stored: a Pod's own, or the one the workload's controller gives its
 * first pod (a DaemonSet's for no node in particular), defaulted (SetObjectDefaults_Pod); the subject's spec itself
 * when nothing changes it. Throws ApiServerRefusal when a quantity does not decode. What PodInfo and admission read;
 * the whole Pod (labels, owner) is createdPod's.
 */
export function createdSpec(subject: Subject): PodSpec {
  const hit = createdSpecs.get(subject);
  // Stryker disable next-line ConditionalExpression: a cache: the spec is worked out again, the same
  if (hit !== undefined) return hit;
  const object = subject.object;
  assertDecodes(object, subject.spec);
  // Stryker disable next-line ConditionalExpression, StringLiteral: controllerSpec leaves a Pod's spec as it is
  const spec = subject.kind === 'Pod' ? subject.spec : controllerSpec(object, subject.spec, firstPodName(object), undefined);
  return createdSpecs.set(subject, defaultPodSpec(spec));
}

const labels = new PerObjectCache<Subject, Record<string, string>>();

/**
 * The labels of the Pod the subject stands for (createdPod's), worked out without the rest of the Pod: the incoming
 * pod's labels, which the cluster plugins read for every pod. A workload's template labels are not copied unless
 * the controller adds some: read them, never change them.
 */
export function createdLabels(subject: Subject): Record<string, string> {
  const hit = labels.get(subject);
  // Stryker disable next-line ConditionalExpression: a cache: the labels are worked out again, the same
  if (hit !== undefined) return hit;
  const object = subject.object;
  let out: Record<string, string>;
  // Stryker disable next-line ConditionalExpression, StringLiteral: a Pod's template is the Pod itself (POD_SPEC_PATHS.Pod), and Pod is not a kind podLabels changes
  if (subject.kind === 'Pod') out = (object as Pod).metadata?.labels ?? {};
  else {
    const own = templateOf(object).metadata?.labels;
    // Stryker disable next-line StringLiteral: a kind absent is in the list neither as '' nor as another string
    out = ['StatefulSet', 'Job', 'Deployment'].includes(object.kind ?? '') ? podLabels(object, own, firstPodName(object), 0) : own ?? {};
  }
  return labels.set(subject, out);
}

const created = new PerObjectCache<Subject, Pod>();

/** The Pod the subject stands for, as stored (createdSpec's spec): a Pod itself, or the workload's first pod. */
export function createdPod(subject: Subject): Pod {
  const hit = created.get(subject);
  // Stryker disable next-line ConditionalExpression: a cache: the Pod is made again, the same
  if (hit !== undefined) return hit;
  const spec = createdSpec(subject);
  const object = subject.object;
  const own = object as Pod;
  const pod = subject.kind === 'Pod'
    ? (spec === own.spec ? own : sameController(own, { ...own, spec }))
    // Stryker disable next-line ObjectLiteral: the spec podFromTemplate builds is replaced by `spec`; the subject's differs from the template's in tolerations only, which refuse nothing
    : registered(object, 0, { ...podFromTemplate(object, firstPodName(object), { spec: subject.spec }), spec });
  return created.set(subject, pod);
}
