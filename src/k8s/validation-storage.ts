// The cluster objects the volume plugins and the RuntimeClass admission read, as the API server takes them on create:
// StorageClass, CSINode, CSIDriver (storage.k8s.io/v1: pkg/apis/storage/v1/defaults.go, pkg/registry/storage/*/
// strategy.go, pkg/apis/storage/validation/validation.go) and RuntimeClass (node.k8s.io/v1: pkg/registry/node/
// runtimeclass, pkg/apis/node/validation/validation.go), per release v1.33.13 … v1.37.2. All four are cluster-scoped:
// the create path clears a namespace the object names (rest.EnsureObjectNamespaceMatchesRequestNamespace). `update`: an
// object read from a cluster, validated as the strategy's ValidateUpdate of itself (no PrepareForCreate: the fields a
// gate drops on create stay when the stored object has them; the immutable checks find nothing). Every client that
// takes such an object refuses what this refuses (engine/validate.ts validate, through validation-workloads.ts).
import { releaseAtLeast } from '../core/config';
import type { FieldError, Toleration } from '../core/types';
import { isQualifiedName, nameIsDNSLabel, nameIsDNSSubdomain, nameIsPathSegment } from './names';
import { COMPARISON_GATE_HINT, validateTolerations } from './validation';
import { child, duplicate, goJson, index, invalid, IS_NEGATIVE, named, notSupported, quote, Raw, required } from './validation-field';
import { commonUpdateErrors, metaUpdateErrors, validateLabelName, validateLabels, validateObjectMeta, type ObjectMeta } from './validation-meta';
import { validateResourceRequirements } from './validation-pod';
import { validateCSIDriverName } from './validation-volumes';

type Obj = Record<string, any>;

/** The supported values, as upstream lists them (sets.String.List(): sorted). */
const RECLAIM_POLICIES = ['Delete', 'Retain'];
const BINDING_MODES = ['Immediate', 'WaitForFirstConsumer'];
const FS_GROUP_POLICIES = ['File', 'None', 'ReadWriteOnceWithFSType'];
// (a literal list, in upstream's order)
const LIFECYCLE_MODES = ['Persistent', 'Ephemeral'];

/** @upstream pkg/apis/storage/validation/validation.go */
const EMPTY_PARAMETER = 'field can not be empty.';
/** @upstream pkg/apis/storage/validation/validation.go */
const TOKEN_TOO_SHORT = 'may not specify a duration less than 10 minutes';
/** @upstream pkg/apis/storage/validation/validation.go */
const TOKEN_TOO_LONG = 'may not specify a duration larger than 2^32 seconds';
/** @upstream pkg/apis/storage/validation/validation.go */
const PERIOD_TOO_SHORT = 'must be greater than or equal to 10 seconds';
/** @upstream pkg/apis/storage/validation/validation.go */
const TOKEN_IN_SECRETS_ALONE = 'serviceAccountTokenInSecrets is set but no tokenRequests are specified';

const tooLong = (field: string, max: number): FieldError => ({ field, message: `Too long: may not be more than ${max} bytes` });
const bytes = (s: string) => Buffer.byteLength(s);
const clusterMeta = (meta: ObjectMeta | undefined): ObjectMeta => ({ ...(meta ?? {}), namespace: undefined });
/** ValidateObjectMeta with a DNS-subdomain name: core's (its finalizer-name check too), or apimachinery's (`generic`). */
const metaErrors = (object: Obj, generic = false) => validateObjectMeta(clusterMeta(object.metadata), false, nameIsDNSSubdomain, 'metadata', generic);

/** validateParameters (allowEmpty): at most 512 entries, no empty key, at most 256 KiB of keys and values. */
function validateParameters(params: Record<string, unknown> | null | undefined, path: string): FieldError[] {
  const entries = Object.entries(params ?? {});
  if (entries.length > 512) return [tooLong(path, 512)];
  const errs: FieldError[] = [];
  let size = 0;
  for (const [k, v] of entries) {
    if (!k) errs.push(invalid(path, k, EMPTY_PARAMETER));
    size += bytes(k) + bytes(String(v ?? ''));
  }
  if (size > 256 * 1024) errs.push(tooLong(path, 256 * 1024));
  return errs;
}

/**
 * ValidateTopologySelectorTerm over each term, then validateAllowedTopologies' check of repeated terms: each term's
 * keys and value sets compared (helper.Semantic.DeepEqual, nil and empty alike) with the list upstream starts with
 * `make(…, len(topologies))` — as many nil entries as terms — and the terms before it, so a term without expressions
 * is a duplicate once per term of the class, and once more per earlier such term.
 */
