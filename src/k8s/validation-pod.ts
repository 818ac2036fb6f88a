// ValidatePodSpec and the parts of it that decide whether an object is accepted or how it is placed
// (pkg/apis/core/validation/validation.go: ValidatePodSpec, validateContainers, validateInitContainers,
// validateContainerCommon, validateContainerPorts, validateResourceRequirements, ValidateResourceQuantityValue,
// validateAffinity, ValidateNodeSelector*, ValidatePreferredSchedulingTerms, validatePodAffinityTerm,
// validateTopologySpreadConstraints, ValidatePodTemplateSpec, validatePodMetadataAndSpec, ValidatePodCreate; the
// volumes and mounts in validation-volumes.ts).
// The spec is taken as the API server sees it after defaulting: empty restartPolicy is Always, a port's
// protocol TCP, and on a Pod a request missing next to a limit equals the limit (pkg/apis/core/v1/defaults.go).
import type { Container, FieldError, PodSpec } from '../core/types';
import { gateEnabled, releaseAtLeast, settings } from '../core/config';
import { gateState } from '../core/releases';
import { validateHostAliases } from './validation-ip';
import { validateHooksAndProbes } from './validation-handlers';
import { validateContainerSecurityContext, validateHostUsers, validateOSSecurity, validatePodSecurityContext, validateWindowsHostProcessPod } from './validation-security';
import { claimsKept, podClaimNames, validateContainerRestartRules, validateInitResizePolicy, validatePodResourceClaims, validateResourceClaimNames, validateInitRestartRules, validateNamedFields, validatePodDNSConfig, validatePodHostName, validateReadinessGates, validateResizePolicy } from './validation-pod-fields';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue, isValidPortName, nameIsDNSLabel, nameIsDNSSubdomain } from './names';
import { decodeQuantity as decode, Quantity, QuantityError, roundUpToMilli } from './quantity';
import type * as LimitRangeRules from './limit-range';
import { validateTolerations } from './validation';
import type * as VolumeValidation from './validation-volumes';
import { annotationFieldErrors, podSpecificAnnotationErrors } from './validation-annotations';
import { envOptions, validateEnv, validateEnvFrom, validateFileKeyRefVolumes, type EnvOptions } from './validation-env';
import { defaultPodSpec } from './defaults';
import { isExtendedResourceName, isNativeResource } from './resources';
import { child, decodeQuantity, duplicate, forbidden, index, invalid, IS_NEGATIVE, named, notFound, notSupported, PORT_NUM_RANGE, Raw, required, validPortNum } from './validation-field';
import { validateLabelName, validateLabelSelector, validateLabels, type LabelSelector } from './validation-meta';

export interface PodValidationOptions {
  /** The object is a Pod (not a pod template): pod-only checks apply. */
  isPod: boolean;
  /** TaintTolerationComparisonOperators feature gate. */
  comparisonOperators: boolean;
  /** A Pod validated as an update of itself (read from a cluster): ValidatePodCreate's own checks do not run. */
  update?: boolean;
  /** A Pod's name (ValidatePodSpec's podMeta): the claims of its ephemeral volumes are named after it. */
  podName?: string;
  /** The env options of the spec (validation-env.ts envOptions), worked out once by validatePodSpec. */
  env?: EnvOptions;
  /** The pod's restartPolicy after defaulting and whether it shares the host's user namespace (validatePodSpec). */
  restartPolicy?: string;
  hostUsers?: boolean;
  /** spec.terminationGracePeriodSeconds after defaulting (30 when unset): a sleep action's bound. */
  gracePeriod?: number;
  /** The names of spec.resourceClaims, which a container's resources.claims name. */
  claimNames?: Set<string>;
  /** The pod's claims kept by an update with DynamicResourceAllocation off (validation-pod-fields.ts claimsKept). */
  claimsKept?: boolean;
  /**
   * AllowIndivisibleHugePagesValues: an update of a pod whose containers or overhead already hold a hugepages amount
   * that is no multiple of the page size (GetValidationOptionsFromPodSpecAndMeta usesIndivisibleHugePagesValues).
   */
  indivisibleHugePages?: boolean;
}

const MAX_INT32 = 2 ** 31 - 1;
const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);

// --- resources -------------------------------------------------------------------------------------

const STANDARD_CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage']);
// helper.IsStandardResourceName: container resources plus the quota names
const STANDARD_RESOURCES = new Set([
  'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage', 'limits.cpu',
  'limits.memory', 'limits.ephemeral-storage', 'pods', 'services', 'replicationcontrollers', 'resourcequotas', 'secrets',
  'configmaps', 'persistentvolumeclaims', 'storage', 'requests.storage', 'services.nodeports', 'services.loadbalancers',
]);
// helper.IsIntegerResourceName: these, and extended resources
const INTEGER_RESOURCES = new Set([
  'pods', 'resourcequotas', 'services', 'replicationcontrollers', 'secrets', 'configmaps', 'persistentvolumeclaims',
  'services.nodeports', 'services.loadbalancers',
]);
const isHugePages = (name: string) => name.startsWith('hugepages-');
/** helper.IsStandardResourceName: the set above, or a quota hugepages name (IsQuotaHugePageResourceName). */
const isStandardResourceName = (name: string) => STANDARD_RESOURCES.has(name) || isHugePages(name) || name.startsWith('requests.hugepages-');
/** helper.IsOvercommitAllowed: native resources other than hugepages. */
const isOvercommitAllowed = (name: string) => isNativeResource(name) && !isHugePages(name);

function validateContainerResourceName(name: string, path: string): FieldError[] {
  // validateResourceName stops at a bad qualified name; validateContainerResourceName goes on regardless. The value
  // is a core.ResourceName, a Stringer: before 1.34 ErrorBody printed it unquoted (the 1.33 oracle)
  const value = releaseAtLeast('1.34') ? name : new Raw(name);
  const errs = isQualifiedName(name).map((m) => invalid(path, value, m));
  if (!name.includes('/')) {
    if (!errs.length && !isStandardResourceName(name)) errs.push(invalid(path, value, 'must be a standard resource type or fully qualified'));
    if (!STANDARD_CONTAINER_RESOURCES.has(name) && !isHugePages(name)) errs.push(invalid(path, value, 'must be a standard resource for containers'));
  } else if (!isNativeResource(name) && !isExtendedResourceName(name)) {
    errs.push(invalid(path, value, "doesn't follow extended resource name standard"));
  }
  return errs;
}

export { decodeQuantity };

type Decoded = Map<string, Quantity>;
/** A resource list as the API server holds it: each amount decoded and rounded up to milli-units (SetDefaults_ResourceList). */
function decodeList(list: unknown, path: string, errs: FieldError[]): Decoded {
  const out: Decoded = new Map();
  for (const [name, raw] of Object.entries((list as Record<string, unknown>) ?? {})) {
    const q = decodeQuantity(raw, child(path, name));
    if (q instanceof Quantity) out.set(name, roundUpToMilli(q));
    else errs.push(q);
  }
  return out;
}

/** ValidateResourceQuantityValue: not negative; whole numbers for extended resources. */
export function validateResourceQuantityValue(name: string, q: Quantity, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (q.nanos < 0n) errs.push(invalid(path, q.canonical(), IS_NEGATIVE));
  if ((INTEGER_RESOURCES.has(name) || isExtendedResourceName(name)) && q.milliValue() % 1000 !== 0) errs.push(invalid(path, q.canonical(), 'must be an integer'));
  return errs;
}

