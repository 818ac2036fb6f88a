// The create-path domain: the library's validate() and admission (admitPod) against the API server's create path
// (oracle/k8s-*/create.go). What is compared, exactly (oracle/README.md "create"):
// - refused before validation: upstream's decoder refuses (wrong JSON type, a quantity it cannot parse) exactly when
//   the library reports a type error or a quantity decode error, and upstream's field (Go's json path, no indices) is
//   among the library's fields with indices removed;
// - the field.ErrorList: each error's field and body (`Invalid value: "x": detail`) byte for byte, as a multiset, after
//   the library's own hints are taken off the body (" (did you mean …?)", the comparison-operator gate hint) and
//   without the errors the library adds for the Pods a controller will create (" (the API server accepts …)");
// - accepted: the Pod's tolerations after admission (DefaultTolerationSeconds, ExtendedResourceToleration), and with a
//   LimitRange its containers' requests and limits (LimitRanger's defaults; amounts compared by value);
// - an accepted PersistentVolume: its defaulted reclaim policy and volumeMode (a refused one: the field errors as above);
// - a PriorityClass: configure({ priorityClasses }) after the case's classes (clusterPriorityClasses) refuses exactly
//   what the API server refuses (the Priority plugin's Forbidden reason compared), and holds an accepted class with
//   upstream's defaulted preemptionPolicy;
// - refused by an admission plugin (LimitRanger's or ResourceQuota's Validate): the Forbidden reason after `is forbidden: `, an aggregate
//   of several errors as a set (upstream ranges over Go maps); the pod made invalid by LimitRanger's defaults: the
//   field errors as above.
import type { Difference } from './compare';
import type { Domain } from './domains';
import { claimInputArb, createInputArb, limitRangeInputArb, type CreateInput } from './generators-create';
import { policyObjectInputArb } from './generators-policy';
import { persistentVolumeInputArb } from './generators-pv';
import { defaultPersistentVolume } from '../../src/k8s/validation-pv';
import { storageObjectInputArb } from './generators-storage-objects';
import { admissionRefusedOnce, admitClaim, admitPod, clusterPriorityClasses, COMPARISON_GATE_HINT, PriorityClassInputError, parseQuantity, decodeErrors, toSubject, typeErrors, validate, withConfiguration, type KubernetesVersion, type Toleration } from './lib';

export interface UpstreamCreate {
  decode?: string;
  strict?: string[];
  refused?: string;
  errors?: Array<{ type: string; field: string; body: string }>;
  object?: Record<string, any>;
}

export interface OursCreate {
  /** Fields the library refuses before validation (type errors, quantities that do not decode). */
  decode?: string[];
  errors?: Array<{ field: string; body: string }>;
  tolerations?: Toleration[];
  /** An accepted PersistentVolumeClaim's spec.storageClassName after DefaultStorageClass admission (null: none). */
  storageClassName?: string | null;
  /**
   * An admission plugin's refusal (AdmissionRefusal.message); not `refused`, which run.ts reads as the library
   * throwing (compared as JSON, where upstream's aggregate order is Go's map order).
   */
  admissionRefused?: string;
  /** An accepted Pod's containers' and init containers' resources, when the case has LimitRanges. */
  resources?: Resources[];
  /**
   * A PriorityClass as configure({ priorityClasses }) takes it (admission/priority.ts clusterPriorityClasses, what the
   * Priority admission and preemption read): its preemptionPolicy as defaulted, or refused.
   */
  priorityClass?: { refused: true } | { preemptionPolicy?: string };
  /** An accepted PersistentVolume's defaulted reclaim policy and volumeMode (validation-pv.ts defaultPersistentVolume). */
  persistentVolume?: { persistentVolumeReclaimPolicy?: string; volumeMode?: string };
}

type Resources = { requests?: Record<string, string | number>; limits?: Record<string, string | number> };

