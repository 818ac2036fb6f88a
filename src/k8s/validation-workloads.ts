// Whole objects as kube-apiserver validates them on create:
// Pod (ValidatePodCreate), PodTemplate, ReplicationController (pkg/apis/core/validation/validation.go),
// Deployment, ReplicaSet, StatefulSet, DaemonSet (pkg/apis/apps/validation/validation.go),
// Job, CronJob (pkg/apis/batch/validation/validation.go), Node (ValidateNode, ValidateNodeResources, spec.podCIDRs),
// PersistentVolumeClaim (validation-claim.ts), PersistentVolume (validation-pv.ts).
import type { FieldError, Node, PodSpec } from '../core/types';
import { gateEnabled, releaseAtLeast, settings } from '../core/config';
import { isDNS1123Label, nameIsDNSLabel, nameIsDNSSubdomain } from './names';
import { Quantity, roundUpToMilli } from './quantity';
import { defaultPodSpec } from './defaults';
import { validateTaints, validateTolerations } from './validation';
import type * as CronValidation from './validation-cron';
import { validatePodCIDRs } from './validation-ip';
import { child, forbidden, goJson, quote, intOrPercentValue, intOrString, invalid, IS_NEGATIVE, named, notMoreThan100Percent, notSupported, Raw, required, validatePositiveIntOrPercent, type IntOrString } from './validation-field';
import type * as TimeZones from './time-zones';
import { commonUpdateErrors, goLabelSelector, metaUpdateErrors, selectorIsEmpty, selectorMatches, validateLabels, validateLabelSelector, validateObjectMeta, type LabelSelector, type ObjectMeta } from './validation-meta';
import { decodeQuantity, mergeLabelKeys, restartPolicyOf, validatePodSpec, validatePodTemplateSpec, validateResourceQuantityValue, validateTemplateAnnotations, withoutImageVolumes, type PodValidationOptions } from './validation-pod';

// A claim's validation, read for a PersistentVolumeClaim and a StatefulSet's volumeClaimTemplates only
const claimValidation = (): typeof ClaimValidation => require('./validation-claim');
// A CronJob's schedule and time zone, read for a CronJob only
const cronValidation = (): typeof CronValidation => require('./validation-cron');
const timeZones = (): typeof TimeZones => require('./time-zones');
// A Job's policies, read for a Job or a CronJob only
const jobValidation = (): typeof JobValidation => require('./validation-job');
// A PodDisruptionBudget's, read for one only
const pdbValidation = (): typeof PdbValidation => require('./validation-pdb');
// A PersistentVolume's, read for one only
const pvValidation = (): typeof PvValidation => require('./validation-pv');
// StorageClasses, CSINodes, CSIDrivers and RuntimeClasses, read for one of them only
const storageValidation = (): typeof StorageValidation => require('./validation-storage');
import { validatePriorityClass, validatePriorityClassUpdate, type PriorityClass } from './priority';
import type * as ClaimValidation from './validation-claim';
import { annotationFieldErrors, podSpecificAnnotationErrors } from './validation-annotations';
import type * as JobValidation from './validation-job';
import type * as PdbValidation from './validation-pdb';
import type * as PvValidation from './validation-pv';
import type * as StorageValidation from './validation-storage';

type Template = { metadata?: ObjectMeta; spec?: PodSpec };
type Obj = { kind?: string; metadata?: ObjectMeta; spec?: Record<string, unknown>; template?: Template; status?: Node['status'] };

const nonnegative = (value: unknown, path: string): FieldError[] =>
  typeof value === 'number' && value < 0 ? [invalid(path, value, IS_NEGATIVE)] : [];

/** @upstream pkg/apis/apps/validation/validation.go */
const NOT_MATCHING = '`selector` does not match template `labels`';

/**
 * A StatefulSet's template with a persistentVolumeClaim volume per volumeClaimTemplate first, then its own volumes of
 * other names: what the API server validates from 1.34 (pkg/apis/apps/validation/validation.go ValidateStatefulSetSpec,
 * volumesToAddForTemplates) and the volumes of the Pods the controller creates (stateful_set_utils.go updateStorage),
 * so a container may mount a claim template by name. Upstream ranges over a Go map for the claim volumes: with
 * several templates their order, and so the indices of errors about the template's volumes, varies; taken here in the
 * templates' order.
 */
function withClaimVolumes(template: Template | undefined, claimTemplates: unknown): Template | undefined {
  const claims = Array.isArray(claimTemplates) ? (claimTemplates as Array<{ metadata?: { name?: string } } | null>) : [];
  if (!template?.spec || !claims.length) return template;
  // PrepareForCreate drops image volumes and their mounts (ImageVolume off, dropImageVolumes) before Validate adds
  // the claim volumes: a claim template of an image volume's name leaves the mounts of that name out
  const spec = withoutImageVolumes(template.spec);
  const names = claims.map((c) => c?.metadata?.name ?? '');
  const byName = [...new Set(names)].map((name) => ({ name, persistentVolumeClaim: { claimName: name } }));
  const own = (spec.volumes ?? []).filter((v) => !names.includes((v as { name?: string } | null)?.name ?? ''));
  return { ...template, spec: { ...spec, volumes: [...byName, ...own] as PodSpec['volumes'] } };
}

/**
 * A StatefulSet's first Pod as its controller names it (initIdentity, pkg/controller/statefulset/stateful_set_utils.go):
 * hostname its pod name, subdomain the set's serviceName, whatever the template says.
 */
function statefulSetIdentity(name: string, spec: Record<string, unknown>): ((pod: PodSpec) => PodSpec) | undefined {
  const start = (spec.ordinals as { start?: unknown } | undefined)?.start ?? 0;
  // a set without a name or with a negative start is refused itself: no Pod of it to name
  if (!name || typeof start !== 'number' || start < 0) return undefined;
  return (pod) => ({ ...pod, hostname: `${name}-${start}`, subdomain: (spec.serviceName as string | undefined) || undefined });
}

/**
 * The labels the StatefulSet controller puts on its first Pod (newVersionedStatefulSetPod): its revision,
 * `controller-revision-hash: <name>-<hash>` (history.ControllerRevisionName), and `statefulset.kubernetes.io/pod-name`.
 * Label values of at most 63 characters, which the API server checks on the Pods and not on the set
 * (kubernetes/kubernetes#64023): a set named with 53 characters or more gets no Pod. The hash (HashControllerRevision:
 * fnv32's sum in decimal) is not worked out here: it is taken as 10 digits, as 77 % of sums are (10⁹ or more), and
 * the message says so.
 */
function statefulSetPodLabelErrors(name: string, spec: Record<string, unknown>): FieldError[] {
  const start = (spec.ordinals as { start?: unknown } | undefined)?.start ?? 0;
  // a set without a name or with a negative start is refused itself: no Pod of it to label
  if (!name || typeof start !== 'number' || start < 0) return [];
  const revision = `${name}-${REVISION_HASH}`;
  return [
    ...validateLabels({ 'controller-revision-hash': revision }, 'spec.template.metadata.labels')
      .map((e) => ({ ...e, message: `${e.message} (${REVISION_HASH} stands for the revision hash, taken as 10 digits as 77 % of hashes are)${podNote('StatefulSet')}` })),
    ...validateLabels({ 'statefulset.kubernetes.io/pod-name': `${name}-${start}` }, 'spec.template.metadata.labels').map((e) => ({ ...e, message: e.message + podNote('StatefulSet') })),
  ];
}
const REVISION_HASH = 'x'.repeat(10);