/** field.Path.Key: `resources.limits[nvidia.com/gpu]`. */
const key = (path: string, name: string) => `${path}[${name}]`;

/** helper.IsHugePageResourceValueDivisible: a positive whole multiple of the page size. */
function hugePageDivisible(name: string, q: Quantity): boolean {
  let size: Quantity | undefined;
  try {
    size = decode(name.slice('hugepages-'.length));
  } catch {
    size = undefined;
  }
  return size !== undefined && size.nanos > 0n && size.milliValue() % 1000 === 0 && q.value() % size.value() === 0;
}

/**
 * pkg/api/pod/util.go usesIndivisibleHugePagesValues: a container's (every kind's) hugepages limit or request, or an
 * overhead, that is no multiple of the page size. A quantity that does not decode is left to its own error.
 */
function usesIndivisibleHugePages(spec: PodSpec): boolean {
  const lists: Array<Record<string, unknown> | undefined> = [];
  const s = spec as unknown as Record<string, Array<{ resources?: { limits?: Record<string, unknown>; requests?: Record<string, unknown> } } | null> | undefined>;
  for (const kind of ['initContainers', 'containers', 'ephemeralContainers']) {
    for (const c of s[kind] ?? []) lists.push(c?.resources?.limits, c?.resources?.requests);
  }
  lists.push((spec as { overhead?: Record<string, unknown> }).overhead);
  return lists.some((list) => Object.entries(list ?? {}).some(([name, v]) => {
    if (!isHugePages(name)) return false;
    try {
      return !hugePageDivisible(name, decode(String(v)));
    } catch {
      return false;
    }
  }));
}

/**
 * validateResourceRequirements. On a Pod the requests are first defaulted from the limits (SetDefaults_Pod,
 * Pods only, not templates), so a defaulted request is validated like a given one. Quantities that cannot be
 * decoded are reported at `…limits.<name>` (the API server reports them as a decode error, without a path).
 */
export function validateResourceRequirements(
  resources: Container['resources'],
  path: string,
  defaultRequests = false,
  validateName: (name: string, path: string) => FieldError[] = validateContainerResourceName,
  indivisibleHugePages = false,
): FieldError[] {
  const errs: FieldError[] = [];
  const limPath = child(path, 'limits');
  const reqPath = child(path, 'requests');
  const limits = decodeList(resources?.limits, limPath, errs);
  const requests = decodeList(resources?.requests, reqPath, errs);
  if (defaultRequests) for (const [name, q] of limits) if (!requests.has(name)) requests.set(name, q);
  let cpuOrMemory = false;
  let hugePages = false;
  // validateResourceQuantityHugePageValue (not with AllowIndivisibleHugePagesValues)
  const hugePageErrors = (name: string, q: Quantity, path: string): FieldError[] =>
    indivisibleHugePages || hugePageDivisible(name, q) ? [] : [invalid(path, q.canonical(), `${q.canonical()} is not positive integer multiple of ${name}`)];
  for (const [name, q] of limits) {
    errs.push(...validateName(name, key(limPath, name)));
    errs.push(...validateResourceQuantityValue(name, q, key(limPath, name)));
    if (isHugePages(name)) {
      hugePages = true;
      errs.push(...hugePageErrors(name, q, key(limPath, name)));
    }
    if (name === 'cpu' || name === 'memory') cpuOrMemory = true;
  }
  for (const [name, q] of requests) {
    errs.push(...validateName(name, key(reqPath, name)));
    errs.push(...validateResourceQuantityValue(name, q, key(reqPath, name)));
    const limit = limits.get(name);
    if (limit) {
      if (q.nanos !== limit.nanos && !isOvercommitAllowed(name)) {
        errs.push(invalid(reqPath, q.canonical(), `must be equal to ${name} limit of ${limit.canonical()}`));
      } else if (q.nanos > limit.nanos) {
        errs.push(invalid(reqPath, q.canonical(), `must be less than or equal to ${name} limit of ${limit.canonical()}`));
      }
    } else if (!isOvercommitAllowed(name)) {
      errs.push(required(limPath, 'Limit must be set for non overcommitable resources'));
    }
    if (isHugePages(name)) {
      hugePages = true;
      errs.push(...hugePageErrors(name, q, key(reqPath, name)));
    }
    if (name === 'cpu' || name === 'memory') cpuOrMemory = true;
  }
  if (hugePages && !cpuOrMemory) errs.push(forbidden(path, 'HugePages require cpu or memory'));
  return errs;
}

// --- containers ------------------------------------------------------------------------------------

const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];

function validateContainerPorts(ports: Container['ports'], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (ports ?? []).forEach((p, i) => {
    const pp = index(path, i);
    // a name is optional; a valid one may appear once per container (an invalid one is not counted)
    if (p.name) {
      const msgs = isValidPortName(p.name);
      if (msgs.length) errs.push(...msgs.map((m) => invalid(child(pp, 'name'), p.name, m)));
      else if (names.has(p.name)) errs.push(duplicate(child(pp, 'name'), p.name));
      else names.add(p.name);
    }
    if (!p.containerPort) errs.push(required(child(pp, 'containerPort')));
    else if (!validPortNum(p.containerPort)) errs.push(invalid(child(pp, 'containerPort'), p.containerPort, PORT_NUM_RANGE));
    if (p.hostPort && !validPortNum(p.hostPort)) errs.push(invalid(child(pp, 'hostPort'), p.hostPort, PORT_NUM_RANGE));
    if (p.protocol && !PROTOCOLS.includes(p.protocol)) errs.push(notSupported(child(pp, 'protocol'), named(p.protocol), PROTOCOLS));
  });
  return errs;
}

const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];
const TERMINATION_MESSAGE_POLICIES = ['File', 'FallbackToLogsOnError'];
/**
 * validateContainerCommon's terminationMessagePolicy and validatePullPolicy: a value other than upstream's is refused
 * (an absent one is defaulted first: SetDefaults_Container). Found by the corpus pass of the e2e oracle (kubernetes/api
 * testdata's `imagePullPolicy: imagePullPolicyValue`); a misspelt `IfNotPresnt` is refused alike.
 */
function validatePolicies(c: Container, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const { imagePullPolicy: pull, terminationMessagePolicy: message } = c as { imagePullPolicy?: unknown; terminationMessagePolicy?: unknown };
  if (message != null && message !== '' && !TERMINATION_MESSAGE_POLICIES.includes(String(message))) {
    errs.push(notSupported(child(path, 'terminationMessagePolicy'), named(String(message)), TERMINATION_MESSAGE_POLICIES));
  }
  if (pull != null && pull !== '' && !PULL_POLICIES.includes(String(pull))) errs.push(notSupported(child(path, 'imagePullPolicy'), named(String(pull)), PULL_POLICIES));
  return errs;
}

