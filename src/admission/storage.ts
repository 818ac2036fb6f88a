// The create path of PersistentVolumeClaims (issue 34): what the claims a pod uses look like once the cluster has
// made them. The StatefulSet controller creates `<template>-<set>-<ordinal>` from spec.volumeClaimTemplates before
// each pod, the ephemeral volume controller `<pod>-<volume>` for each generic ephemeral volume, and every claim goes
// through the API server, whose DefaultStorageClass admission plugin gives a claim without a class the default
// StorageClass. Identical at every supported release (v1.33.13 … v1.37.2: setdefault/admission.go,
// pkg/volume/util/storageclass.go, statefulset/stateful_set_utils.go's claim functions, ephemeral/controller.go
// handleVolume). Pure functions: the volume plugins read the claims through claimsOfPod and workloadClaims.
import type { PersistentVolumeClaim, Volume } from 'kubernetes-types/core/v1';
import type { StorageClass } from 'kubernetes-types/storage/v1';
import type { KubeObject, Pod } from '../core/types';

/** pkg/apis/storage/util IsDefaultStorageClassAnnotation: the StorageClass a claim without one gets. */
export const IS_DEFAULT_CLASS_ANNOTATION = 'storageclass.kubernetes.io/is-default-class';
/** …and its beta form, still honoured (pkg/volume/util/storageclass.go IsDefaultAnnotation). */
export const BETA_IS_DEFAULT_CLASS_ANNOTATION = 'storageclass.beta.kubernetes.io/is-default-class';
/** core.BetaStorageClassAnnotation: a claim's class before spec.storageClassName, read first. */
export const BETA_STORAGE_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';

type OwnerReference = NonNullable<NonNullable<PersistentVolumeClaim['metadata']>['ownerReferences']>[number];
type Owner = { name?: string; uid?: string };

/**
 * helper.PersistentVolumeClaimHasClass (pkg/apis/core/helper/helpers.go): the beta annotation, with any value (even
 * ""), or a spec.storageClassName, including "" (which asks for no class: never defaulted).
 */
export function claimHasClass(claim: PersistentVolumeClaim): boolean {
  return Object.hasOwn(claim.metadata?.annotations ?? {}, BETA_STORAGE_CLASS_ANNOTATION) || claim.spec?.storageClassName != null;
}

/** IsDefaultAnnotation: either annotation set to exactly "true". */
export function isDefaultClass(storageClass: StorageClass): boolean {
  const a = storageClass.metadata?.annotations ?? {};
  return a[IS_DEFAULT_CLASS_ANNOTATION] === 'true' || a[BETA_IS_DEFAULT_CLASS_ANNOTATION] === 'true';
}

// time.Time{}.UnixNano(): what a class without metadata.creationTimestamp (a manifest, not a dump) compares as
const ZERO_TIME_NANOS = -6795364578871345152n;

/** metadata.creationTimestamp as Go's UnixNano (RFC 3339, fraction to the nanosecond); the zero time when absent or unreadable. */
function creationNanos(o: StorageClass): bigint {
  // Stryker disable next-line OptionalChaining: creationNanos runs only for a class isDefaultClass accepted, which has metadata
  const text = o.metadata?.creationTimestamp;
  const m = typeof text === 'string' ? /^(.*?)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/i.exec(text) : null;
  const ms = m ? Date.parse(`${m[1]}${m[3]}`) : NaN;
  if (!m || Number.isNaN(ms)) return ZERO_TIME_NANOS;
  return BigInt(ms) * 1_000_000n + BigInt((m[2] ?? '').padEnd(9, '0'));
}

/**
 * util.GetDefaultClass (pkg/volume/util/storageclass.go): among the classes marked default, the newest
 * (metadata.creationTimestamp), then the first by name; undefined when none is.
 */
export function defaultStorageClass(classes: Iterable<StorageClass>): StorageClass | undefined {
  let best: StorageClass | undefined;
  let bestAt = 0n;
  for (const c of classes) {
    if (!isDefaultClass(c)) continue;
    const at = creationNanos(c);
    // Stryker disable next-line OptionalChaining: both classes passed isDefaultClass, so both have metadata
    if (!best || at > bestAt || (at === bestAt && (c.metadata?.name ?? '') < (best.metadata?.name ?? ''))) [best, bestAt] = [c, at];
  }
  return best;
}