/** The selector checks of Deployment/ReplicaSet/StatefulSet specs, then ValidatePodTemplateSpecFor{ReplicaSet,StatefulSet}. */
function validateSelectorAndTemplate(spec: Record<string, unknown>, what: string, opts: PodValidationOptions, validateSpec: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const selector = spec.selector as LabelSelector | undefined;
  const template = spec.template as Template | undefined;
  if (!selector) errs.push(required('spec.selector'));
  else {
    errs.push(...validateLabelSelector(selector, 'spec.selector'));
    if (selectorIsEmpty(selector)) errs.push(invalid('spec.selector', goLabelSelector(selector), `empty selector is invalid for ${what}`));
  }
  const matches = selectorMatches(selector, template?.metadata?.labels);
  if (matches === undefined) errs.push(invalid('spec.selector', goLabelSelector(selector), what === 'statefulset' ? '' : 'invalid label selector'));
  else if (!matches && !selectorIsEmpty(selector)) errs.push(invalid('spec.template.metadata.labels', template?.metadata?.labels ?? null, NOT_MATCHING));
  // a StatefulSet's controller sets each Pod's hostname and subdomain, so the template's are not validated; its
  // volumes are validated with the claim templates' (ValidateStatefulSetSpec: volumesToAddForTemplates)
  const withClaims = what === 'statefulset' ? withClaimVolumes(template, spec.volumeClaimTemplates) : template;
  const validated = what === 'statefulset' && withClaims?.spec && (withClaims.spec.hostname || withClaims.spec.subdomain)
    ? { ...withClaims, spec: { ...withClaims.spec, hostname: undefined, subdomain: undefined } }
    : withClaims;
  // a selector that does not parse leaves the template unvalidated (LabelSelectorAsSelector's error branch)
  if (validateSpec && matches !== undefined) errs.push(...validatePodTemplateSpec(validated, 'spec.template', opts));
  return errs;
}

function alwaysRestart(spec: Record<string, unknown>, kind: string): FieldError[] {
  const t = spec.template as Template | undefined;
  const errs: FieldError[] = [];
  // (a policy other than Always is the one written)
  const rp = restartPolicyOf(t?.spec);
  if (rp !== 'Always') errs.push(notSupported('spec.template.spec.restartPolicy', named(String(rp)), ['Always']));
  if (t?.spec?.activeDeadlineSeconds != null) errs.push(forbidden('spec.template.spec.activeDeadlineSeconds', `activeDeadlineSeconds in ${kind} is not Supported`));
  return errs;
}