function validateAllowedTopologies(terms: unknown, path: string): FieldError[] {
  if (!Array.isArray(terms) || !terms.length) return [];
  const errs: FieldError[] = [];
  const seen: Array<Map<string, Set<string>>> = terms.map(() => new Map());
  terms.forEach((term: Obj | null, i) => {
    const exprPath = child(index(path, i), 'matchLabelExpressions');
    const exprs = new Map<string, Set<string>>();
    (Array.isArray(term?.matchLabelExpressions) ? term!.matchLabelExpressions : []).forEach((rq: Obj | null, j: number) => {
      const at = index(exprPath, j);
      const values: string[] = Array.isArray(rq?.values) ? rq!.values.map((v: unknown) => String(v ?? '')) : [];
      if (!values.length) errs.push(required(child(at, 'values')));
      const set = new Set<string>();
      values.forEach((v, k) => {
        if (set.has(v)) errs.push(duplicate(index(child(at, 'values'), k), v));
        set.add(v);
      });
      const key = String(rq?.key ?? '');
      errs.push(...validateLabelName(key, child(at, 'key')));
      if (exprs.has(key)) errs.push(duplicate(child(at, 'key'), key));
      exprs.set(key, set);
    });
    for (const other of seen) if (sameTerm(exprs, other)) errs.push(duplicate(exprPath, ''));
    seen.push(exprs);
  });
  return errs;
}

const sameTerm = (a: Map<string, Set<string>>, b: Map<string, Set<string>>) =>
  a.size === b.size && [...a].every(([k, v]) => {
    const w = b.get(k);
    return w !== undefined && w.size === v.size && [...v].every((x) => w.has(x));
  });

/** ValidateStorageClass after SetDefaults_StorageClass (reclaimPolicy Delete, volumeBindingMode Immediate). */
export function validateStorageClass(object: Obj): FieldError[] {
  const provisioner = String(object.provisioner ?? '');
  const reclaimPolicy = object.reclaimPolicy ?? 'Delete';
  const mode = object.volumeBindingMode ?? 'Immediate';
  return [
    ...metaErrors(object),
    ...(provisioner ? isQualifiedName(provisioner.toLowerCase()).map((m) => invalid('provisioner', provisioner.toLowerCase(), m)) : [required('provisioner')]),
    ...validateParameters(object.parameters, 'parameters'),
    ...(reclaimPolicy && !RECLAIM_POLICIES.includes(reclaimPolicy) ? [notSupported('reclaimPolicy', named(reclaimPolicy), RECLAIM_POLICIES)] : []),
    ...(!BINDING_MODES.includes(mode) ? [notSupported('volumeBindingMode', named(mode), BINDING_MODES)] : []),
    ...validateAllowedTopologies(object.allowedTopologies, 'allowedTopologies'),
  ];
}

/** validateCSINodeDriver for each driver (ValidateCSINode; a node ID of up to 256 characters at every release). */
export function validateCSINode(object: Obj): FieldError[] {
  const errs = metaErrors(object);
  const names = new Set<string>();
  const drivers: Array<Obj | null> = Array.isArray(object.spec?.drivers) ? object.spec.drivers : [];
  drivers.forEach((d, i) => {
    const at = index('spec.drivers', i);
    const name = String(d?.name ?? '');
    const nodeID = String(d?.nodeID ?? '');
    errs.push(...validateCSIDriverName(name, child(at, 'name')));
    if (!nodeID) errs.push(required(child(at, 'nodeID')));
    if (bytes(nodeID) > 256) errs.push(invalid(child(at, 'nodeID'), nodeID, 'must be 256 characters or less'));
    const count = d?.allocatable?.count;
    if (typeof count === 'number' && count < 0) errs.push(invalid(child(child(at, 'allocatable'), 'count'), count, IS_NEGATIVE));
    if (names.has(name)) errs.push(duplicate(child(at, 'name'), name));
    names.add(name);
    const keys = new Set<string>();
    for (const key of (Array.isArray(d?.topologyKeys) ? d!.topologyKeys : []).map((k: unknown) => String(k ?? ''))) {
      if (!key) errs.push(required(at));
      if (keys.has(key)) errs.push(duplicate(at, key));
      keys.add(key);
      errs.push(...isQualifiedName(key).map((m) => invalid(at, key, m)));
    }
  });
  return errs;
}