/**
 * The DefaultStorageClass admission plugin on a claim's create (setdefault/admission.go Admit): a claim with no class
 * (claimHasClass) gets the default's name in spec.storageClassName; any other claim, or none marked default, is
 * returned as given (the same object). The PV controller gives a claim still without one the default later
 * (pv_controller.go assignDefaultStorageClass): a claim with no class ends up with it as soon as one exists.
 */
export function admitClaim(claim: PersistentVolumeClaim, classes: Iterable<StorageClass>): PersistentVolumeClaim {
  if (claimHasClass(claim)) return claim;
  const name = defaultStorageClass(classes)?.metadata?.name;
  return name === undefined ? claim : { ...claim, spec: { ...claim.spec, storageClassName: name } };
}

// ---- the StatefulSet controller (pkg/controller/statefulset/stateful_set_utils.go) ----

type ClaimTemplate = Omit<PersistentVolumeClaim, 'apiVersion' | 'kind'> & { apiVersion?: string; kind?: string };
interface StatefulSetSpec {
  replicas?: number;
  ordinals?: { start?: number };
  selector?: { matchLabels?: Record<string, string> };
  volumeClaimTemplates?: ClaimTemplate[];
  persistentVolumeClaimRetentionPolicy?: { whenDeleted?: string; whenScaled?: string };
}
type StatefulSet = KubeObject & { metadata?: Owner & { namespace?: string }; spec?: StatefulSetSpec };

const setSpec = (set: StatefulSet): StatefulSetSpec => set.spec ?? {};

/** getPersistentVolumeClaimName: `<template>-<set>-<ordinal>`. */
export function statefulSetClaimName(set: StatefulSet, template: ClaimTemplate, ordinal: number): string {
  return `${template.metadata?.name ?? ''}-${set.metadata?.name ?? ''}-${ordinal}`;
}

/**
 * getPersistentVolumeClaimRetentionPolicy, after the API server's defaults (apps/v1 SetDefaults_StatefulSet): Retain
 * for each field the set leaves empty.
 */
export function retentionPolicy(set: StatefulSet): { whenDeleted: string; whenScaled: string } {
  const p = setSpec(set).persistentVolumeClaimRetentionPolicy;
  return { whenDeleted: p?.whenDeleted || 'Retain', whenScaled: p?.whenScaled || 'Retain' };
}

/** getOrdinal: the number after the pod name's last `-`; -1 without one. */
const ordinalOf = (podName: string) => {
  const m = /^(.*)-([0-9]+)$/.exec(podName);
  const n = m ? Number(m[2]) : -1;
  return Number.isSafeInteger(n) && n <= 2 ** 31 - 1 ? n : -1;
};

/** podInOrdinalRange: [ordinals.start, start + replicas) (replicas defaults to 1 in apps/v1). */
function inOrdinalRange(podName: string, set: StatefulSet): boolean {
  const ordinal = ordinalOf(podName);
  const start = setSpec(set).ordinals?.start ?? 0;
  return ordinal >= start && ordinal <= start + (setSpec(set).replicas ?? 1) - 1;
}

const SET_KIND = { apiVersion: 'apps/v1', kind: 'StatefulSet' };
const POD_KIND = { apiVersion: 'v1', kind: 'Pod' };
/** matchesRef: the same group/version, kind and name (not the uid). */
const matchesRef = (ref: OwnerReference, owner: Owner, gvk: typeof SET_KIND) => ref.apiVersion === gvk.apiVersion && ref.kind === gvk.kind && ref.name === owner.name;
const uidOf = (owner: Owner) => owner.uid ?? '';