/** validateJobSpec: counts, the template, and a restart policy of OnFailure or Never. */
function validateJobSpec(spec: Record<string, unknown> | undefined, path: string, opts: PodValidationOptions, cronJob = false): FieldError[] {
  const s = spec ?? {};
  const errs: FieldError[] = [];
  for (const f of ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit', 'ttlSecondsAfterFinished']) errs.push(...nonnegative(s[f], child(path, f)));
  const mode = s.completionMode;
  if (mode != null) {
    if (mode !== 'NonIndexed' && mode !== 'Indexed') errs.push(notSupported(child(path, 'completionMode'), named(String(mode)), ['NonIndexed', 'Indexed']));
    if (mode === 'Indexed') {
      if (s.completions == null) errs.push(required(child(path, 'completions'), 'when completion mode is Indexed'));
      // maxParallelismForIndexedJob
      if (typeof s.parallelism === 'number' && s.parallelism > 100000) {
        errs.push(invalid(child(path, 'parallelism'), s.parallelism, 'must be less than or equal to 100000 when completion mode is Indexed'));
      }
    }
  }
  // per-index backoff, the failure, success and replacement policies (validation-job.ts)
  errs.push(...jobValidation().jobPolicyErrors(s, path, cronJob));
  const template = s.template as Template | undefined;
  errs.push(...validatePodTemplateSpec(template, child(path, 'template'), opts));
  const rp = template?.spec?.restartPolicy ?? '';
  const rpPath = child(path, 'template.spec.restartPolicy');
  // an empty restartPolicy is defaulted to Always, hence "Required" for both
  if (rp === '' || rp === 'Always') errs.push(required(rpPath, 'valid values: "OnFailure", "Never"'));
  else if (rp !== 'OnFailure' && rp !== 'Never') errs.push(notSupported(rpPath, named(String(rp)), ['OnFailure', 'Never']));
  else if (s.podFailurePolicy && rp !== 'Never') errs.push(invalid(rpPath, rp, 'only "Never" is supported when podFailurePolicy is specified'));
  return errs;
}

function validateCronJobSpec(spec: Record<string, unknown> | undefined, opts: PodValidationOptions, update = false): FieldError[] {
  const s = spec ?? {};
  const errs: FieldError[] = [];
  const schedule = typeof s.schedule === 'string' ? s.schedule : '';
  if (!schedule) errs.push(required('spec.schedule'));
  else if (schedule.includes('TZ') && update) {
    // an update whose stored schedule has TZ allows it (validateScheduleFormat's allowTZInSchedule), but not with a timeZone
    const err = cronValidation().parseStandardError(schedule.replace(/^(CRON_)?TZ=\S*\s*/, ''));
    if (err) errs.push(invalid('spec.schedule', schedule, err));
    if (s.timeZone != null) errs.push(invalid('spec.schedule', schedule, 'cannot use both timeZone field and TZ or CRON_TZ in schedule'));
  } else if (schedule.includes('TZ')) {
    errs.push(invalid('spec.schedule', schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  } else {
    const err = cronValidation().parseStandardError(schedule);
    if (err) errs.push(invalid('spec.schedule', schedule, err));
  }
  errs.push(...nonnegative(s.startingDeadlineSeconds, 'spec.startingDeadlineSeconds'));
  // (validated on create and when changed: a stored one is as it was)
  if (typeof s.timeZone === 'string' && !update) {
    const tz = s.timeZone;
    if (!tz) errs.push(invalid('spec.timeZone', tz, 'timeZone must be nil or non-empty string'));
    // Stryker disable next-line MethodExpression,ArrowFunction,LogicalOperator: no name of the database fails these part checks: refused below with the same message
    else if (tz.split('/').some((p) => p === '.' || p === '..' || p.startsWith('-') || !/^[A-Za-z.\-_0-9+]{1,14}$/.test(p))) {
      errs.push(invalid('spec.timeZone', tz, `unknown time zone ${tz}`));
    } else {
      // strings.EqualFold(tz, "Local"), then time.LoadLocation, which takes "Local" itself but not "local" or "LOCAL"
      if (tz.toLowerCase() === 'local') errs.push(invalid('spec.timeZone', tz, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'));
      if (tz !== 'Local' && !knownTimeZone(tz)) errs.push(invalid('spec.timeZone', tz, `unknown time zone ${tz}`));
    }
  }
  const cp = s.concurrencyPolicy;
  if (cp != null && cp !== 'Allow' && cp !== 'Forbid' && cp !== 'Replace') errs.push(notSupported('spec.concurrencyPolicy', named(String(cp)), ['Allow', 'Forbid', 'Replace']));
  const jobSpec = (s.jobTemplate as { spec?: Record<string, unknown> } | undefined)?.spec;
  errs.push(...validateJobSpec(jobSpec, 'spec.jobTemplate.spec', opts, true));
  if (jobSpec?.selector) errs.push(invalid('spec.jobTemplate.spec.selector', goLabelSelector(jobSpec.selector as LabelSelector), '`selector` will be auto-generated'));
  if (jobSpec?.manualSelector === true) errs.push(notSupported('spec.jobTemplate.spec.manualSelector', true, ['nil', 'false']));
  errs.push(...nonnegative(s.successfulJobsHistoryLimit, 'spec.successfulJobsHistoryLimit'));
  errs.push(...nonnegative(s.failedJobsHistoryLimit, 'spec.failedJobsHistoryLimit'));
  return errs;
}

/**
 * time.LoadLocation's verdict: a name of the database kube-apiserver embeds, spelt as it is there (time-zones.ts; the
 * lookup is case-sensitive, so `europe/paris`, `utc` and a link in another case, `us/eastern`, are unknown).
 */
const knownTimeZone = (tz: string): boolean => timeZones().GO_TIME_ZONES.has(tz);

/** status.capacity and status.allocatable (ValidateNodeResources), each amount as decoded and defaulted. */
function validateNodeResources(node: Node): FieldError[] {
  const errs: FieldError[] = [];
  // SetDefaults_NodeStatus: a node without allocatable gets a copy of its capacity
  // (a quantity that does not decode fails the decoding before any defaulting: reported once, at capacity)
  const copied = Object.fromEntries(Object.entries((node.status?.capacity as Record<string, unknown>) ?? {}).filter(([n, raw]) => decodeQuantity(raw, n) instanceof Quantity));
  const lists = { capacity: node.status?.capacity, allocatable: node.status?.allocatable ?? (node.status?.capacity ? copied : undefined) };
  for (const list of ['capacity', 'allocatable'] as const) {
    for (const [name, raw] of Object.entries((lists[list] as Record<string, unknown>) ?? {})) {
      const path = `status.${list}.${name}`;
      const q = decodeQuantity(raw, path);
      // (rounded up to milli-units as SetObjectDefaults_Node's SetDefaults_ResourceList leaves them: `1500u` is 2m)
      errs.push(...(q instanceof Quantity ? validateResourceQuantityValue(name, roundUpToMilli(q), path) : [q]));
    }
  }
  return errs;
}


// --- update strategies (apps/validation: ValidatePositiveIntOrPercent, IsNotMoreThan100Percent,
// ValidateRollingUpdateDeployment, ValidateDeploymentStrategy, ValidateRollingUpdateDaemonSet, ValidateDaemonSetUpdateStrategy),
// on the values SetDefaults_Deployment / SetDefaults_DaemonSet leave (25%/25%; maxUnavailable 1, maxSurge 0).

/**
 * json.Marshal of an internal strategy struct (no json tags: Go's field names), as NotSupported/Invalid print it.
 * The internal RollingUpdate structs hold IntOrString values, not pointers: an unset one is 0.
 */
const goStrategy = (type: string, rollingUpdate: { maxUnavailable?: IntOrString; maxSurge?: IntOrString } | undefined) =>
  new Raw(goJson({ Type: type, RollingUpdate: rollingUpdate == null ? null : { MaxUnavailable: rollingUpdate.maxUnavailable ?? 0, MaxSurge: rollingUpdate.maxSurge ?? 0 } }));

/** json.Marshal of the internal RollingUpdateStatefulSetStrategy (Partition int32, MaxUnavailable *IntOrString). */
const goStatefulSetRollingUpdate = (ru: { partition?: number; maxUnavailable?: IntOrString } | undefined) =>
  ru == null ? null : { Partition: ru.partition ?? 0, MaxUnavailable: ru.maxUnavailable ?? null };

function validateDeploymentStrategy(strategy: { type?: string; rollingUpdate?: { maxUnavailable?: IntOrString; maxSurge?: IntOrString } } | undefined): FieldError[] {
  const type = strategy?.type || 'RollingUpdate';
  if (type === 'Recreate') {
    // Stryker disable next-line OptionalChaining: a type other than the default comes from a strategy
    return strategy?.rollingUpdate ? [forbidden('spec.strategy.rollingUpdate', "may not be specified when strategy `type` is 'Recreate'")] : [];
  }
  if (type !== 'RollingUpdate') {
    // Stryker disable next-line OptionalChaining: a type other than the default comes from a strategy
    return [notSupported('spec.strategy', goStrategy(type, strategy?.rollingUpdate), ['Recreate', 'RollingUpdate'])];
  }
  // ValidateRollingUpdateDeployment, in its order
  const path = 'spec.strategy.rollingUpdate';
  const maxUnavailable = strategy?.rollingUpdate?.maxUnavailable ?? '25%';
  const maxSurge = strategy?.rollingUpdate?.maxSurge ?? '25%';
  const errs = [...validatePositiveIntOrPercent(maxUnavailable, `${path}.maxUnavailable`), ...validatePositiveIntOrPercent(maxSurge, `${path}.maxSurge`)];
  if (intOrPercentValue(maxUnavailable) === 0 && intOrPercentValue(maxSurge) === 0) {
    errs.push(invalid(`${path}.maxUnavailable`, intOrString(maxUnavailable), 'may not be 0 when `maxSurge` is 0'));
  }
  errs.push(...notMoreThan100Percent(maxUnavailable, `${path}.maxUnavailable`));
  return errs;
}

function validateDaemonSetUpdateStrategy(strategy: { type?: string; rollingUpdate?: { maxUnavailable?: IntOrString; maxSurge?: IntOrString } } | undefined): FieldError[] {
  const type = strategy?.type || 'RollingUpdate';
  if (type === 'OnDelete') return [];
  if (type !== 'RollingUpdate') {
    // Stryker disable next-line OptionalChaining: a type other than the default comes from a strategy
    return [notSupported('spec.updateStrategy', goStrategy(type, strategy?.rollingUpdate), ['RollingUpdate', 'OnDelete'])];
  }
  // ValidateRollingUpdateDaemonSet, in its order
  const path = 'spec.updateStrategy.rollingUpdate';
  const maxUnavailable = strategy?.rollingUpdate?.maxUnavailable ?? 1;
  const maxSurge = strategy?.rollingUpdate?.maxSurge ?? 0;
  const errs = [
    ...validatePositiveIntOrPercent(maxUnavailable, `${path}.maxUnavailable`), ...validatePositiveIntOrPercent(maxSurge, `${path}.maxSurge`),
    ...notMoreThan100Percent(maxUnavailable, `${path}.maxUnavailable`), ...notMoreThan100Percent(maxSurge, `${path}.maxSurge`),
  ];
  const [hasUnavailable, hasSurge] = [intOrPercentValue(maxUnavailable) !== 0, intOrPercentValue(maxSurge) !== 0];
  if (hasUnavailable && hasSurge) errs.push(invalid(`${path}.maxSurge`, intOrString(maxSurge), 'may not be set when maxUnavailable is non-zero'));
  if (!hasUnavailable && !hasSurge) errs.push(required(`${path}.maxUnavailable`, 'cannot be 0 when maxSurge is 0'));
  return errs;
}

function validateStatefulSetPolicies(spec: Record<string, unknown>, update: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const policy = spec.podManagementPolicy;
  if (policy != null && policy !== 'OrderedReady' && policy !== 'Parallel') {
    errs.push(invalid('spec.podManagementPolicy', policy, "must be 'OrderedReady' or 'Parallel'"));
  }
  const strategy = spec.updateStrategy as { type?: string; rollingUpdate?: { partition?: number; maxUnavailable?: IntOrString } } | undefined;
  const type = strategy?.type || 'RollingUpdate';
  const ru = strategy?.rollingUpdate;
  if (type === 'OnDelete' && ru) {
    const value = new Raw(goJson(goStatefulSetRollingUpdate(ru)));
    errs.push(invalid('spec.updateStrategy.rollingUpdate', value, "only allowed for updateStrategy 'RollingUpdate'"));
  } else if (type === 'RollingUpdate') {
    errs.push(...nonnegative(ru?.partition, 'spec.updateStrategy.rollingUpdate.partition'));
    // validateRollingUpdateStatefulSet's maxUnavailable: dropped on create while MaxUnavailableStatefulSet is off
    // (pkg/registry/apps/statefulset/strategy.go dropStatefulSetDisabledFields), kept on update when the stored set
    // uses it (maxUnavailableInUse), else a positive int or percent ≤ 100%
    const max = ru?.maxUnavailable;
    if (max != null && (update || gateEnabled('MaxUnavailableStatefulSet'))) {
      const path = 'spec.updateStrategy.rollingUpdate.maxUnavailable';
      errs.push(...validatePositiveIntOrPercent(max, path));
      if (intOrPercentValue(max) === 0) errs.push(invalid(path, intOrString(max), 'cannot be 0'));
      errs.push(...notMoreThan100Percent(max, path));
    }
  } else if (type !== 'OnDelete') {
    errs.push(invalid('spec.updateStrategy', new Raw(goJson({ Type: type, RollingUpdate: goStatefulSetRollingUpdate(ru) })), "must be 'RollingUpdate' or 'OnDelete'"));
  }
  // ValidatePersistentVolumeClaimRetentionPolicy: whenDeleted and whenScaled Retain or Delete (SetDefaults_StatefulSet
  // fills an absent one with Retain)
  const retention = spec.persistentVolumeClaimRetentionPolicy as Record<string, unknown> | null | undefined;
  for (const when of ['whenDeleted', 'whenScaled']) {
    const v = retention?.[when];
    if (typeof v === 'string' && v !== '' && v !== 'Retain' && v !== 'Delete') {
      errs.push(notSupported(`spec.persistentVolumeClaimRetentionPolicy.${when}`, named(v), ['Retain', 'Delete']));
    }
  }
  return errs;
}

const counts = (spec: Record<string, unknown>, fields: string[]) => fields.flatMap((f) => nonnegative(spec[f], `spec.${f}`));

const podNote = (kind: string) => ` (the API server accepts the ${kind} but refuses every Pod it creates)`;

// Labels the controllers put on the Pods they create, besides the template's: only their keys matter here (a
// matchLabelKeys key the pod carries), so the values are left empty. Job labels: generateSelectorIfNeeded (job
// strategy.go) and the job controller's completion index; the others: the Deployment, StatefulSet and DaemonSet controllers.
const CONTROLLER_LABELS: Record<string, string[]> = {
  Deployment: ['pod-template-hash'],
  StatefulSet: ['controller-revision-hash', 'statefulset.kubernetes.io/pod-name', 'apps.kubernetes.io/pod-index'],
  DaemonSet: ['controller-revision-hash', 'pod-template-generation'],
  Job: ['controller-uid', 'batch.kubernetes.io/controller-uid', 'job-name', 'batch.kubernetes.io/job-name'],
};

/** The labels of a Pod the controller of `kind` creates from `template` (an Indexed Job's pods also carry their index). */
function createdPodLabels(kind: string, template: Template | undefined, jobSpec?: Record<string, unknown>): Record<string, string> {
  // Stryker disable next-line ArrayDeclaration: a made-up key only matters to a matchLabelKeys naming it, which is no valid label key
  const keys = jobSpec?.manualSelector === true ? [] : [...(CONTROLLER_LABELS[kind] ?? [])];
  if (jobSpec?.completionMode === 'Indexed') keys.push('batch.kubernetes.io/job-completion-index');
  return { ...Object.fromEntries(keys.map((k) => [k, ''])), ...template?.metadata?.labels };
}

/**
 * What refuses the Pods a controller creates from a template the API server accepted: Pod create defaults the pod
 * (SetDefaults_Pod: a hostNetwork pod's ports get hostPort = containerPort, so two containers on one port repeat a
 * host port, AccumulateUniqueHostPorts) and merges matchLabelKeys into the selectors before validating
 * (mergeLabelKeys), neither of which the template's validation does — e.g. a key both in the selector and in
 * matchLabelKeys; and it runs the checks only a Pod gets (ValidatePodCreate: nodeName with schedulingGates;
 * validateContainerOnlyForPod: an image with spaces around it). These are the errors they add.
 */
function createdPodErrors(
  kind: string, template: Template | undefined, labels: Record<string, string>, path: string, opts: PodValidationOptions, specValidated = true,
  identity?: (pod: PodSpec) => PodSpec,
): FieldError[] {
  const spec = template?.spec;
  const labelled = mergeLabelKeys(spec, labels);
  const merged = labelled && defaultPodSpec(identity ? identity(labelled) : labelled);
  const before = new Map<string, number>();
  // a template whose spec the API server does not validate (a StatefulSet's before 1.34): every error is the Pods'
  if (specValidated) for (const e of validatePodSpec(spec, path, opts)) before.set(JSON.stringify(e), (before.get(JSON.stringify(e)) ?? 0) + 1);
  // a template not validated (a StatefulSet's before 1.34): its Pods' create checks the deprecated annotations against
  // the fields too, after copying an AppArmor annotation to its container's field (annotationFieldErrors)
  const annotations = specValidated || !merged ? [] : annotationFieldErrors(template?.metadata?.annotations, merged, path, true);
  // the Pods are a create: validated without the update's options (what a stored template holds is not allowed in them)
  return [...validatePodSpec(merged, path, { ...opts, isPod: true, update: false }), ...annotations]
    .filter((e) => {
      const n = before.get(JSON.stringify(e)) ?? 0;
      before.set(JSON.stringify(e), n - 1);
      return n <= 0;
    })
    .map((e) => ({ ...e, message: e.message + podNote(kind) }));
}

/** ValidateJob after the create path's SetDefaults_Job and generateSelectorIfNeeded. */
function validateJob(object: Obj, template: PodValidationOptions): FieldError[] {
  const spec = object.spec ?? {};
  const name = object.metadata?.name ?? '';
  // generateSelectorIfNeeded (pkg/registry/batch/job/strategy.go): without manualSelector the API server adds the
  // job-name and batch.kubernetes.io/job-name labels (unless given) to the template before validating it
  const t = spec.template as Template | undefined;
  const labels = { 'job-name': name, 'batch.kubernetes.io/job-name': name, ...t?.metadata?.labels };
  // SetDefaults_Job (pkg/apis/batch/v1/defaults.go): completions and parallelism 1 when both are unset, and a Job
  // without labels takes its template's
  const defaulted = spec.completions == null && spec.parallelism == null ? { ...spec, completions: 1, parallelism: 1 } : spec;
  const validated = spec.manualSelector === true ? defaulted : { ...defaulted, template: { ...t, metadata: { ...t?.metadata, labels } } };
  const ownLabels = object.metadata?.labels && Object.keys(object.metadata.labels).length ? object.metadata.labels : t?.metadata?.labels;
  const meta = ownLabels ? { ...object.metadata, labels: ownLabels } : object.metadata;
  const errs = [...validateObjectMeta(meta, true, nameIsDNSSubdomain), ...validateJobSpec(validated, 'spec', template)];
  if (spec.manualSelector === true) {
    const selector = spec.selector as LabelSelector | undefined;
    if (!selector) errs.push(required('spec.selector'));
    else errs.push(...validateLabelSelector(selector, 'spec.selector'));
    const labels = (spec.template as Template | undefined)?.metadata?.labels;
    // LabelSelectorAsSelector(nil) selects nothing, so a missing selector never matches (ValidateJobSpec)
    if (selectorMatches(selector, labels) === false) errs.push(invalid('spec.template.metadata.labels', labels ?? null, NOT_MATCHING));
  }
  errs.push(...indexedNameErrors(name, defaulted));
  const vt = validated.template as Template | undefined;
  return [...errs, ...createdPodErrors('Job', vt, createdPodLabels('Job', vt, spec), 'spec.template.spec', template)];
}

/** validateNameAllowsCompletions: an Indexed Job's last pod hostname `<name>-<completions-1>` must be a DNS label. */
function indexedNameErrors(name: string, spec: Record<string, unknown>): FieldError[] {
  const completions = spec.completions;
  if (spec.completionMode !== 'Indexed' || typeof completions !== 'number' || completions <= 0) return [];
  const hostname = `${name}-${completions - 1}`;
  return isDNS1123Label(hostname).length ? [invalid('metadata.name', name, `will not able to create pod with invalid DNS label: ${hostname}`)] : [];
}

const JOB_UID = 'controller-uid';
const JOB_NAME = 'job-name';
const BATCH_UID = 'batch.kubernetes.io/controller-uid';
const BATCH_NAME = 'batch.kubernetes.io/job-name';

/**
 * validateGeneratedSelector (pkg/apis/batch/validation/validation.go): a Job whose selector was generated (no
 * manualSelector) has a uid, its template the controller-uid and job-name labels of its uid and name (the prefixed ones
 * when `prefixed`), and its selector selects them.
 */
function generatedSelectorErrors(object: Obj, prefixed: boolean): FieldError[] {
  const spec = object.spec ?? {};
  const selector = spec.selector as LabelSelector | undefined;
  if (spec.manualSelector === true || !selector) return [];
  const uid = String((object.metadata as { uid?: string } | undefined)?.uid ?? '');
  const name = object.metadata?.name ?? '';
  const errs: FieldError[] = uid ? [] : [required('metadata.uid')];
  const labels = (spec.template as Template | undefined)?.metadata?.labels ?? {};
  const hasLabel = (key: string, value: string) => {
    const field = `spec.template.metadata.labels[${key}]`;
    if (!Object.prototype.hasOwnProperty.call(labels, key)) errs.push(required(field, `must be '${value}'`));
    else if (labels[key] !== value) errs.push(invalid(field, labels, `must be '${value}'`));
  };
  hasLabel(JOB_UID, uid);
  hasLabel(JOB_NAME, name);
  const expected: Record<string, string> = { [JOB_UID]: uid, [JOB_NAME]: name };
  if (prefixed) {
    hasLabel(BATCH_UID, uid);
    hasLabel(BATCH_NAME, name);
    Object.assign(expected, { [BATCH_UID]: uid, [BATCH_NAME]: name });
  }
  if (selectorMatches(selector, expected) === false) errs.push(invalid('spec.selector', goLabelSelector(selector), '`selector` not auto-generated'));
  return errs;
}

/**
 * A Job read from a cluster as upstream's update of itself (pkg/registry/batch/job/strategy.go ValidateUpdate with
 * validationOptionsForJob of the stored Job): validateCommonFields, then before 1.37 the create's ValidateJob (the
 * name's DNS-subdomain rule, validateGeneratedSelector, ValidateJobSpec, the Indexed hostnames) and ValidateJobUpdate
 * (ValidateObjectMetaUpdate, ValidateJobSpec again, the immutable fields, unchanged, and the hostnames again: each spec
 * error twice); from 1.37 ValidateJobUpdate alone. No selector is generated on update: a Job as written, without the
 * selector its create was given, is told its selector is required and does not match its template. The template with
 * the stored template's options; the stored selector's invalid label values allowed; the prefixed labels required only
 * when the stored template has both (RequirePrefixedLabels).
 */
function validateJobUpdate(object: Obj, opts: PodValidationOptions): FieldError[] {
  const meta = object.metadata ?? {};
  const given = object.spec ?? {};
  // SetDefaults_Job (the decoder's): completions and parallelism 1 when both are unset, a Job without labels its template's
  const spec = given.completions == null && given.parallelism == null ? { ...given, completions: 1, parallelism: 1 } : given;
  const t = spec.template as Template | undefined;
  const own = meta.labels && Object.keys(meta.labels).length ? meta.labels : t?.metadata?.labels;
  const job = { ...object, metadata: own ? { ...meta, labels: own } : meta, spec };
  const selector = spec.selector as LabelSelector | undefined;
  const jobSpec = [...validateJobSpec(spec, 'spec', opts), ...(selector ? validateLabelSelector(selector, 'spec.selector', true) : [required('spec.selector')])];
  // LabelSelectorAsSelector(nil) selects nothing: a missing selector never matches
  if (selectorMatches(selector, t?.metadata?.labels) === false) jobSpec.push(invalid('spec.template.metadata.labels', t?.metadata?.labels ?? null, NOT_MATCHING));
  // the Indexed hostnames: ValidateJob's before 1.37, ValidateJobUpdate's from 1.37 (once either way)
  const errs = [...commonUpdateErrors(job, true), ...metaUpdateErrors(job.metadata, true), ...jobSpec, ...indexedNameErrors(meta.name ?? '', spec)];
  if (!releaseAtLeast('1.37')) {
    const labels = t?.metadata?.labels ?? {};
    const prefixed = BATCH_NAME in labels && BATCH_UID in labels;
    errs.push(...validateObjectMeta(job.metadata, true, nameIsDNSSubdomain), ...generatedSelectorErrors(job, prefixed), ...jobSpec);
  }
  // at 1.33 PrepareForUpdate (DropDisabledTemplateFields) drops a stored `resources: {}` of the template's spec, and
  // validatePodTemplateUpdate finds the template changed (Go's %#v of it, with its pointers' addresses, not written here)
  if (dropsPodResources(t?.spec as Record<string, any> | undefined)) errs.push(invalid('spec.template', new Raw('core.PodTemplateSpec{…}'), 'field is immutable'));
  return [...errs, ...createdPodErrors('Job', t, createdPodLabels('Job', t, spec), 'spec.template.spec', opts)];
}

/**
 * The API server's create validation for the kinds the matchers take (`update`: a Pod's or StatefulSet's update of itself, see
 * engine/validate.ts validateInput); [] for other kinds. From 1.37 the errors
 * that declarative validation covers (labels, resource requirements, …) come back once: the API server drops the
 * handwritten ones and appends the declarative error (apiserver pkg/registry/rest/validate.go
 * ValidateDeclarativelyWithMigrationChecks), so a check run twice upstream (ValidateLabels on a StatefulSet
 * template, two labels with one bad value) no longer repeats its error.
 */
export function validateObject(object: Obj, comparisonOperators: boolean, update = false): FieldError[] {
  const errs = update && !releaseAtLeast('1.34') && (object.kind === 'ReplicaSet' || object.kind === 'DaemonSet')
    ? replicaSetDaemonSetUpdate133(object, comparisonOperators)
    : validateKind(update ? object : withGeneratedName(object), comparisonOperators, update);
  if (!releaseAtLeast('1.37')) return errs;
  const seen = new Set<string>();
  return errs.filter((e) => {
    const id = `${e.field}\u0000${e.message}`;
    return !seen.has(id) && !!seen.add(id);
  });
}

/**
 * At 1.33 a ReplicaSet's and a DaemonSet's update runs the create's ValidateReplicaSet / ValidateDaemonSet (the name's
 * DNS-subdomain rule included) with the update's template options, then ValidateReplicaSetUpdate /
 * ValidateDaemonSetUpdate (pkg/registry/apps/{replicaset,daemonset}/strategy.go, v1.33.13): the spec's errors twice.
 * From 1.34 the strategies run the update's alone. The created Pods' errors (a create) are counted once.
 */
function replicaSetDaemonSetUpdate133(object: Obj, comparisonOperators: boolean): FieldError[] {
  const note = podNote(object.kind ?? '');
  const updated = validateKind(object, comparisonOperators, true).filter((e) => !e.message.endsWith(note));
  return [...updated, ...validateKind(object, comparisonOperators, false, true)];
}

/**
 * The create path names an object from its generateName before validating it (apiserver pkg/registry/rest/create.go,
 * storage/names/generate.go SimpleNameGenerator: at most 58 characters of it, then 5 random ones from utilrand's
 * alphabet): an Indexed Job's pod hostnames, a CronJob's 52-character limit and the name's own checks read that name.
 * `xxxxx` stands for the random part.
 */
function withGeneratedName(object: Obj): Obj {
  const meta = object.metadata;
  if (!meta?.generateName || meta.name) return object;
  return { ...object, metadata: { ...meta, name: `${meta.generateName.slice(0, 58)}xxxxx` } };
}

/**
 * ValidateStatefulSet (pkg/apis/apps/validation/validation.go), on create or as an update of itself. From 1.34
 * ValidateStatefulSetUpdate validates the stored spec first and, when it has any error, skips the template's spec
 * (setOpts.SkipValidatePodTemplateSpec: "tolerate the existing sts"): the stored set is then checked as at 1.33.
 */
function validateStatefulSet(object: Obj, template: PodValidationOptions, update: boolean): FieldError[] {
  const full = statefulSetErrors(object, template, update, releaseAtLeast('1.34'));
  if (!update || !releaseAtLeast('1.34')) return full;
  const note = podNote('StatefulSet');
  const own = full.filter((e) => !e.field.startsWith('metadata.') && !e.message.endsWith(note));
  return own.length ? statefulSetErrors(object, template, update, false) : full;
}

function statefulSetErrors(object: Obj, template: PodValidationOptions, update: boolean, specValidated: boolean): FieldError[] {
  const spec = object.spec ?? {};
  // ValidateStatefulSetSpec, in its order: since 1.34 (kubernetes#131790) the template's spec is validated at
  // create too (ValidatePodTemplateSpecForStatefulSet), after the selector match; then its labels once more.
  // Before (v1.33.13) only the template's labels and annotations are: a bad spec refuses the Pods, not the set.
  const t = spec.template as Template | undefined;
  const parsed = selectorMatches(spec.selector as LabelSelector | undefined, t?.metadata?.labels) !== undefined;
  return [
    ...workloadMetaErrors(object, nameIsDNSLabel, update),
    ...validateStatefulSetPolicies(spec, update),
    // since 1.34 (validateVolumeClaimTemplates, absent at v1.33.13) each volumeClaimTemplate's spec, on create
    // only (ValidateStatefulSetUpdate: SkipValidateVolumeClaimTemplates); otherwise the claims the controller
    // creates are refused instead (placement/replicas.ts noPodsReason)
    ...(releaseAtLeast('1.34') && !update && spec.volumeClaimTemplates != null ? claimValidation().validateClaimTemplates(spec.volumeClaimTemplates as never) : []),
    ...counts(spec, ['replicas', 'minReadySeconds']),
    ...(spec.ordinals != null ? nonnegative((spec.ordinals as { start?: unknown }).start, 'spec.ordinals.start') : []),
    // a DNS label on create (AllowInvalidServiceName only on update: the field is immutable)
    ...(!update && typeof spec.serviceName === 'string' && spec.serviceName ? isDNS1123Label(spec.serviceName).map((m) => invalid('spec.serviceName', spec.serviceName, m)) : []),
    ...validateSelectorAndTemplate(spec, 'statefulset', template, specValidated),
    // the second look at the labels sits in ValidatePodTemplateSpecForStatefulSet too: skipped with an unparsable selector
    ...(parsed ? validateLabels(t?.metadata?.labels, 'spec.template.labels') : []),
    ...(parsed && !specValidated ? validateTemplateAnnotations(t, 'spec.template') : []),
    // and ValidatePodSpecificAnnotations once more (v1.33.13 … v1.36: twice from 1.34 with the template's own)
    ...(parsed ? podSpecificAnnotationErrors(t?.metadata?.annotations, (t?.spec ?? {}) as PodSpec, 'spec.template.annotations', update, template.comparisonOperators) : []),
    ...alwaysRestart(spec, 'StatefulSet'),
    ...createdPodErrors('StatefulSet', withClaimVolumes(t, spec.volumeClaimTemplates), createdPodLabels('StatefulSet', t), 'spec.template.spec', template, specValidated, statefulSetIdentity(object.metadata?.name ?? '', spec)),
    // (a set read from a cluster has Pods already, whatever their labels: not checked again)
    ...(update ? [] : statefulSetPodLabelErrors(object.metadata?.name ?? '', spec)),
  ];
}

/** v1.33.13's api.DeprecatedAppArmorAnnotationKeyPrefix, and the annotation value of each profile type (appArmorAnnotationForField). */
const APPARMOR_KEY_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';
const APPARMOR_VALUE: Record<string, (p: { localhostProfile?: string }) => string | undefined> = {
  Unconfined: () => 'unconfined',
  RuntimeDefault: () => 'runtime/default',
  Localhost: (p) => (p.localhostProfile != null ? `localhost/${p.localhostProfile}` : undefined),
};

/**
 * A Pod's metadata as v1.33.13's PrepareForCreate leaves it (pkg/registry/core/pod/strategy.go applyAppArmorVersionSkew):
 * each container (init, regular, ephemeral) with an AppArmor profile of its own or the pod's, and no annotation of its
 * name, gets `container.apparmor.security.beta.kubernetes.io/<name>`, whose key ValidateObjectMeta then checks (a
 * container without a name makes a key without a name part). From 1.34 the field is no longer copied to annotations.
 */
function withAppArmorAnnotations(pod: Obj): Obj['metadata'] {
  const spec = (pod.spec ?? {}) as Record<string, any>;
  if (releaseAtLeast('1.34') || spec.os?.name === 'windows') return pod.metadata;
  const podProfile = spec.securityContext?.appArmorProfile;
  const annotations: Record<string, string> = { ...(pod.metadata?.annotations ?? {}) };
  let added = false;
  for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])] as Array<Record<string, any>>) {
    const key = APPARMOR_KEY_PREFIX + String(c?.name ?? '');
    const profile = c?.securityContext?.appArmorProfile ?? podProfile;
    const value = profile && APPARMOR_VALUE[profile.type]?.(profile);
    if (Object.prototype.hasOwnProperty.call(annotations, key) || !value) continue;
    annotations[key] = value;
    added = true;
  }
  return added ? { ...pod.metadata, annotations } : pod.metadata;
}

const MAX_INT32 = 2147483647;

/**
 * ValidateNode; `update`: the update of itself (pkg/registry/core/node/strategy.go ValidateUpdate): validateCommonFields,
 * ValidateNode, then ValidateNodeUpdate, which checks the labels and annotations, the resources and the taints once
 * more (before 1.37 each of their errors twice; validateObject keeps one from 1.37).
 */
function validateNode(object: Obj, update: boolean): FieldError[] {
  const node = object as Node;
  // cluster-scoped: the API server clears metadata.namespace before validating
  const meta = { ...(object.metadata ?? {}), namespace: undefined };
  // Stryker disable next-line BooleanLiteral: with the namespace cleared, namespaced or not reads the same
  const created = [...validateObjectMeta(meta, false, nameIsDNSSubdomain), ...validateTaints(node.spec?.taints), ...validateNodeResources(node), ...validatePodCIDRs(node.spec)];
  if (!update) return created;
  return [...commonUpdateErrors(object), ...created, ...metaUpdateErrors(object.metadata, true), ...validateNodeResources(node), ...validateTaints(node.spec?.taints)];
}

/**
 * A Pod's update of itself (pkg/registry/core/pod/strategy.go ValidateUpdate → ValidatePodUpdate, after
 * apiserver's validateCommonFields): the metadata's labels and annotations again (ValidateObjectMetaUpdate), the
 * create's checks (`created`: validatePodMetadataAndSpec), the pod-specific annotations again
 * (ValidatePodSpecificAnnotationUpdates), each container's image again (ValidateContainerUpdates: required, no
 * surrounding whitespace), an activeDeadlineSeconds out of [0, MaxInt32] (which ends the validation), then the
 * tolerations again (validateOnlyAddedTolerations), and last the spec's equality with the stored one (at 1.33 a
 * dropped `resources: {}` breaks it: droppedPodResourcesErrors). Before 1.37 each error comes as often as these checks
 * find it.
 */
function podUpdateErrors(object: Obj, created: FieldError[], comparisonOperators: boolean): FieldError[] {
  const spec = (object.spec ?? {}) as Record<string, any>;
  const errs = [
    ...commonUpdateErrors(object, true),
    ...metaUpdateErrors(object.metadata, true),
    ...created,
    ...podSpecificAnnotationErrors(object.metadata?.annotations, spec as unknown as PodSpec, 'metadata.annotations', true, comparisonOperators),
  ];
  for (const list of ['containers', 'initContainers'] as const) {
    ((spec[list] ?? []) as Array<Record<string, any> | null>).forEach((c, i) => {
      const image = typeof c?.image === 'string' ? c.image : '';
      if (!image) errs.push(required(`spec.${list}[${i}].image`));
      if (image.trim() !== image) errs.push(invalid(`spec.${list}[${i}].image`, image, 'must not have leading or trailing whitespace'));
    });
  }
  const deadline = spec.activeDeadlineSeconds;
  if (typeof deadline === 'number' && (deadline < 0 || deadline > MAX_INT32)) {
    return [...errs, invalid('spec.activeDeadlineSeconds', deadline, `must be between 0 and ${MAX_INT32}, inclusive`)];
  }
  return [...errs, ...validateTolerations(spec.tolerations, 'spec.tolerations', comparisonOperators), ...droppedPodResourcesErrors(spec)];
}

// ValidatePodUpdate's refusal of a changed spec: fmt.Sprintf("pod updates may not change fields other than %s\n%v",
// strings.Join(updatablePodSpecFields, ","), specDiff) (pkg/apis/core/validation/validation.go)
const UPDATABLE_POD_SPEC_FIELDS = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];
const POD_UPDATES_MAY_NOT_CHANGE = `pod updates may not change fields other than ${UPDATABLE_POD_SPEC_FIELDS.join(',')}`;