function validateContainerCommon(c: Container, path: string, opts: PodValidationOptions): FieldError[] {
  const errs: FieldError[] = [];
  if (!c.name) errs.push(required(child(path, 'name')));
  else errs.push(...isDNS1123Label(c.name).map((m) => invalid(child(path, 'name'), c.name, m)));
  if (!c.image) errs.push(required(child(path, 'image')));
  else if (opts.isPod && c.image.trim() !== c.image) {
    // validateContainerOnlyForPod: templates may carry " " as a placeholder image
    errs.push(invalid(child(path, 'image'), c.image, 'must not have leading or trailing whitespace'));
  }
  errs.push(...validatePolicies(c, path));
  errs.push(...validateContainerPorts(c.ports, child(path, 'ports')));
  const env = opts.env ?? envOptions({} as PodSpec, opts.update);
  errs.push(...validateEnv(c.env, child(path, 'env'), env), ...validateEnvFrom(c.envFrom, child(path, 'envFrom'), env));
  errs.push(...validateResourceRequirements(c.resources, child(path, 'resources'), opts.isPod, undefined, opts.indivisibleHugePages));
  errs.push(...validateResourceClaimNames((c.resources as { claims?: unknown } | undefined)?.claims, opts.claimNames ?? new Set(), child(child(path, 'resources'), 'claims'), opts.claimsKept));
  errs.push(...validateResizePolicy(c, path, opts.restartPolicy ?? 'Always'));
  errs.push(...validateContainerSecurityContext(c, path, opts.hostUsers ?? true, opts.update === true && releaseAtLeast('1.37')));
  return errs;
}

/** checkHostPortConflicts: a hostIP/protocol/hostPort triple may appear once. */
function checkHostPortConflicts(containers: readonly Container[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  containers.forEach((c, i) =>
    (c.ports ?? []).forEach((p, j) => {
      if (!p.hostPort) return;
      const id = `${p.protocol || 'TCP'}/${p.hostIP ?? ''}/${p.hostPort}`; // AccumulateUniqueHostPorts: protocol/hostIP/port
      if (seen.has(id)) errs.push(duplicate(child(index(child(index(path, i), 'ports'), j), 'hostPort'), id));
      else seen.add(id);
    }),
  );
  return errs;
}

/** The ContainerRestartRules gate: alpha (off) in 1.34, beta (on) from 1.35 (pkg/features/kube_features.go). */
const containerRestartRules = () => gateEnabled('ContainerRestartRules');
/**
 * At 1.34 the gate exists and is off, so the API server drops what it governs before validating: every regular
 * container's restartPolicy and an init container's other than Always (pkg/api/pod/util.go dropContainerRestartRules,
 * v1.34.4); 1.33 has no gate and refuses them. Found by the 1.34 oracle (create).
 */
const restartRulesDropped = () => gateState('ContainerRestartRules', settings().kubernetesVersion) === 'off';
/**
 * containerRestartRulesInUse (pkg/api/pod/util.go, v1.34.4): an init container's policy other than Always or its
 * rules, or a regular container's policy.
 */
function restartRulesInUse(spec: PodSpec): boolean {
  const init = (spec.initContainers ?? []) as unknown as Array<Record<string, unknown> | null>;
  if (init.some((c) => (c?.restartPolicy != null && c.restartPolicy !== 'Always') || (Array.isArray(c?.restartPolicyRules) && c.restartPolicyRules.length > 0))) return true;
  return ((spec.containers ?? []) as unknown as Array<Record<string, unknown> | null>).some((c) => c?.restartPolicy != null);
}
/**
 * On a pod's update of itself at 1.34 the old pod is the pod: what it uses is neither dropped nor refused
 * (dropDisabledFields keeps it; GetValidationOptionsFromPodSpecAndMeta sets AllowContainerRestartPolicyRules), so it is
 * validated as with the gate on. `restartRulesOn`: validated so; `restartRulesOff`: dropped before validation.
 */
const restartRulesKept = (spec: PodSpec, update: boolean | undefined) => update === true && restartRulesDropped() && restartRulesInUse(spec);
const restartRulesOn = (spec: PodSpec, update: boolean | undefined) => containerRestartRules() || restartRulesKept(spec, update);
const restartRulesOff = (spec: PodSpec, update: boolean | undefined) => restartRulesDropped() && !restartRulesKept(spec, update);

function validateContainers(spec: PodSpec, path: string, opts: PodValidationOptions): FieldError[] {
  const containers = spec.containers ?? [];
  const cPath = child(path, 'containers');
  if (containers.length === 0) return [required(cPath)];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  containers.forEach((c, i) => {
    const p = index(cPath, i);
    errs.push(...validateContainerCommon(c, p, opts));
    const name = c.name ?? '';
    if (names.has(name)) errs.push(duplicate(child(p, 'name'), name));
    else names.add(name);
    errs.push(...validateHooksAndProbes(c, p, opts.gracePeriod));
    const policy = (c as { restartPolicy?: string }).restartPolicy;
    // ContainerRestartRules (beta, on from 1.35): a regular container may set Always, Never or OnFailure, and rules
    if (restartRulesOn(spec, opts.update)) errs.push(...validateContainerRestartRules(c, p));
    else if (policy != null && !restartRulesOff(spec, opts.update)) errs.push(forbidden(child(p, 'restartPolicy'), 'may not be set for non-init containers'));
  });
  errs.push(...checkHostPortConflicts(containers, cPath));
  return errs;
}

/** @upstream pkg/apis/core/validation/validation.go */
const NOT_FOR_INIT = 'may not be set for init containers without restartPolicy=Always';
/** What validateInitContainers forbids in an init container that is not a sidecar, in its order. */
const INIT_FORBIDDEN = ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe'];

function validateInitContainers(spec: PodSpec, path: string, opts: PodValidationOptions): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set((spec.containers ?? []).map((c) => c.name ?? ''));
  const iPath = child(path, 'initContainers');
  (spec.initContainers ?? []).forEach((c, i) => {
    const p = index(iPath, i);
    errs.push(...validateContainerCommon(c, p, opts));
    // validateInitContainerRestartPolicy: Always (a sidecar), or with ContainerRestartRules any container policy and rules
    if (restartRulesOn(spec, opts.update)) errs.push(...validateInitRestartRules(c, p));
    else if (c.restartPolicy != null && c.restartPolicy !== 'Always' && !restartRulesOff(spec, opts.update)) errs.push(notSupported(child(p, 'restartPolicy'), named(String(c.restartPolicy)), ['Always']));
    if (names.has(c.name ?? '')) errs.push(duplicate(child(p, 'name'), c.name ?? ''));
    else if (c.name) names.add(c.name);
    errs.push(...checkHostPortConflicts([c], iPath));
    // a sidecar's lifecycle hooks and probes are validated as a regular container's; a classic init container runs to
    // completion: it may have none. Found by the corpus pass of the e2e oracle.
    if (c.restartPolicy === 'Always') errs.push(...validateHooksAndProbes(c, p, opts.gracePeriod));
    else {
      for (const f of INIT_FORBIDDEN) if ((c as unknown as Record<string, unknown>)[f] != null) errs.push(forbidden(child(p, f), NOT_FOR_INIT));
    }
    errs.push(...validateInitResizePolicy(c, p, opts.update));
  });
  return errs;
}