/**
 * A CSIDriver's spec after SetDefaults_CSIDriver and, on create, PrepareForCreate's gated drops
 * (nodeAllocatableUpdatePeriodSeconds without MutableCSINodeAllocatableCount: 1.33 and 1.34; preventPodSchedulingIfMissing
 * without VolumeLimitScaling: 1.36). The booleans SetDefaults_CSIDriver fills are never missing after it.
 */
function csiDriverSpec(spec: Obj, update: boolean): Obj {
  const s: Obj = { ...spec };
  s.fsGroupPolicy ??= 'ReadWriteOnceWithFSType';
  if (!Array.isArray(s.volumeLifecycleModes) || !s.volumeLifecycleModes.length) s.volumeLifecycleModes = ['Persistent'];
  if (!update && !releaseAtLeast('1.35')) s.nodeAllocatableUpdatePeriodSeconds = undefined;
  return s;
}

/** validateCSIDriverSpec, its checks that defaulting leaves reachable. */
function validateCSIDriverSpec(spec: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (!FS_GROUP_POLICIES.includes(spec.fsGroupPolicy)) errs.push(notSupported('spec.fsGroupPolicy', named(String(spec.fsGroupPolicy)), FS_GROUP_POLICIES));
  const audiences = new Set<string>();
  const requests: Array<Obj | null> = Array.isArray(spec.tokenRequests) ? spec.tokenRequests : [];
  requests.forEach((r, i) => {
    const at = index('spec.tokenRequests', i);
    const audience = String(r?.audience ?? '');
    if (audiences.has(audience)) {
      errs.push(duplicate(child(at, 'audience'), audience));
      return;
    }
    audiences.add(audience);
    const seconds = r?.expirationSeconds;
    if (typeof seconds !== 'number') return;
    if (seconds < 600) errs.push(invalid(child(at, 'expirationSeconds'), seconds, TOKEN_TOO_SHORT));
    if (seconds > 2 ** 32) errs.push(invalid(child(at, 'expirationSeconds'), seconds, TOKEN_TOO_LONG));
  });
  for (const mode of spec.volumeLifecycleModes as unknown[]) {
    if (!LIFECYCLE_MODES.includes(mode as string)) errs.push(notSupported('spec.volumeLifecycleModes', named(String(mode ?? '')), LIFECYCLE_MODES));
  }
  const period = spec.nodeAllocatableUpdatePeriodSeconds;
  if (typeof period === 'number' && period < 10) errs.push(invalid('spec.nodeAllocatableUpdatePeriodSeconds', period, PERIOD_TOO_SHORT));
  // (from 1.35: the field and its check; the CSIServiceAccountTokenSecrets gate is on wherever it exists)
  const inSecrets = spec.serviceAccountTokenInSecrets;
  if (releaseAtLeast('1.35') && inSecrets != null && !requests.length) errs.push(invalid('spec.serviceAccountTokenInSecrets', inSecrets, TOKEN_IN_SECRETS_ALONE));
  return errs;
}

/** ValidateCSIDriver (create), or ValidateCSIDriverUpdate of itself: the spec's checks, and ValidateObjectMetaUpdate's (no name check). */
export function validateCSIDriver(object: Obj, update = false): FieldError[] {
  const meta = update ? metaUpdateErrors(object.metadata, true) : metaErrors(object);
  return [...meta, ...validateCSIDriverSpec(csiDriverSpec(object.spec ?? {}, update))];
}

/** validateTolerations of node/validation: the core checks without comparison operators, then repeated tolerations. */
function validateRuntimeClassTolerations(tolerations: unknown, path: string): FieldError[] {
  const list = (Array.isArray(tolerations) ? tolerations : []) as Toleration[];
  // PodValidationOptions{}: Lt and Gt are refused whatever the gate, so the gate's hint is not given
  // before 1.35 (v1.34.4: ValidateTolerations(tolerations, fldPath.Child("tolerations"))) the core checks' paths
  // repeat the list's name: `scheduling.tolerations.tolerations[0].operator`; the duplicate check's does not
  const corePath = releaseAtLeast('1.35') ? path : child(path, 'tolerations');
  const errs = validateTolerations(list, corePath, false).map((e) => ({ ...e, message: e.message.replace(` (${COMPARISON_GATE_HINT})`, '') }));
  const seen = new Set<string>();
  list.forEach((t, i) => {
    const id = JSON.stringify([t?.key ?? '', t?.operator ?? '', t?.value ?? '', t?.effect ?? '']);
    if (seen.has(id)) errs.push(duplicate(index(path, i), goToleration(t ?? {})));
    seen.add(id);
  });
  return errs;
}

/**
 * The internal core.Toleration as ErrorBody prints it: json.Marshal from 1.34 (Go's field names: the internal type has
 * no json tags), %#v before. At 1.33 a set tolerationSeconds prints as a pointer's address, which no one can match.
 */