/**
 * With PodLevelResources off (1.33) PrepareForUpdate drops a pod's `spec.resources` that is not in use (no request and
 * no limit: pkg/api/pod/util.go dropDisabledPodLevelResources, podLevelResourcesInUse, v1.33.13), so a stored
 * `resources: {}` makes the new spec differ from the old one, and ValidatePodUpdate's last check refuses it with
 * cmp.Diff(old, new): go-cmp's text, with the two fields before as context (go-cmp indents with spaces or no-break
 * spaces at random per process: the oracle reads it with spaces).
 */
function droppedPodResourcesErrors(spec: Record<string, any>): FieldError[] {
  if (!dropsPodResources(spec)) return [];
  const resources = spec.resources;
  const diff = `  core.PodSpec{\n  \t... // 31 identical fields\n  \tSchedulingGates: ${cmpList(spec.schedulingGates)},\n  \tResourceClaims:  ${cmpList(spec.resourceClaims)},\n` +
    `- \tResources:       ${cmpResources(resources)},\n+ \tResources:       nil,\n  }\n`;
  return [forbidden('spec', `${POD_UPDATES_MAY_NOT_CHANGE}\n${diff}`)];
}

/** With PodLevelResources off (1.33), PrepareForUpdate drops this stored pod spec's `resources`: an object without requests or limits. */
function dropsPodResources(spec: Record<string, any> | undefined): boolean {
  const resources = spec?.resources;
  if (gateEnabled('PodLevelResources') || resources == null || typeof resources !== 'object') return false;
  const amounts = (v: unknown) => v != null && typeof v === 'object' && Object.keys(v).length > 0;
  return !amounts(resources.requests) && !amounts(resources.limits);
}