const POD_NOTE = / \(the API server accepts the \w+ but refuses every Pod it creates\)$/;
// (and the assumption a StatefulSet's Pods' revision label rests on: the library cannot compute the hash, e2e.ts)
const HINTS = [` (${COMPARISON_GATE_HINT})`, / \(did you mean \w+\?\)$/, / \(x{10} stands for the revision hash, [^)]*\)$/];

export const stripHints = (body: string) => HINTS.reduce<string>((b, h) => (typeof h === 'string' ? (b.endsWith(h) ? b.slice(0, -h.length) : b) : b.replace(h, '')), body);

/** The library's answer; `version` overrides the configured kubernetesVersion (the frozen regressions name theirs). */
export function libraryCreate(input: CreateInput, version?: KubernetesVersion): OursCreate {
  const limitRanges = (input.limitRanges ?? []) as never[];
  const resourceQuotas = (input.resourceQuotas ?? []) as never[];
  return withConfiguration({ ...(version ? { kubernetesVersion: version } : {}), limitRanges, resourceQuotas, admission: { extendedResourceToleration: input.extendedResourceToleration, runtimeClass: false, priority: false } }, () => {
    const object = structuredClone(input.object);
    const configured = object.kind === 'PriorityClass' ? configuredClass(object, input.priorityClasses ?? []) : undefined;
    const pc = configured ? { priorityClass: configured.answer } : {};
    const wrongType = typeErrors(object);
    if (wrongType.length) return { decode: wrongType.map((e) => e.field), ...pc };
    const quantities = decodeErrors(object as never);
    if (quantities.length) return { decode: quantities.map((e) => e.field) };
    const all = validate(object as never);
    // the Pod LimitRanger's defaults made invalid: validation runs on the admitted pod
    const refusal = object.kind === 'Pod' && (limitRanges.length || resourceQuotas.length) ? admissionRefusedOnce(object) : undefined;
    const errors = [...all, ...(refusal?.validation ?? [])].filter((e) => !POD_NOTE.test(e.message)).map((e) => ({ field: e.field, body: stripHints(e.message) }));
    if (errors.length) return { errors, ...pc };
    if (configured) return { ...pc, ...(configured.forbidden ? { admissionRefused: configured.forbidden } : {}) };
    if (refusal) return { admissionRefused: refusal.message };
    if (object.kind === 'PersistentVolumeClaim') return { storageClassName: admitClaim(object as never, (input.storageClasses ?? []) as never).spec?.storageClassName ?? null };
    if (object.kind === 'PersistentVolume') return { persistentVolume: pvDefaults(defaultPersistentVolume(object).spec) };
    if (object.kind !== 'Pod') return {};
    const admitted = admitPod(toSubject(object));
    const resources = limitRanges.length ? [...admitted.spec.containers, ...(admitted.spec.initContainers ?? [])].map((c) => (c.resources ?? {}) as Resources) : undefined;
    return { tolerations: admitted.tolerations, ...(resources ? { resources } : {}) };
  });
}

/**
 * The class as the cluster's PriorityClasses hold it when configured after the `existing` ones, or its refusal (and
 * the Forbidden reason when the Priority admission plugin refuses it).
 */
function configuredClass(object: Record<string, any>, existing: readonly Record<string, any>[]): { answer: NonNullable<OursCreate['priorityClass']>; forbidden?: string } {
  return withConfiguration({ priorityClasses: [...existing, object] as never[] }, () => {
    try {
      const found = clusterPriorityClasses().find((c) => c.metadata?.name === object.metadata?.name);
      return { answer: { preemptionPolicy: found?.preemptionPolicy ?? undefined } };
    } catch (e) {
      if (!(e instanceof PriorityClassInputError)) throw e;
      const forbidden = /priorityclasses\.scheduling\.k8s\.io "[^"]*" is forbidden: .*$/.exec(e.message)?.[0];
      return { answer: { refused: true }, ...(forbidden ? { forbidden } : {}) };
    }
  });
}