/** hasUnexpectedController: with a Delete policy, a controller that is neither the set nor the pod (or a stale ref to them). */
function hasUnexpectedController(refs: readonly OwnerReference[], set: StatefulSet, pod: Owner): boolean {
  const policy = retentionPolicy(set);
  // Stryker disable next-line StringLiteral,BooleanLiteral: under Retain/Retain claimOwnerReferences adds no ref either way, so an unexpected controller changes nothing (retentionPolicy never gives "")
  if (policy.whenScaled === 'Retain' && policy.whenDeleted === 'Retain') return false;
  for (const ref of refs) {
    if (matchesRef(ref, set.metadata ?? {}, SET_KIND)) {
      if ((ref.uid ?? '') !== uidOf(set.metadata ?? {})) return true;
      continue;
    }
    if (matchesRef(ref, pod, POD_KIND)) {
      if ((ref.uid ?? '') !== uidOf(pod)) return true;
      continue;
    }
    if (ref.controller === true) return true;
  }
  return false;
}

/** addControllerRef: metav1.NewControllerRef unless a ref with the owner's uid is there. */
function addControllerRef(refs: OwnerReference[], owner: Owner, gvk: typeof SET_KIND): OwnerReference[] {
  if (refs.some((r) => (r.uid ?? '') === uidOf(owner))) return refs;
  return [...refs, { ...gvk, name: owner.name ?? '', uid: uidOf(owner), controller: true, blockOwnerDeletion: true }];
}

/**
 * updateClaimOwnerRefForSetAndPod: the claim's ownerReferences for the retention policy — whenDeleted: Delete owns
 * it by the set, whenScaled: Delete by the pod once the pod's ordinal is scaled away (both: the set while in range,
 * the pod after). A claim with another controller keeps that one, without refs to the set and pod. Offline objects
 * often have no uid: the refs then carry "" as upstream's would carry the empty UID.
 */
export function claimOwnerReferences(refs: readonly OwnerReference[], set: StatefulSet, pod: Owner): OwnerReference[] {
  const unexpected = hasUnexpectedController(refs, set, pod);
  let out = refs.filter((r) => !matchesRef(r, set.metadata ?? {}, SET_KIND) && !matchesRef(r, pod, POD_KIND));
  if (unexpected) return out;
  const { whenScaled, whenDeleted } = retentionPolicy(set);
  // Stryker disable next-line StringLiteral: an absent name and the stand-in text both have no ordinal (-1)
  const scaledDown = !inOrdinalRange(pod.name ?? '', set);
  const del = (p: string) => p === 'Delete';
  const ret = (p: string) => p === 'Retain';
  if (ret(whenScaled) && del(whenDeleted)) out = addControllerRef(out, set.metadata ?? {}, SET_KIND);
  else if (del(whenScaled) && ret(whenDeleted)) out = scaledDown ? addControllerRef(out, pod, POD_KIND) : out;
  else if (del(whenScaled) && del(whenDeleted)) out = addControllerRef(out, scaledDown ? pod : set.metadata ?? {}, scaledDown ? POD_KIND : SET_KIND);
  return out;
}

/** One claim a StatefulSet pod uses: the template's name (the pod's volume name) and the claim the controller creates. */
export interface TemplateClaim {
  template: string;
  claim: PersistentVolumeClaim;
}

/**
 * getPersistentVolumeClaims for the pod of `ordinal`: each template (deep-copied) named `<template>-<set>-<ordinal>`
 * in the set's namespace, its labels with the selector's matchLabels over them (the selector's win), then
 * the retention policy's ownerReferences (claimOwnerReferences). In template order (upstream's is a Go map's).
 */
export function statefulSetClaims(set: StatefulSet, ordinal: number): TemplateClaim[] {
  const podName = `${set.metadata?.name ?? ''}-${ordinal}`;
  const matchLabels = setSpec(set).selector?.matchLabels;
  return (setSpec(set).volumeClaimTemplates ?? []).map((template) => {
    const copy = structuredClone(template);
    const meta = copy.metadata ?? {};
    const labels = meta.labels ? { ...meta.labels, ...matchLabels } : matchLabels && { ...matchLabels };
    const refs = claimOwnerReferences(meta.ownerReferences ?? [], set, { name: podName, uid: undefined });
    const claim: PersistentVolumeClaim = {
      ...copy,
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: {
        ...meta,
        name: statefulSetClaimName(set, template, ordinal),
        namespace: set.metadata?.namespace || 'default',
        ...(labels ? { labels } : {}),
        ...(refs.length ? { ownerReferences: refs } : {}),
      },
    };
    if (!labels) delete claim.metadata!.labels;
    if (!refs.length) delete claim.metadata!.ownerReferences;
    return { template: template.metadata?.name ?? '', claim };
  });
}