/** A list of scheduling gates or pod resource claims as go-cmp prints a context field's value (its type elided). */
function cmpList(list: unknown): string {
  if (!Array.isArray(list)) return 'nil';
  const item = (o: Record<string, unknown> | null) => {
    const fields = [['Name', 'name', ''], ['ResourceClaimName', 'resourceClaimName', '&'], ['ResourceClaimTemplateName', 'resourceClaimTemplateName', '&']]
      .filter(([, key]) => typeof o?.[key] === 'string' && (o[key] !== '' || key !== 'name'))
      .map(([go, key, ptr]) => `${go}: ${ptr}${quote(o?.[key] as string)}`);
    return `{${fields.join(', ')}}`;
  };
  return `{${list.map(item).join(', ')}}`;
}

/** The dropped core.ResourceRequirements (empty requests and limits reach here; claims of any number). */
function cmpResources(r: Record<string, unknown>): string {
  const claim = (c: Record<string, unknown> | null) =>
    `{${[['Name', 'name'], ['Request', 'request']].filter(([, key]) => typeof c?.[key] === 'string' && c[key] !== '').map(([go, key]) => `${go}: ${quote(c?.[key] as string)}`).join(', ')}}`;
  const claims = Array.isArray(r.claims) ? `[]core.ResourceClaim{${r.claims.map(claim).join(', ')}}` : '';
  const fields = [['Limits', 'limits', 'core.ResourceList{}'], ['Requests', 'requests', 'core.ResourceList{}'], ['Claims', 'claims', claims]]
    .filter(([, key]) => r[key] != null).map(([go, , value]) => `${go}: ${value}`);
  return `&core.ResourceRequirements{${fields.join(', ')}}`;
}