/**
 * Go's json type error names the field as `Kind.path.to.field` (no indices, no map keys beyond the field); an inlined
 * embedded struct appears by its Go name (core.Volume's `VolumeSource`, PersistentVolumeSpec's `PersistentVolumeSource`),
 * which no JSON path has: left out.
 */
function decodeField(text: string): string | undefined {
  const m = /Go struct field \w+\.(\S+) of type/.exec(text);
  return m?.[1].replace(/\.(?:Persistent)?VolumeSource\./g, '.');
}

const pvDefaults = (spec: Record<string, any> | undefined) => ({ persistentVolumeReclaimPolicy: spec?.persistentVolumeReclaimPolicy, volumeMode: spec?.volumeMode });

/** A toleration as Go's encoder writes it: empty strings left out (omitempty), keys in one order. */
const normal = (ts: readonly Toleration[]) =>
  ts.map((t) => Object.fromEntries(Object.entries(t).filter(([, v]) => v !== '' && v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1))));

const sortErrors = (es: Array<{ field: string; body: string }>) =>
  [...es].sort((a, b) => (a.field + '\u0000' + a.body < b.field + '\u0000' + b.body ? -1 : a.field + '\u0000' + a.body > b.field + '\u0000' + b.body ? 1 : 0));

const withoutIndices = (field: string) => field.replace(/\[[^\]]*\]/g, '');

/** The reason of a Forbidden text, an aggregate `[a, b]` as its sorted errors (each starts with a LimitRanger verb). */
function reasonOf(text: string): string[] {
  const reason = text.replace(/^[\w.]+ (?:"[^"]*" )?is forbidden: /, '');
  if (!reason.startsWith('[')) return [reason];
  return reason.slice(1, -1).split(/, (?=minimum |maximum |\S+ max limit to request ratio )/).sort();
}

/** Requests and limits by value (quantities print as written or canonically), a limit without a request also the request (SetDefaults_Pod). */
function effective(resources: Resources[]): Array<Record<string, Record<string, string>>> {
  const amounts = (l: Record<string, string | number> | undefined) =>
    Object.fromEntries(Object.entries(l ?? {}).map(([k, v]) => [k, String(parseQuantity(typeof v === 'string' ? v.trim() : v).nanos)]).sort(([a], [b]) => (a < b ? -1 : 1)));
  return resources.map((r) => ({ requests: amounts({ ...r.limits, ...r.requests }), limits: amounts(r.limits) }));
}

export function compareCreate(ours: OursCreate, upstream: UpstreamCreate): Difference[] {
  const diffs: Difference[] = [];
  const same = (field: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) diffs.push({ field, ours: a, upstream: b });
  };
  // a PriorityClass: configure({ priorityClasses }) refuses exactly what the API server refuses, and holds the
  // accepted class with its defaulted preemptionPolicy
  if (ours.priorityClass && (('refused' in ours.priorityClass) !== (upstream.object === undefined))) diffs.push({ field: 'priorityClass refused', ours: ours.priorityClass, upstream: upstream.object ?? upstream });
  else if (ours.priorityClass && upstream.object) same('priorityClass', ours.priorityClass, { preemptionPolicy: upstream.object.preemptionPolicy });
  if (upstream.strict) return [...diffs, { field: 'strict', ours: ours.decode ?? ours.errors ?? 'accepted', upstream: upstream.strict }];
  if (upstream.refused !== undefined || ours.admissionRefused !== undefined) {
    if (ours.admissionRefused === undefined || upstream.refused === undefined) return [{ field: 'refused', ours, upstream: upstream.refused ?? upstream }];
    same('refused', reasonOf(ours.admissionRefused), reasonOf(upstream.refused));
    return diffs;
  }
  if (upstream.decode !== undefined || ours.decode) {
    if (!ours.decode || upstream.decode === undefined) return [{ field: 'decode', ours: ours.decode ?? ours.errors ?? 'accepted', upstream: upstream.decode ?? upstream.errors ?? 'accepted' }];
    const f = decodeField(upstream.decode);
    // a quantity's own error carries no field: the verdict is compared
    if (f !== undefined && !ours.decode.some((o) => withoutIndices(o) === f || withoutIndices(o).startsWith(`${f}.`))) same('decode field', ours.decode, f);
    return diffs;
  }
  // as multisets: upstream walks Go maps (labels, resource lists) in random order, so its own order is not stable
  const theirs = sortErrors((upstream.errors ?? []).map((e) => ({ field: e.field, body: e.body })));
  const mine = sortErrors(ours.errors ?? []);
  // named after the first error that differs (its field without indices, its kind of body), so that run.ts tells
  // distinct differences apart; the whole lists go with it
  const first = [...Array(Math.max(mine.length, theirs.length)).keys()].find((i) => JSON.stringify(mine[i]) !== JSON.stringify(theirs[i]));
  if (first !== undefined) {
    const e = theirs[first] ?? mine[first];
    diffs.push({ field: `errors at ${withoutIndices(e.field)} ${e.body.split(':')[0]}`, ours: mine, upstream: theirs });
  }
  if (!diffs.length && upstream.object?.kind === 'Pod') same('tolerations', normal(ours.tolerations ?? []), normal(upstream.object.spec?.tolerations ?? []));
  if (!diffs.length && upstream.object?.kind === 'Pod' && ours.resources) {
    const theirs = [...(upstream.object.spec?.containers ?? []), ...(upstream.object.spec?.initContainers ?? [])].map((c: { resources?: Resources }) => c.resources ?? {});
    same('resources', effective(ours.resources), effective(theirs));
  }
  if (!diffs.length && upstream.object?.kind === 'PersistentVolume') same('persistentVolume', ours.persistentVolume, pvDefaults(upstream.object.spec));
  if (!diffs.length && upstream.object?.kind === 'PersistentVolumeClaim') same('storageClassName', ours.storageClassName, upstream.object.spec?.storageClassName ?? null);
  return diffs;
}