/** @upstream pkg/apis/core/validation/validation.go */
const NOT_FOR_EPHEMERAL = 'cannot be set for an Ephemeral Container';
/**
 * The fields of EphemeralContainerCommon that allowedEphemeralContainerFields leaves out, in the struct's order
 * (validateFieldAllowList: any non-zero value is Forbidden; restartPolicyRules exists from 1.34).
 */
const EPHEMERAL_FORBIDDEN = ['ports', 'resources', 'resizePolicy', 'restartPolicy', 'restartPolicyRules', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle'];
/**
 * At 1.34 (ContainerRestartRules off) the create path drops an ephemeral container's restartPolicy and
 * restartPolicyRules before validation (dropContainerRestartRules); 1.33 has no restartPolicyRules.
 */
const ephemeralForbidden = (dropped: boolean) => EPHEMERAL_FORBIDDEN.filter((f) =>
  !(dropped && (f === 'restartPolicy' || f === 'restartPolicyRules')) && !(f === 'restartPolicyRules' && !releaseAtLeast('1.34')));
/**
 * Go's zero value of a decoded field: absent or null; an empty list is not (a non-nil slice), and of the struct
 * `resources` (not a pointer) an object whose members are all absent or null is.
 */
const isZero = (f: string, v: unknown): boolean =>
  v == null || (f === 'resources' && typeof v === 'object' && !Array.isArray(v) && Object.values(v as object).every((x) => x == null));

/**
 * validateEphemeralContainers: each one as any container (validateContainerCommon, and validateContainerOnlyForPod's
 * image whitespace rule even in a template), a name unique across all containers, a targetContainerName that names a
 * container or init container, none of the fields the allow list leaves out, no subPath or subPathExpr. Runs for pod
 * templates too, before ValidatePodTemplateSpec's own refusal of any ephemeral container.
 */
function validateEphemeralContainers(spec: PodSpec, path: string, opts: PodValidationOptions): FieldError[] {
  // (as the create path leaves them: without the mounts of image volumes it dropped)
  const list = ((withoutImageVolumes(spec, opts.update === true) as { ephemeralContainers?: unknown }).ephemeralContainers ?? []) as Array<Container & Record<string, unknown>>;
  if (!Array.isArray(list) || !list.length) return [];
  const errs: FieldError[] = [];
  const others = new Set([...(spec.containers ?? []), ...(spec.initContainers ?? [])].map((c) => c?.name ?? ''));
  const all = new Set(others);
  list.forEach((ec, i) => {
    if (!ec) return;
    const p = index(child(path, 'ephemeralContainers'), i);
    errs.push(...validateContainerCommon(ec, p, { ...opts, isPod: false }));
    if (ec.image && ec.image.trim() !== ec.image) errs.push(invalid(child(p, 'image'), ec.image, 'must not have leading or trailing whitespace'));
    const name = ec.name ?? '';
    if (all.has(name)) errs.push(duplicate(child(p, 'name'), name));
    else all.add(name);
    const target = ec.targetContainerName as string | undefined;
    if (target && !others.has(target)) errs.push(notFound(child(p, 'targetContainerName'), target));
    for (const f of ephemeralForbidden(restartRulesOff(spec, opts.update))) if (!isZero(f, ec[f])) errs.push(forbidden(child(p, f), NOT_FOR_EPHEMERAL));
    (ec.volumeMounts ?? []).forEach((m, j) => {
      if (m?.subPath) errs.push(forbidden(child(index(child(p, 'volumeMounts'), j), 'subPath'), NOT_FOR_EPHEMERAL));
      if (m?.subPathExpr) errs.push(forbidden(child(index(child(p, 'volumeMounts'), j), 'subPathExpr'), NOT_FOR_EPHEMERAL));
    });
  });
  return errs;
}

// --- node selection --------------------------------------------------------------------------------

interface Requirement { key?: string; operator?: string; values?: string[] }
interface Term { matchExpressions?: Requirement[]; matchFields?: Requirement[] }

/** ValidateNodeSelectorRequirement: operator arity, key, and (for required terms) label values. */
function validateNodeSelectorRequirement(r: Requirement, allowInvalidValues: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const values = r.values ?? [];
  switch (r.operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0) errs.push(required(child(path, 'values'), "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length > 0) errs.push(forbidden(child(path, 'values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      break;
    case 'Gt':
    case 'Lt':
      if (values.length !== 1) errs.push(required(child(path, 'values'), "must be specified single value when `operator` is 'Lt' or 'Gt'"));
      break;
    default:
      errs.push(invalid(child(path, 'operator'), r.operator ?? '', 'not a valid selector operator'));
  }
  errs.push(...validateLabelName(r.key ?? '', child(path, 'key')));
  if (!allowInvalidValues) {
    values.forEach((v, i) => errs.push(...isValidLabelValue(String(v)).map((m) => invalid(index(child(path, 'values'), i), v, m))));
  }
  return errs;
}

/** ValidateNodeFieldSelectorRequirement: only `metadata.name In/NotIn` with one node name. */
function validateNodeFieldSelectorRequirement(r: Requirement, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (r.operator === 'In' || r.operator === 'NotIn') {
    if ((r.values ?? []).length !== 1) errs.push(required(child(path, 'values'), "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"));
  } else errs.push(invalid(child(path, 'operator'), r.operator ?? '', 'not a valid selector operator'));
  if (r.key !== 'metadata.name') errs.push(invalid(child(path, 'key'), r.key ?? '', 'not a valid field selector key'));
  else (r.values ?? []).forEach((v, i) => errs.push(...nameIsDNSSubdomain(String(v), false).map((m) => invalid(index(child(path, 'values'), i), v, m))));
  return errs;
}

export function validateNodeSelectorTerm(term: Term | undefined, allowInvalidValues: boolean, path: string): FieldError[] {
  return [
    ...(term?.matchExpressions ?? []).flatMap((r, j) => validateNodeSelectorRequirement(r, allowInvalidValues, index(child(path, 'matchExpressions'), j))),
    ...(term?.matchFields ?? []).flatMap((r, j) => validateNodeFieldSelectorRequirement(r, index(child(path, 'matchFields'), j))),
  ];
}

const weightError = (w: unknown, path: string) =>
  !isInt(w) || w <= 0 || w > 100 ? [invalid(child(path, 'weight'), w ?? 0, 'must be in the range 1-100')] : [];

interface PodAffinityTerm {
  labelSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  namespaces?: string[];
  topologyKey?: string;
  matchLabelKeys?: string[];
  mismatchLabelKeys?: string[];
}

function validatePodAffinityTerm(t: PodAffinityTerm, path: string, allowInvalidValues = false): FieldError[] {
  const errs = [
    ...validateLabelSelector(t.labelSelector, child(path, 'labelSelector'), allowInvalidValues),
    ...validateLabelSelector(t.namespaceSelector, child(path, 'namespaceSelector'), allowInvalidValues),
  ];
  for (const ns of t.namespaces ?? []) errs.push(...nameIsDNSLabel(ns, false).map((m) => invalid(child(path, 'namespace'), ns, m)));
  errs.push(...validateMatchLabelKeysAndMismatchLabelKeys(path, t.matchLabelKeys, t.mismatchLabelKeys, t.labelSelector));
  if (!t.topologyKey) errs.push(required(child(path, 'topologyKey'), 'can not be empty'));
  errs.push(...validateLabelName(t.topologyKey ?? '', child(path, 'topologyKey')));
  return errs;
}

/**
 * ValidateMatchLabelKeysAndMismatchLabelKeys (validation.go), for pod affinity terms and (gate
 * MatchLabelKeysInPodTopologySpreadSelectorMerge, on) topology spread constraints. On a Pod it sees the selector
 * after the API server's merge (mergeLabelKeys), so a matchLabelKeys key the selector already names and the pod
 * carries is refused; on a pod template it sees the selector as written.
 */
function validateMatchLabelKeysAndMismatchLabelKeys(path: string, matchKeys: string[] | undefined, mismatchKeys: string[] | undefined, selector: LabelSelector | null | undefined): FieldError[] {
  const errs: FieldError[] = [];
  for (const [field, keys] of [['matchLabelKeys', matchKeys ?? []], ['mismatchLabelKeys', mismatchKeys ?? []]] as const) {
    // validateLabelKeys: without a selector, only Forbidden (the names are not checked)
    if (keys.length && !selector) errs.push(forbidden(child(path, field), 'must not be specified when labelSelector is not set'));
    else keys.forEach((k, i) => errs.push(...validateLabelName(k, index(child(path, field), i))));
  }
  if (selector) {
    // a matchExpressions key in matchLabelKeys that matchLabels or an earlier expression already named; upstream's
    // path is the term's own, indexed by the key's last position in matchLabelKeys (fldPath.Index(i))
    const position = new Map((matchKeys ?? []).map((k, i) => [k, i]));
    const seen = new Set(Object.keys(selector.matchLabels ?? {}));
    for (const { key } of selector.matchExpressions ?? []) {
      const i = position.get(key);
      if (i !== undefined && seen.has(key)) errs.push(invalid(index(path, i), key, 'exists in both matchLabelKeys and labelSelector'));
      seen.add(key);
    }
  }
  const mismatch = new Set(mismatchKeys ?? []);
  (matchKeys ?? []).forEach((k, i) => {
    if (mismatch.has(k)) errs.push(invalid(index(child(path, 'matchLabelKeys'), i), k, 'exists in both matchLabelKeys and mismatchLabelKeys'));
  });
  return errs;
}

/**
 * The Pod as the API server stores it before validating it (pkg/registry/core/pod/strategy.go PrepareForCreate:
 * mutatePodAffinity, mutateTopologySpreadConstraints): for each matchLabelKeys key the pod's labels have,
 * `key In [value]` is appended to the term's or constraint's labelSelector; `key NotIn [value]` for each
 * mismatchLabelKeys key (pod affinity only). A term without a labelSelector is left alone. Returns `spec` itself
 * when nothing is merged.
 */
export function mergeLabelKeys(spec: PodSpec | undefined, labels: Record<string, string> | undefined): PodSpec | undefined {
  if (!spec) return spec;
  const has = (k: string) => labels != null && Object.prototype.hasOwnProperty.call(labels, k);
  let changed = false;
  const merged = (sel: LabelSelector | null | undefined, matchKeys?: string[], mismatchKeys?: string[]) => {
    const extra = [
      ...(matchKeys ?? []).filter(has).map((k) => ({ key: k, operator: 'In', values: [String(labels![k])] })),
      ...(mismatchKeys ?? []).filter(has).map((k) => ({ key: k, operator: 'NotIn', values: [String(labels![k])] })),
    ];
    if (!sel || !extra.length) return sel;
    changed = true;
    return { ...sel, matchExpressions: [...(sel.matchExpressions ?? []), ...extra] };
  };
  const term = (t: PodAffinityTerm) => (t ? { ...t, labelSelector: merged(t.labelSelector, t.matchLabelKeys, t.mismatchLabelKeys) } : t);
  const affinity = (a: PodAffinity | undefined) =>
    a && {
      ...a,
      ...(a.requiredDuringSchedulingIgnoredDuringExecution && { requiredDuringSchedulingIgnoredDuringExecution: a.requiredDuringSchedulingIgnoredDuringExecution.map(term) }),
      ...(a.preferredDuringSchedulingIgnoredDuringExecution && {
        preferredDuringSchedulingIgnoredDuringExecution: a.preferredDuringSchedulingIgnoredDuringExecution.map((w) => (w ? { ...w, podAffinityTerm: term(w.podAffinityTerm) } : w)),
      }),
    };
  const out = { ...spec } as PodSpec & Record<string, unknown>;
  if (spec.affinity) {
    out.affinity = {
      ...spec.affinity,
      ...(spec.affinity.podAffinity && { podAffinity: affinity(spec.affinity.podAffinity as PodAffinity) }),
      ...(spec.affinity.podAntiAffinity && { podAntiAffinity: affinity(spec.affinity.podAntiAffinity as PodAffinity) }),
    } as PodSpec['affinity'];
  }
  // the spread constraints' merge is MatchLabelKeysInPodTopologySpreadSelectorMerge's (beta, on from 1.34, #129874)
  if (Array.isArray(spec.topologySpreadConstraints) && gateEnabled('MatchLabelKeysInPodTopologySpreadSelectorMerge')) {
    out.topologySpreadConstraints = spec.topologySpreadConstraints.map((c) =>
      c ? { ...c, labelSelector: merged(c.labelSelector as LabelSelector, c.matchLabelKeys) } : c,
    ) as PodSpec['topologySpreadConstraints'];
  }
  return changed ? out : spec;
}

/**
 * validateMatchLabelKeysInTopologySpread as v1.33.13 calls it (no SelectorMerge gate yet): without a selector Forbidden
 * and the keys still checked; a key the selector names (matchLabels or an expression) is refused. Found by the 1.33 oracle.
 */
function legacyMatchLabelKeys(path: string, keys: string[] | undefined, selector: LabelSelector | null | undefined): FieldError[] {
  if (!keys?.length) return [];
  const errs: FieldError[] = selector ? [] : [forbidden(path, 'must not be specified when labelSelector is not set')];
  const named = new Set([...Object.keys(selector?.matchLabels ?? {}), ...(selector?.matchExpressions ?? []).map((e) => e.key)]);
  keys.forEach((k, i) => {
    errs.push(...validateLabelName(k, index(path, i)));
    if (named.has(k)) errs.push(invalid(index(path, i), k, 'exists in both matchLabelKeys and labelSelector'));
  });
  return errs;
}

type PodAffinity = {
  requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[];
  preferredDuringSchedulingIgnoredDuringExecution?: Array<{ weight: number; podAffinityTerm: PodAffinityTerm }>;
};

function validatePodAffinity(a: PodAffinity | undefined, path: string, allowInvalidValues: boolean): FieldError[] {
  if (!a) return [];
  return [
    ...(a.requiredDuringSchedulingIgnoredDuringExecution ?? []).flatMap((t, i) =>
      validatePodAffinityTerm(t, index(child(path, 'requiredDuringSchedulingIgnoredDuringExecution'), i), allowInvalidValues),
    ),
    ...(a.preferredDuringSchedulingIgnoredDuringExecution ?? []).flatMap((w, i) => {
      const p = index(child(path, 'preferredDuringSchedulingIgnoredDuringExecution'), i);
      return [...weightError(w.weight, p), ...validatePodAffinityTerm(w.podAffinityTerm ?? {}, child(p, 'podAffinityTerm'), allowInvalidValues)];
    }),
  ];
}

/**
 * pkg/api/pod/util.go hasInvalidLabelValueInAffinitySelector: a pod (anti-)affinity term whose selectors
 * (ValidatePodAffinityTermSelector, invalid values not allowed) have an error of any kind. An update of such a pod
 * allows invalid label values in every affinity selector (AllowInvalidLabelValueInSelector).
 */
function hasInvalidAffinitySelector(affinity: PodSpec['affinity']): boolean {
  const terms = [affinity?.podAffinity, affinity?.podAntiAffinity].flatMap((a) => {
    const pa = a as PodAffinity | undefined;
    return [...(pa?.requiredDuringSchedulingIgnoredDuringExecution ?? []), ...(pa?.preferredDuringSchedulingIgnoredDuringExecution ?? []).map((w) => w?.podAffinityTerm ?? {})];
  });
  return terms.some((t) => validateLabelSelector(t?.labelSelector, 'x').length + validateLabelSelector(t?.namespaceSelector, 'x').length > 0);
}

/**
 * `update`: a pod's update of itself (GetValidationOptionsFromPodSpecAndMeta with the pod as the old one): what the
 * pod already holds is allowed — invalid label values in its required node affinity
 * (AllowInvalidLabelValueInRequiredNodeAffinity) and, when an affinity selector has an error, in its affinity
 * selectors (AllowInvalidLabelValueInSelector).
 */
function validateAffinity(affinity: PodSpec['affinity'], path: string, update = false): FieldError[] {
  if (!affinity) return [];
  const errs: FieldError[] = [];
  const na = affinity.nodeAffinity;
  if (na) {
    const naPath = child(path, 'nodeAffinity');
    const req = na.requiredDuringSchedulingIgnoredDuringExecution;
    if (req) {
      const termsPath = child(child(naPath, 'requiredDuringSchedulingIgnoredDuringExecution'), 'nodeSelectorTerms');
      if (!req.nodeSelectorTerms?.length) errs.push(required(termsPath, 'must have at least one node selector term'));
      else req.nodeSelectorTerms.forEach((t, i) => errs.push(...validateNodeSelectorTerm(t, update, index(termsPath, i))));
    }
    (na.preferredDuringSchedulingIgnoredDuringExecution ?? []).forEach((t, i) => {
      const p = index(child(naPath, 'preferredDuringSchedulingIgnoredDuringExecution'), i);
      errs.push(...weightError(t.weight, p));
      // "we always allow invalid label-value for preferred affinity as they can success when cluster has only one node"
      errs.push(...validateNodeSelectorTerm(t.preference, true, child(p, 'preference')));
    });
  }
  const allowInvalidSelectorValues = update && hasInvalidAffinitySelector(affinity);
  errs.push(...validatePodAffinity(affinity.podAffinity as PodAffinity, child(path, 'podAffinity'), allowInvalidSelectorValues));
  errs.push(...validatePodAffinity(affinity.podAntiAffinity as PodAffinity, child(path, 'podAntiAffinity'), allowInvalidSelectorValues));
  return errs;
}

/**
 * `update`: a pod's update of itself, whose labelSelectors are not validated when one of them has an error
 * (AllowInvalidTopologySpreadConstraintLabelSelector = hasInvalidTopologySpreadConstraintLabelSelector of the old pod):
 * with the pod its own old one, never.
 */
function validateTopologySpreadConstraints(constraints: PodSpec['topologySpreadConstraints'], path: string, update = false): FieldError[] {
  const errs: FieldError[] = [];
  const list = constraints ?? [];
  // from 1.34, an update of a pod whose matchLabelKeys one rule refuses is validated by the other
  // (GetValidationOptionsFromPodSpecAndMeta: OldPodViolatesMatchLabelKeysValidation, OldPodViolatesLegacyMatchLabelKeysValidation)
  const merge = gateEnabled('MatchLabelKeysInPodTopologySpreadSelectorMerge');
  const violates = (rule: boolean) => list.some((c) => (rule
    ? validateMatchLabelKeysAndMismatchLabelKeys('x', c.matchLabelKeys, undefined, c.labelSelector as LabelSelector)
    : legacyMatchLabelKeys('x', c.matchLabelKeys, c.labelSelector as LabelSelector)).length > 0);
  const newRule = update && releaseAtLeast('1.34') && violates(merge) ? !merge : merge;
  list.forEach((c, i) => {
    const p = index(path, i);
    if (!isInt(c.maxSkew) || c.maxSkew <= 0) errs.push(invalid(child(p, 'maxSkew'), c.maxSkew ?? 0, 'must be greater than zero'));
    if (!c.topologyKey) errs.push(required(child(p, 'topologyKey'), 'can not be empty'));
    if (c.whenUnsatisfiable !== 'DoNotSchedule' && c.whenUnsatisfiable !== 'ScheduleAnyway') {
      errs.push(notSupported(child(p, 'whenUnsatisfiable'), named(c.whenUnsatisfiable ?? ''), ['DoNotSchedule', 'ScheduleAnyway']));
    }
    if (list.slice(i + 1).some((o) => o.topologyKey === c.topologyKey && o.whenUnsatisfiable === c.whenUnsatisfiable)) {
      errs.push(duplicate(child(p, '{topologyKey, whenUnsatisfiable}'), `{${c.topologyKey ?? ''}, ${c.whenUnsatisfiable ?? ''}}`));
    }
    if (c.minDomains != null) {
      if (!isInt(c.minDomains) || c.minDomains <= 0) errs.push(invalid(child(p, 'minDomains'), c.minDomains, 'must be greater than zero'));
      if (c.whenUnsatisfiable !== 'DoNotSchedule') {
        errs.push(invalid(child(p, 'minDomains'), c.minDomains, `can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ${c.whenUnsatisfiable ?? ''}`));
      }
    }
    for (const policy of ['nodeAffinityPolicy', 'nodeTaintsPolicy'] as const) {
      const v = c[policy];
      if (v != null && v !== 'Honor' && v !== 'Ignore') errs.push(notSupported(child(p, policy), named(String(v)), ['Honor', 'Ignore']));
    }
    // with MatchLabelKeysInPodTopologySpreadSelectorMerge (beta, on since v1.34) validateTopologySpreadConstraints
    // uses the pod affinity rule, on the merged selector for a Pod (kubernetes PR #129874); the legacy
    // ValidateMatchLabelKeysInTopologySpread (any matchLabelKeys key in the selector) is for the gate off
    errs.push(...(newRule
      ? validateMatchLabelKeysAndMismatchLabelKeys(p, c.matchLabelKeys, undefined, c.labelSelector as LabelSelector)
      : legacyMatchLabelKeys(child(p, 'matchLabelKeys'), c.matchLabelKeys, c.labelSelector as LabelSelector)));
    if (!update) errs.push(...validateLabelSelector(c.labelSelector as LabelSelector, child(p, 'labelSelector')));
  });
  return errs;
}

/** @upstream pkg/apis/core/validation/validation.go */
const NO_POD_LEVEL_CLAIMS = 'claims may not be set for Resources at pod-level';
/** resourcehelper.SupportedPodLevelResources (component-helpers), sorted: cpu, memory and the hugepages- prefix. */
const POD_LEVEL_RESOURCES = ['cpu', 'hugepages-', 'memory'];

/** validatePodResourceName: validateResourceName (stopping at a bad qualified name), then a pod-level resource. */
function validatePodResourceName(name: string, path: string): FieldError[] {
  const bad = isQualifiedName(name).map((m) => invalid(path, name, m));
  if (bad.length) return bad;
  if (!name.includes('/') && !isStandardResourceName(name)) return [invalid(path, name, 'must be a standard resource type or fully qualified')];
  return name === 'cpu' || name === 'memory' || isHugePages(name) ? [] : [notSupported(path, name, POD_LEVEL_RESOURCES)];
}

// the pod-level rules shared with LimitRanger's path, read only for a spec with pod-level resources
const podLevelRules = (): typeof LimitRangeRules => require('./limit-range');

/**
 * validatePodResources (PodLevelResources: alpha and off at 1.33, where the create path drops spec.resources after
 * decoding it; beta and on from 1.34): a windows pod may not set them; no claims; the names, values and request ≤
 * limit rules of the containers' resources with validatePodResourceName; validatePodResourceConsistency (the
 * containers' aggregate against the pod's: limit-range.ts podResourceConsistency). A Pod's are validated as the API
 * server defaults them (`isPod`: limit-range.ts withPodLevelResourcesDefaulted, PrepareForCreate's
 * DefaultPodLevelResources at 1.37, which a pod's update of itself (`update`) does not run), a template's as
 * written; with an amount that does not decode, as written and without the consistency (the API server refuses the
 * body before validating it).
 */
function validatePodResources(s: PodSpec, path: string, isPod: boolean, indivisibleHugePages = false, update = false): FieldError[] {
  const p = child(path, 'resources');
  if (!gateEnabled('PodLevelResources')) {
    // decoding comes before the drop, so a quantity that does not decode is refused at every release
    const e: FieldError[] = [];
    const resources = s.resources as Container['resources'];
    decodeList(resources?.requests, child(p, 'requests'), e);
    decodeList(resources?.limits, child(p, 'limits'), e);
    return e;
  }
  if (s.os?.name === 'windows') return [forbidden(p, 'may not be set for a windows pod')];
  let spec = s;
  let consistency: FieldError[] = [];
  try {
    const rules = podLevelRules();
    if (isPod) spec = rules.withPodLevelResourcesDefaulted(s, gateEnabled('PodLevelResourcesFixDefaulting'), update);
    consistency = rules.podResourceConsistency(spec, p);
  } catch (e) {
    if (!(e instanceof QuantityError)) throw e;
    spec = s;
  }
  const resources = spec.resources as Container['resources'] & { claims?: unknown };
  const errs: FieldError[] = [];
  if (resources?.claims != null) errs.push(forbidden(child(p, 'claims'), NO_POD_LEVEL_CLAIMS));
  errs.push(...validateResourceRequirements(resources, p, false, validatePodResourceName, indivisibleHugePages));
  errs.push(...validateResourceClaimNames(resources?.claims, podClaimNames(s as never), child(p, 'claims')));
  errs.push(...consistency);
  return errs;
}

// --- the pod spec ----------------------------------------------------------------------------------

const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const DNS_POLICIES = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];

// validation-volumes.ts (and validation-claim.ts behind it), the largest part of pod validation, is read only for a
// spec with a volume, a mount or a device: without any, validatePodVolumes finds nothing to refuse and
// withoutImageVolumes nothing to drop.
const volumeValidation = (): typeof VolumeValidation => require('./validation-volumes');
const given = (v: unknown) => v != null && !(Array.isArray(v) && v.length === 0);

/** The spec has volumes, or a container (of any kind) volumeMounts or volumeDevices: what validation-volumes.ts reads. */
// Stryker disable next-line BlockStatement: true more often only loads validation-volumes.ts for a spec it finds nothing in
export function touchesVolumes(spec: PodSpec): boolean {
  if (given(spec.volumes)) return true;
  for (const key of ['containers', 'initContainers', 'ephemeralContainers'] as const) {
    const list = (spec as PodSpec & { ephemeralContainers?: unknown })[key];
    // Stryker disable next-line ConditionalExpression: a shortcut; a list that is not one has no container to read
    if (!Array.isArray(list)) continue;
    for (const c of list as Array<Container | null>) if (c && (given(c.volumeMounts) || given(c.volumeDevices))) return true;
  }
  return false;
}

/** withoutImageVolumes (validation-volumes.ts): the spec as the create path leaves it with the ImageVolume gate off (`update`: kept). */
export const withoutImageVolumes = (spec: PodSpec, update = false): PodSpec => (touchesVolumes(spec) ? volumeValidation().withoutImageVolumes(spec, update) : spec);

/** The restart policy after defaulting (SetDefaults_PodSpec: empty means Always). */
export const restartPolicyOf = (spec: PodSpec | undefined) => spec?.restartPolicy || 'Always';

export function validatePodSpec(spec: PodSpec | undefined, path: string, opts: PodValidationOptions): FieldError[] {
  // a Pod is validated as the create path defaults it (k8s/defaults.ts: hostNetwork host ports); a template is not defaulted
  const s = opts.isPod && spec ? defaultPodSpec(spec) : spec ?? ({} as PodSpec);
  // ValidateVolumes first, then each container's volumeMounts and volumeDevices against the volumes that validated
  const errs: FieldError[] = touchesVolumes(s) ? volumeValidation().validatePodVolumes(s, path, opts.isPod ? opts.podName : undefined, opts.isPod, opts.update === true) : [];
  const hostUsers = (s as { hostUsers?: boolean }).hostUsers !== false;
  const grace = (s as { terminationGracePeriodSeconds?: unknown }).terminationGracePeriodSeconds;
  const withEnv = { ...opts, env: envOptions(s, opts.update), restartPolicy: restartPolicyOf(s), hostUsers, gracePeriod: typeof grace === 'number' ? grace : 30,
    claimNames: podClaimNames(s as never), claimsKept: claimsKept(s as never, opts.update), indivisibleHugePages: opts.update === true && usesIndivisibleHugePages(s) };
  errs.push(...validateContainers(s, path, withEnv));
  errs.push(...validateInitContainers(s, path, withEnv));
  errs.push(...validateEphemeralContainers(s, path, withEnv));
  errs.push(...validateFileKeyRefVolumes(s, path, withEnv.env));
  errs.push(...validateHostUsers(s as never, path, opts.update), ...validateWindowsHostProcessPod(s as never, path));
  if (s.hostNetwork) {
    (s.containers ?? []).forEach((c, i) =>
      (c.ports ?? []).forEach((p, j) => {
        // hostPort defaults to containerPort with hostNetwork; any other value is refused
        if (p.hostPort && p.hostPort !== p.containerPort) {
          errs.push(invalid(child(index(child(index(child(path, 'containers'), i), 'ports'), j), 'hostPort'), p.hostPort, 'must match `containerPort` when `hostNetwork` is true'));
        }
      }),
    );
  }
  if (!RESTART_POLICIES.includes(restartPolicyOf(s))) errs.push(notSupported(child(path, 'restartPolicy'), named(String(s.restartPolicy ?? '')), RESTART_POLICIES));
  if (s.dnsPolicy && !DNS_POLICIES.includes(s.dnsPolicy)) errs.push(notSupported(child(path, 'dnsPolicy'), named(s.dnsPolicy), DNS_POLICIES));
  errs.push(...validateHostAliases(s.hostAliases, child(path, 'hostAliases')));
  errs.push(...validatePodSecurityContext(s as never, path, opts.update));
  errs.push(...validatePodDNSConfig(s as never, path));
  errs.push(...validateReadinessGates(s as never, path));
  errs.push(...validateNamedFields(s as never, path));
  errs.push(...validatePodHostName(s as never, path, opts.update === true));
  errs.push(...validatePodResourceClaims(s as never, path, opts.update));
  errs.push(...validateLabels(s.nodeSelector, child(path, 'nodeSelector')));
  errs.push(...validateAffinity(s.affinity, child(path, 'affinity'), opts.update === true));
  const gates = new Set<string>();
  (s.schedulingGates ?? []).forEach((g, i) => {
    errs.push(...isQualifiedName(g.name ?? '').map((m) => invalid(index(child(path, 'schedulingGates'), i), g.name ?? '', m)));
    if (gates.has(g.name)) errs.push(duplicate(index(child(path, 'schedulingGates'), i), g.name));
    gates.add(g.name);
  });
  errs.push(...validateTopologySpreadConstraints(s.topologySpreadConstraints, child(path, 'topologySpreadConstraints'), opts.update === true));
  if (s.nodeName) errs.push(...nameIsDNSSubdomain(s.nodeName, false).map((m) => invalid(child(path, 'nodeName'), s.nodeName, m)));
  if (s.activeDeadlineSeconds != null && (!isInt(s.activeDeadlineSeconds) || s.activeDeadlineSeconds < 1 || s.activeDeadlineSeconds > MAX_INT32)) {
    errs.push(invalid(child(path, 'activeDeadlineSeconds'), s.activeDeadlineSeconds, `must be between 1 and ${MAX_INT32}, inclusive`));
  }
  if (s.hostname) errs.push(...isDNS1123Label(s.hostname).map((m) => invalid(child(path, 'hostname'), s.hostname, m)));
  if (s.subdomain) errs.push(...isDNS1123Label(s.subdomain).map((m) => invalid(child(path, 'subdomain'), s.subdomain, m)));
  errs.push(...validateTolerations(s.tolerations, child(path, 'tolerations'), opts.comparisonOperators));
  if (s.priorityClassName) {
    errs.push(...isDNS1123Subdomain(s.priorityClassName).map((m) => invalid(child(path, 'priorityClassName'), s.priorityClassName, m)));
  }
  // validateOverhead reuses the container rules on {limits: overhead}, hence `overhead.limits.<name>` paths
  if (s.overhead) errs.push(...validateResourceRequirements({ limits: s.overhead }, child(path, 'overhead'), false, undefined, withEnv.indivisibleHugePages));
  if (s.resources) errs.push(...validatePodResources(s, path, opts.isPod, withEnv.indivisibleHugePages, opts.update === true));
  if (s.os) {
    // validateOS: v1.33.13 still says "cannot be empty" (dropped in 1.34, #132513)
    if (!s.os.name) errs.push(required(child(child(path, 'os'), 'name'), releaseAtLeast('1.34') ? '' : 'cannot be empty'));
    else if (s.os.name !== 'linux' && s.os.name !== 'windows') errs.push(notSupported(child(path, 'os'), named(String(s.os.name)), ['linux', 'windows']));
    // validateLinux / validateWindows, for a valid OS only
    else errs.push(...validateOSSecurity(s as never, path));
  }
  // schedulingGroup (from 1.36, GenericWorkload alpha, off): dropped on create, kept by an update of a spec that holds
  // it (pkg/api/pod/util.go dropDisabledSchedulingGroup, schedulingGroupInUse; validateSchedulingGroup, v1.36.3, v1.37.2)
  const group = (s as { schedulingGroup?: { podGroupName?: unknown } | null }).schedulingGroup;
  if (opts.update && releaseAtLeast('1.36') && group != null) {
    errs.push(...validateSchedulingGroup(group, child(path, 'schedulingGroup')));
    // 1.37's evictionResponders (EvictionRequestAPI alpha, off) are kept alike when the spec holds them (dropDisabledEvictionResponders)
    const responders = (s as { evictionResponders?: unknown }).evictionResponders;
    if (releaseAtLeast('1.37') && Array.isArray(responders) && responders.length) errs.push(forbidden(child(path, 'schedulingGroup'), 'may not be set when evictionResponders is set'));
  }
  if (opts.isPod && !opts.update) {
    // ValidatePodCreate
    if (s.ephemeralContainers?.length) errs.push(forbidden(child(path, 'ephemeralContainers'), 'cannot be set on create'));
    if (s.nodeName && s.schedulingGates?.length) errs.push(forbidden(child(path, 'nodeName'), 'cannot be set until all schedulingGates have been cleared'));
  }
  return errs;
}

/** validateSchedulingGroup: a podGroupName (a one-of of one), a DNS subdomain (ValidatePodGroupName). */
function validateSchedulingGroup(group: { podGroupName?: unknown }, path: string): FieldError[] {
  const p = child(path, 'podGroupName');
  // (an object's missing pointer prints as null: the value JSON gives it)
  if (group.podGroupName == null) return [invalid(p, null, 'must specify one of: `podGroupName`')];
  const name = String(group.podGroupName);
  return nameIsDNSSubdomain(name, false).map((m) => invalid(p, name, m));
}

/** ValidatePodTemplateSpec: the template's labels and annotations, its spec; no ephemeral containers. */
/** ValidateAnnotations of a pod template's metadata: each key a qualified name (lower-cased first). */
export function validateTemplateAnnotations(template: { metadata?: { annotations?: Record<string, string> } } | undefined, path: string): FieldError[] {
  return Object.keys(template?.metadata?.annotations ?? {}).flatMap((k) => isQualifiedName(k.toLowerCase()).map((m) => invalid(child(path, 'annotations'), k, m)));
}

export function validatePodTemplateSpec(
  template: { metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: PodSpec } | undefined,
  path: string,
  opts: PodValidationOptions,
): FieldError[] {
  const errs = [...validateLabels(template?.metadata?.labels, child(path, 'labels')), ...validateTemplateAnnotations(template, path)];
  errs.push(...podSpecificAnnotationErrors(template?.metadata?.annotations, template?.spec ?? ({} as PodSpec), child(path, 'annotations'), opts.update, opts.comparisonOperators));
  errs.push(...validatePodSpec(template?.spec, child(path, 'spec'), opts));
  // the deprecated annotations against the fields, as written (no PrepareForCreate for a template), on create and on a
  // workload's update alike (ValidatePodTemplateSpec: validateSeccompAnnotationsAndFields,
  // validateAppArmorAnnotationsAndFieldsMatchOnCreate)
  errs.push(...annotationFieldErrors(template?.metadata?.annotations, template?.spec ?? ({} as PodSpec), child(path, 'spec'), false));
  if (template?.spec?.ephemeralContainers?.length) {
    errs.push(forbidden(child(child(path, 'spec'), 'ephemeralContainers'), 'ephemeral containers not allowed in pod template'));
  }
  return errs;
}