/**
 * A namespaced workload's metadata errors: on create ValidateObjectMeta with the kind's name rule; on an update of
 * itself (ValidateDeploymentUpdate, ValidateReplicaSetUpdate, ValidateDaemonSetUpdate, ValidateStatefulSetUpdate)
 * apiserver's validateCommonFields (a path-segment name), then ValidateObjectMetaUpdate's labels, annotations and
 * finalizers again: the name's own rule is not checked (a stored set named `a.b` stays).
 */
function workloadMetaErrors(object: Obj, name: typeof nameIsDNSSubdomain, update: boolean): FieldError[] {
  return update ? [...commonUpdateErrors(object, true), ...metaUpdateErrors(object.metadata, true)] : validateObjectMeta(object.metadata, true, name);
}

function validateKind(object: Obj, comparisonOperators: boolean, update: boolean, ratchet = update): FieldError[] {
  const template: PodValidationOptions = { isPod: false, comparisonOperators };
  // the apps kinds' update validates the template with the options GetValidationOptionsFromPodTemplate gives a stored
  // template (what it holds is allowed: ratcheting); their created Pods stay a create (createdPodErrors)
  const appsTemplate: PodValidationOptions = ratchet ? { ...template, update: true } : template;
  const spec = object.spec ?? {};
  switch (object.kind) {
    case 'Pod': {
      const metadata = update ? object.metadata : withAppArmorAnnotations(object);
      const created = [
        ...validateObjectMeta(metadata, true, nameIsDNSSubdomain),
        // PrepareForCreate merges matchLabelKeys/mismatchLabelKeys into the selectors before Validate; a stored Pod
        // has them merged already, and PrepareForUpdate does not merge again (pkg/registry/core/pod/strategy.go)
        ...(update
          ? validatePodSpec(object.spec as unknown as PodSpec, 'spec', { isPod: true, comparisonOperators, update, podName: object.metadata?.name })
          : validatePodSpec(mergeLabelKeys(object.spec as unknown as PodSpec, object.metadata?.labels), 'spec', { isPod: true, comparisonOperators, podName: object.metadata?.name })),
        // ValidatePodSpecificAnnotations (in ValidatePodMetadataAndSpec, after the spec), then on create ValidatePodCreate's checks of them against the fields
        ...podSpecificAnnotationErrors(metadata?.annotations, spec as unknown as PodSpec, 'metadata.annotations', update, comparisonOperators),
        ...(update ? [] : annotationFieldErrors(metadata?.annotations, spec as unknown as PodSpec, 'spec', true)),
      ];
      return update ? podUpdateErrors(object, created, comparisonOperators) : created;
    }
    case 'PodTemplate':
      return [...validateObjectMeta(object.metadata, true, nameIsDNSSubdomain), ...validatePodTemplateSpec(object.template, 'template', template)];
    case 'Deployment':
    case 'ReplicaSet': {
      const kind = object.kind;
      // in the order of ValidateReplicaSetSpec / ValidateDeploymentSpec; upstream says "deployment" for ReplicaSets too
      const parses = selectorMatches(spec.selector as LabelSelector | undefined, (spec.template as Template | undefined)?.metadata?.labels) !== undefined;
      // the restart checks sit in ValidatePodTemplateSpecForReplicaSet, which an unparsable selector skips
      const selectorAndTemplate = [...validateSelectorAndTemplate(spec, 'deployment', appsTemplate, true), ...(parses ? alwaysRestart(spec, 'ReplicaSet') : [])];
      const t = spec.template as Template | undefined;
      const podErrors = createdPodErrors(kind, t, createdPodLabels(kind, t), 'spec.template.spec', appsTemplate);
      const meta = workloadMetaErrors(object, nameIsDNSSubdomain, update);
      if (kind === 'ReplicaSet') return [...meta, ...counts(spec, ['replicas', 'minReadySeconds']), ...selectorAndTemplate, ...podErrors];
      return [
        ...meta,
        ...counts(spec, ['replicas']),
        ...selectorAndTemplate,
        ...validateDeploymentStrategy(spec.strategy as never),
        ...counts(spec, ['minReadySeconds', 'revisionHistoryLimit', 'progressDeadlineSeconds']),
        ...(typeof spec.progressDeadlineSeconds === 'number' && spec.progressDeadlineSeconds <= ((spec.minReadySeconds as number) ?? 0)
          ? [invalid('spec.progressDeadlineSeconds', spec.progressDeadlineSeconds, 'must be greater than minReadySeconds')]
          : []),
        ...podErrors,
      ];
    }
    case 'StatefulSet':
      return validateStatefulSet(object, appsTemplate, update);
    case 'Namespace': {
      // ValidateNamespace: a cluster-scoped DNS label name; PrepareForCreate (pkg/registry/core/namespace/strategy.go)
      // first labels it kubernetes.io/metadata.name=<name>, a label value that must be valid too
      const meta = object.metadata ?? {};
      const labels = { ...meta.labels, 'kubernetes.io/metadata.name': meta.name ?? '' };
      // Stryker disable next-line BooleanLiteral: with the namespace cleared, namespaced or not reads the same
      return validateObjectMeta({ ...meta, namespace: undefined, labels }, false, nameIsDNSLabel);
    }
    case 'DaemonSet': {
      const selector = spec.selector as LabelSelector | undefined;
      const t = spec.template as Template | undefined;
      // on update the selector's label values as stored are allowed (the strategy's LabelSelectorHasInvalidLabelValue
      // of the old selector: AllowInvalidLabelValueInSelector)
      const errs = [...workloadMetaErrors(object, nameIsDNSSubdomain, update), ...validateLabelSelector(selector, 'spec.selector', ratchet)];
      // a missing selector selects nothing, so it cannot match the template's labels
      const matches = selectorMatches(selector, t?.metadata?.labels);
      if (matches === false) errs.push(invalid('spec.template.metadata.labels', t?.metadata?.labels ?? null, NOT_MATCHING));
      if (selector && selectorIsEmpty(selector)) errs.push(invalid('spec.selector', goLabelSelector(selector), 'empty selector is invalid for daemonset'));
      return [
        ...errs,
        ...validatePodTemplateSpec(t, 'spec.template', appsTemplate),
        ...alwaysRestart(spec, 'DaemonSet'),
        ...counts(spec, ['minReadySeconds']),
        ...validateDaemonSetUpdateStrategy(spec.updateStrategy as never),
        ...counts(spec, ['revisionHistoryLimit']),
        ...createdPodErrors('DaemonSet', t, createdPodLabels('DaemonSet', t), 'spec.template.spec', appsTemplate),
      ];
    }
    case 'ReplicationController': {
      const t = spec.template as Template | undefined;
      // SetDefaults_ReplicationController: an empty selector takes the template's labels
      const selector = (spec.selector as Record<string, string> | undefined) ?? {};
      const effective = Object.keys(selector).length ? selector : t?.metadata?.labels ?? {};
      const errs = [...validateObjectMeta(object.metadata, true, nameIsDNSSubdomain), ...nonnegative(spec.replicas, 'spec.replicas')];
      if (Object.keys(effective).length === 0) errs.push(required('spec.selector'));
      if (!t) return [...errs, required('spec.template')];
      if (Object.keys(effective).length && selectorMatches({ matchLabels: effective }, t.metadata?.labels) === false) {
        errs.push(invalid('spec.template.metadata.labels', t.metadata?.labels ?? null, NOT_MATCHING));
      }
      return [
        ...errs, ...validatePodTemplateSpec(t, 'spec.template', template), ...alwaysRestart(spec, 'ReplicationController'),
        ...createdPodErrors('ReplicationController', t, createdPodLabels('ReplicationController', t), 'spec.template.spec', template),
      ];
    }
    case 'Job':
      return update ? validateJobUpdate(object, appsTemplate) : validateJob(object, template);
    case 'CronJob': {
      // an update of itself (ValidateCronJobUpdate): validateCommonFields, ValidateObjectMetaUpdate, the spec against
      // the stored one with the stored template's options; the name's rules (a DNS subdomain, 52 characters) not checked
      const errs = [...workloadMetaErrors(object, nameIsDNSSubdomain, update), ...validateCronJobSpec(spec, appsTemplate, update)];
      // Stryker disable next-line StringLiteral: a missing name and any short stand-in are both within 52 characters
      const name = object.metadata?.name ?? '';
      if (name.length > 52 && !update) errs.push(invalid('metadata.name', name, 'must be no more than 52 characters'));
      // the Jobs it creates get a generated selector, hence the Job labels
      const jobSpec = (spec.jobTemplate as { spec?: Record<string, unknown> } | undefined)?.spec;
      const t = jobSpec?.template as Template | undefined;
      return [...errs, ...createdPodErrors('CronJob', t, createdPodLabels('Job', t, { completionMode: jobSpec?.completionMode }), 'spec.jobTemplate.spec.template.spec', appsTemplate)];
    }
    case 'PersistentVolumeClaim':
      return claimValidation().validateClaim(object as never);
    case 'PersistentVolume':
      return pvValidation().validatePersistentVolume(object as never, update);
    case 'PriorityClass':
      return update ? validatePriorityClassUpdate(object as PriorityClass) : validatePriorityClass(object as PriorityClass);
    case 'PodDisruptionBudget':
      return pdbValidation().validatePodDisruptionBudget(object as never, update);
    case 'StorageClass':
    case 'CSINode':
    case 'CSIDriver':
    case 'RuntimeClass':
      return storageValidation().validateStorageObject(object, update) ?? [];
    case 'Node':
      return validateNode(object, update);
    default:
      return [];
  }
}