function goToleration(t: Toleration): Raw {
  const seconds = t.tolerationSeconds ?? null;
  if (releaseAtLeast('1.34')) {
    return new Raw(goJson({ Key: t.key ?? '', Operator: t.operator ?? '', Value: t.value ?? '', Effect: t.effect ?? '', TolerationSeconds: seconds }));
  }
  const ptr = seconds === null ? '(*int64)(nil)' : '(*int64)(0xc000000000)';
  return new Raw(`core.Toleration{Key:${quote(t.key ?? '')}, Operator:${quote(t.operator ?? '')}, Value:${quote(t.value ?? '')}, Effect:${quote(t.effect ?? '')}, TolerationSeconds:${ptr}}`);
}

/**
 * The handler's checks: before 1.36 a DNS label (an empty one fails it like any other); from 1.36 Required when empty.
 * From 1.37 on create, declarative validation's errors replace them (pkg/apis/node/v1/zz_generated.validations.go:
 * RequiredValue, then validate.ShortName over content.IsDNS1123Label, whose length limit is in bytes; apiserver
 * pkg/registry/rest/validate.go FilterCoveredHandwrittenErrors drops a handwritten error only for a declarative one).
 * On an update of itself declarative validation skips the unchanged handler, so the handwritten errors stand.
 */
function handlerErrors(handler: string, update: boolean): FieldError[] {
  if (!handler && releaseAtLeast('1.36')) return [required('handler')];
  const msgs = nameIsDNSLabel(handler, false);
  if (update || !releaseAtLeast('1.37')) return msgs.map((m) => invalid('handler', handler, m));
  const long = bytes(handler) > 63 ? [SHORT_NAME_TOO_LONG] : [];
  return [...long, ...msgs.filter((m) => !m.startsWith('must be no more than'))].map((m) => invalid('handler', handler, m));
}

/** content.MaxLenError(63) (apimachinery pkg/api/validate/content/errors.go), built with Sprintf upstream. */
const SHORT_NAME_TOO_LONG = 'must be no more than 63 bytes';

/** ValidateRuntimeClass (there is no defaulting for node.k8s.io/v1, and PrepareForCreate changes nothing). */
export function validateRuntimeClass(object: Obj, update = false): FieldError[] {
  const handler = String(object.handler ?? '');
  // (node/validation uses apimachinery's ValidateObjectMeta: no finalizer-name check)
  const errs = metaErrors(object, true);
  errs.push(...handlerErrors(handler, update));
  if (object.overhead != null) errs.push(...validateResourceRequirements({ limits: object.overhead.podFixed ?? undefined }, 'overhead'));
  const scheduling = object.scheduling;
  if (scheduling != null) {
    if (scheduling.nodeSelector != null) errs.push(...validateLabels(scheduling.nodeSelector, 'scheduling.nodeSelector'));
    errs.push(...validateRuntimeClassTolerations(scheduling.tolerations, 'scheduling.tolerations'));
  }
  return errs;
}

/**
 * The create's field errors for one of the four kinds (undefined for another kind); `update`: an update of itself's
 * (rest.BeforeUpdate: validateCommonFields, then the strategy's ValidateUpdate; before 1.37 an error two checks find is
 * reported twice: validateObject drops the repeats from 1.37).
 */
export function validateStorageObject(object: Obj, update: boolean): FieldError[] | undefined {
  const common = update ? commonUpdateErrors(object) : [];
  switch (object.kind) {
    case 'StorageClass':
      return [...common, ...validateStorageClass(object), ...(update ? metaUpdateErrors(object.metadata, true) : [])];
    case 'CSINode':
      // ValidateCSINodeUpdate validates the node again; before 1.36 the strategy ran ValidateCSINode before it too
      return [...common, ...validateCSINode(object), ...(update && !releaseAtLeast('1.36') ? validateCSINode(object) : [])];
    case 'CSIDriver':
      return [...common, ...validateCSIDriver(object, update)];
    case 'RuntimeClass':
      // ValidateRuntimeClass, then ValidateRuntimeClassUpdate's apimachinery ValidateObjectMetaUpdate
      return [...common, ...validateRuntimeClass(object, update), ...(update ? metaUpdateErrors(object.metadata, false) : [])];
    default:
      return undefined;
  }
}

/** The kinds validateStorageObject knows. */
export const STORAGE_OBJECT_KINDS: readonly string[] = ['StorageClass', 'CSINode', 'CSIDriver', 'RuntimeClass'];