export const create: Domain<CreateInput, OursCreate> = {
  name: 'create',
  arbitrary: createInputArb,
  // the release: run.ts configures kubernetesVersion for the whole run
  ours: (input) => libraryCreate(input),
  compare: compareCreate as Domain<CreateInput, OursCreate>['compare'],
};

/** The PersistentVolumeClaims of the create domain alone (one case in eight there), for long runs: `--domains claims`. */
export const claims: Domain<CreateInput, OursCreate> = { ...create, name: 'claims', asks: 'create', named: true, arbitrary: claimInputArb };

/** The Pods under a LimitRange, a ResourceQuota or both (two cases in thirteen there), for long runs: `--domains namespacePolicy`. */
export const namespacePolicy: Domain<CreateInput, OursCreate> = { ...create, name: 'namespacePolicy', asks: 'create', named: true, arbitrary: limitRangeInputArb };

/** The PriorityClasses and PodDisruptionBudgets of the create domain alone (one case in thirteen there), for long runs: `--domains policyObjects`. */
export const policyObjects: Domain<CreateInput, OursCreate> = { ...create, name: 'policyObjects', asks: 'create', named: true, arbitrary: policyObjectInputArb };

/** The PersistentVolumes of the create domain alone (one case in thirteen there), for long runs: `--domains persistentVolumes`. */
export const persistentVolumes: Domain<CreateInput, OursCreate> = { ...create, name: 'persistentVolumes', asks: 'create', named: true, arbitrary: persistentVolumeInputArb };
/** The StorageClasses, CSINodes, CSIDrivers and RuntimeClasses of the create domain alone (one case in thirteen there), for long runs: `--domains storageObjects`. */
export const storageObjects: Domain<CreateInput, OursCreate> = { ...create, name: 'storageObjects', asks: 'create', named: true, arbitrary: storageObjectInputArb };