/**
 * updateStorage: the pod's volumes — one persistentVolumeClaim volume per template (named as the template, claimName
 * the ordinal's claim, readOnly false), then the template's own volumes whose names are not templates' (a volume
 * of a template's name is replaced). Upstream's claim volumes come in a Go map's order; here in template order.
 */
export function statefulSetPodVolumes(set: StatefulSet, ordinal: number, podVolumes: readonly Volume[] = []): Volume[] {
  // the names statefulSetClaims gives its claims, without making the claims (a deep copy of each template): every
  // created pod's spec is made here
  const templates = setSpec(set).volumeClaimTemplates ?? [];
  const names = new Set(templates.map((t) => t.metadata?.name ?? ''));
  return [
    ...templates.map((t): Volume => ({ name: t.metadata?.name ?? '', persistentVolumeClaim: { claimName: statefulSetClaimName(set, t, ordinal), readOnly: false } })),
    ...podVolumes.filter((v) => !names.has(v.name)),
  ];
}

/** storageMatches: the pod (named `<set>-<ordinal>`) has every template's claim volume with the ordinal's claim name. */
export function storageMatches(set: StatefulSet, pod: Pod): boolean {
  // Stryker disable next-line StringLiteral: an absent name and the stand-in text both have no ordinal (-1)
  const ordinal = ordinalOf(pod.metadata?.name ?? '');
  if (ordinal < 0) return false;
  // Stryker disable next-line ArrayDeclaration: a stand-in entry for an absent list is a string: its key is undefined, never a template's name
  const volumes = new Map((pod.spec?.volumes ?? []).map((v) => [v.name, v]));
  return (setSpec(set).volumeClaimTemplates ?? []).every((t) => volumes.get(t.metadata?.name ?? '')?.persistentVolumeClaim?.claimName === statefulSetClaimName(set, t, ordinal));
}

// ---- generic ephemeral volumes (pkg/controller/volume/ephemeral/controller.go, component-helpers/storage/ephemeral) ----

/** ephemeral.VolumeClaimName: `<pod>-<volume>`. */
export function ephemeralClaimName(pod: Pod, volume: Volume): string {
  return `${pod.metadata?.name ?? ''}-${volume.name}`;
}

/** ephemeral.VolumeIsForPod: the claim is in the pod's namespace and the pod is its controller (by uid); else upstream's error. */
export function volumeIsForPod(pod: Pod, claim: PersistentVolumeClaim): string | undefined {
  const podNs = pod.metadata?.namespace || 'default';
  const claimNs = claim.metadata?.namespace || 'default';
  const controller = claim.metadata?.ownerReferences?.find((r) => r.controller === true);
  if (claimNs === podNs && controller && (controller.uid ?? '') === (pod.metadata?.uid ?? '')) return undefined;
  return `PVC ${claimNs}/${claim.metadata?.name ?? ''} was not created for pod ${podNs}/${pod.metadata?.name ?? ''} (pod is not owner)`;
}

/**
 * handleVolume's claim for a generic ephemeral volume: `<pod>-<volume>` in the pod's namespace, the template's labels,
 * annotations and spec, controlled by the pod (apiVersion v1, kind Pod, its name and uid, controller and
 * blockOwnerDeletion true). Undefined for a volume of another source.
 */
export function ephemeralClaim(pod: Pod, volume: Volume): PersistentVolumeClaim | undefined {
  const template = volume.ephemeral?.volumeClaimTemplate;
  if (!volume.ephemeral) return undefined;
  const meta = template?.metadata;
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: {
      name: ephemeralClaimName(pod, volume),
      namespace: pod.metadata?.namespace || 'default',
      ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: pod.metadata?.name ?? '', uid: pod.metadata?.uid ?? '', controller: true, blockOwnerDeletion: true }],
      ...(meta?.annotations ? { annotations: { ...meta.annotations } } : {}),
      ...(meta?.labels ? { labels: { ...meta.labels } } : {}),
    },
    spec: structuredClone(template?.spec ?? {}),
  };
}

// ---- the claims a pod uses, as the cluster will hold them ----

/** What claimsOfPod reads of the cluster: its claims and StorageClasses (scheduler/storage.ts StorageListers has both). */
export interface ClaimSource {
  claim(namespace: string, name: string): PersistentVolumeClaim | undefined;
  storageClasses(): readonly StorageClass[];
}

/** One claim a pod's volume uses. */
export interface PodClaim {
  /** The pod's volume. */
  volume: string;
  /** The claim's name (a persistentVolumeClaim volume's claimName, or `<pod>-<volume>` for an ephemeral one). */
  name: string;
  /**
   * The claim as the cluster holds it: the one given (as is), else the one a controller creates (an ephemeral
   * volume's, a StatefulSet template's: workloadClaims) after DefaultStorageClass admission; undefined when none exists.
   */
  claim?: PersistentVolumeClaim;
  /** True when the claim is the one the create path makes (not among those given). */
  created: boolean;
  /** The ephemeral volume controller's refusal: a claim of that name the pod does not control (volumeIsForPod). */
  error?: string;
}

/**
 * The claims the pod's volumes use, in volume order: a persistentVolumeClaim volume's claim as given (none: the
 * scheduler reports it missing); an ephemeral volume's existing claim (when the pod controls it), else the claim its
 * controller creates (ephemeralClaim), admitted (admitClaim). A pod being deleted gets no new ephemeral claim
 * (syncHandler). `created` holds the claims a StatefulSet's controller makes for this pod (workloadClaims), found
 * when the cluster has none of that name.
 */
// Stryker disable next-line ArrayDeclaration: a stand-in entry for the absent list is a string, which has no metadata.name to be found by
export function claimsOfPod(pod: Pod, cluster: ClaimSource, created: readonly PersistentVolumeClaim[] = []): PodClaim[] {
  const ns = pod.metadata?.namespace || 'default';
  const find = (name: string) => created.find((c) => c.metadata?.name === name && (c.metadata?.namespace || 'default') === ns);
  const out: PodClaim[] = [];
  // Stryker disable next-line ArrayDeclaration: a stand-in entry for an absent list is a string, neither a persistentVolumeClaim nor an ephemeral volume
  for (const v of pod.spec?.volumes ?? []) {
    if (v == null) continue; // Go decodes a null entry as a zero Volume: no source (the engine's input is unvalidated)
    if (v.persistentVolumeClaim) {
      const name = v.persistentVolumeClaim.claimName;
      const given = cluster.claim(ns, name);
      const claim = given ?? find(name);
      out.push({ volume: v.name, name, ...(claim ? { claim } : {}), created: claim !== undefined && claim !== given });
    } else if (v.ephemeral) {
      const name = ephemeralClaimName(pod, v);
      const existing = cluster.claim(ns, name);
      if (existing) {
        const error = volumeIsForPod(pod, existing);
        out.push({ volume: v.name, name, claim: existing, created: false, ...(error ? { error } : {}) });
      } else if ((pod.metadata as { deletionTimestamp?: string } | undefined)?.deletionTimestamp) {
        out.push({ volume: v.name, name, created: false });
      } else {
        out.push({ volume: v.name, name, claim: admitClaim(ephemeralClaim(pod, v)!, cluster.storageClasses()), created: true });
      }
    }
  }
  return out;
}

/**
 * The claims a StatefulSet's controller creates before its pod of `ordinal` (createPersistentVolumeClaims): a claim
 * of that name already in the cluster is used as it is; the others are created, through DefaultStorageClass
 * admission. Other kinds create no claims of their own (their ephemeral volumes' claims: claimsOfPod).
 */
export function workloadClaims(workload: KubeObject, ordinal: number, cluster: ClaimSource): PersistentVolumeClaim[] {
  if (workload.kind !== 'StatefulSet') return [];
  return statefulSetClaims(workload as StatefulSet, ordinal).map(({ claim }) =>
    cluster.claim(claim.metadata!.namespace!, claim.metadata!.name!) ?? admitClaim(claim, cluster.storageClasses()));
}
