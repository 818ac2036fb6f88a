// The claims a pod uses as the scheduler's volume plugins can decide them (issue 34). Every claim volume of the Pod
// as created (a StatefulSet pod's `<template>-<set>-<ordinal>` claims, a generic ephemeral volume's `<pod>-<volume>`)
// is looked up in the storage given, or made as its controller makes it (storage.ts: workloadClaims, claimsOfPod,
// DefaultStorageClass admission), and is then either
// - modelled: the scheduler decides it from the objects given (a bound claim whose PersistentVolume is given; an
//   unbound WaitForFirstConsumer claim whose StorageClass is given; a claim lost or being deleted), or under the
//   stated assumption (core/storage-kinds.ts STORAGE_ASSUMPTIONS) for a claim whose class no input resolves;
// - not modelled: what decides it is not in the inputs (the claim, its class, its PersistentVolume), or happens
//   before scheduling where the library cannot follow (an unbound Immediate claim: the PV controller binds or
//   provisions it first, in a zone of the provisioner's choosing). Such a claim constrains nothing in the model:
//   the scheduler sees it bound to a volume without node affinity, so a modelled rejection stands and a pass is
//   "unknown" (engine/not-modelled.ts), as for everything else that is not modelled.
import type { PersistentVolume, PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { StorageClass } from 'kubernetes-types/storage/v1';
import type { KubeObject } from '../core/types';
import type { StorageAssumption } from '../core/storage-kinds';
import { ANN_BIND_COMPLETED, claimClass, claimHasClass, isFullyBound, isVolumeBoundToClaim } from '../k8s/storage';
import { admitClaim, claimsOfPod, workloadClaims, type ClaimSource } from './storage';
import { PLACEHOLDER_PREFIX, podUsesClaimVolumes, statefulSetOf } from './pod-claims';

export { isPlaceholderVolume, podUsesClaims, podUsesClaimVolumes, registerStatefulSetPod, sameController } from './pod-claims';

/** What the model reads of the cluster's storage objects (scheduler/storage.ts StorageListers has all of it). */
export interface StorageLookup extends ClaimSource {
  volume(name: string): PersistentVolume | undefined;
  storageClass(name: string): StorageClass | undefined;
}

/** One claim volume of the pod, as the model holds it. */
export interface ClaimModel {
  /** The pod's volume (a StatefulSet template's name for its claim). */
  volume: string;
  /** The claim's name. */
  name: string;
  /** The claim comes from spec.volumeClaimTemplates[template] (a StatefulSet pod's). */
  template?: number;
  ephemeral: boolean;
  /** The claim as the scheduler sees it (for a claim not modelled: bound to a volume that constrains nothing). */
  claim: PersistentVolumeClaim;
  /** The StorageClass the stated assumption gives it (its class is not among the objects given). */
  assumed?: StorageClass;
  /** Why the claim is not modelled, with the one-line fix; undefined when it is. */
  notModelled?: string;
}

/** The provisioner of an assumed class: dynamically provisioned by a driver the library knows nothing of (no limits, no capacity). */
export const ASSUMED_PROVISIONER = 'assumed.jest-k8s-placement.dev';
/** The class an assumed claim without one gets (DefaultStorageClass admission with an assumed default). */
export const ASSUMED_DEFAULT_CLASS = 'assumed-default';
const FIX_CLASSES = 'pass the StorageClasses in `storage` (or configure({ storage })), set a cluster preset that supplies them (configure({ cluster: \'aks\' })), or opt in to configure({ storageAssumption: \'dynamic-wait-for-first-consumer\' })';

/** The claims the pod's StatefulSet controller creates before it (none for other pods). */
function controllerClaims(pod: Pod, storage: StorageLookup): PersistentVolumeClaim[] {
  const by = statefulSetOf(pod);
  // Stryker disable next-line ArrayDeclaration: claimsOfPod finds none of its claims by name in a list of non-claims
  return by ? workloadClaims(by.workload, by.ordinal, storage) : [];
}

const placeholderVolume = (key: string): PersistentVolume => ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: `${PLACEHOLDER_PREFIX}${key}` }, spec: {} });

/** A claim not modelled as the scheduler sees it: bound (bind-completed) to a placeholder volume with no affinity, no labels, no source. */
function placeholder(claim: PersistentVolumeClaim, key: string): PersistentVolumeClaim {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: {
      // Stryker disable next-line OptionalChaining: every claim placeholder() gets has metadata (a stub's, or d.claim only when it has some)
      name: claim.metadata?.name,
      // Stryker disable next-line OptionalChaining: every claim placeholder() gets has metadata (a stub's, or d.claim only when it has some)
      namespace: claim.metadata?.namespace,
      annotations: { [ANN_BIND_COMPLETED]: 'yes' },
      // Stryker disable next-line OptionalChaining: every claim placeholder() gets has metadata (a stub's, or d.claim only when it has some)
      ...(claim.metadata?.ownerReferences ? { ownerReferences: claim.metadata.ownerReferences } : {}),
    },
    spec: { volumeName: placeholderVolume(key).metadata!.name },
    status: { phase: 'Bound' },
  };
}

const assumedClass = (name: string): StorageClass => ({
  apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name }, provisioner: ASSUMED_PROVISIONER, volumeBindingMode: 'WaitForFirstConsumer',
});

type Decision = { claim: PersistentVolumeClaim; assumed?: StorageClass; notModelled?: string };

/** An unbound claim: WaitForFirstConsumer under a given class is the scheduler's; the rest is decided before it, or unknown. */
function unbound(given: PersistentVolumeClaim, label: string, storage: StorageLookup, assumption: StorageAssumption | undefined): Decision {
  // a claim without a class gets the default one: at its create (DefaultStorageClass admission) or later from the PV
  // controller (pv_controller.go assignDefaultStorageClass), before it is bound
  const claim = admitClaim(given, storage.storageClasses());
  const name = claimClass(claim);
  if (!claimHasClass(claim)) {
    if (assumption) {
      const assumed = assumedClass(ASSUMED_DEFAULT_CLASS);
      return { claim: { ...claim, spec: { ...claim.spec, storageClassName: ASSUMED_DEFAULT_CLASS } }, assumed };
    }
    return { claim, notModelled: `${label} has no storageClassName and no StorageClass given is the default (storageclass.kubernetes.io/is-default-class): ${FIX_CLASSES}` };
  }
  if (name === '') {
    return { claim, notModelled: `${label} asks for no StorageClass (""): the PV controller binds it to a static PersistentVolume before scheduling; pass the bound claim (spec.volumeName, annotation ${ANN_BIND_COMPLETED}) and its PersistentVolume in \`storage\`` };
  }
  const sc = storage.storageClass(name);
  if (!sc) {
    if (assumption) return { claim, assumed: assumedClass(name) };
    return { claim, notModelled: `${label} asks for StorageClass ${name}, which is not among the storage objects given: ${FIX_CLASSES}` };
  }
  if (sc.volumeBindingMode === 'WaitForFirstConsumer' || sc.volumeBindingMode == null) return { claim };
  return { claim, notModelled: `${label} is unbound and StorageClass ${name} binds Immediately: the PV controller binds or provisions it before scheduling, where the library cannot follow; pass the bound claim (spec.volumeName, annotation ${ANN_BIND_COMPLETED}) and its PersistentVolume in \`storage\`` };
}

/** One claim, found (given or made by a controller) or not. */
function decide(claim: PersistentVolumeClaim | undefined, label: string, storage: StorageLookup, assumption: StorageAssumption | undefined): Decision | { missing: string } {
  if (!claim) return { missing: `${label} is not among the storage objects given: pass it (with its StorageClass or PersistentVolume) in \`storage\`` };
  // the scheduler refuses a lost or deleted claim whatever else holds
  // Stryker disable next-line OptionalChaining: a claim here was found by its metadata.name or made with metadata
  if (claim.status?.phase === 'Lost' || claim.metadata?.deletionTimestamp != null) return { claim };
  const pvName = claim.spec?.volumeName;
  if (!pvName) return unbound(claim, label, storage, assumption);
  const pv = storage.volume(pvName);
  if (!pv) return { claim, notModelled: `${label} is bound to PersistentVolume ${pvName}, which is not among the storage objects given: pass it in \`storage\`` };
  if (isFullyBound(claim)) return { claim };
  // pre-bound (spec.volumeName, no bind-completed): the PV controller binds it to that volume unless another claim has it
  // (pv_controller.go syncUnboundClaim), before the scheduler needs it
  const free = !pv.spec?.claimRef || isVolumeBoundToClaim(pv, claim);
  // Stryker disable next-line OptionalChaining: a claim here was found by its metadata.name
  return free ? { claim: { ...claim, metadata: { ...claim.metadata, annotations: { ...claim.metadata?.annotations, [ANN_BIND_COMPLETED]: 'yes' } } } } : { claim };
}

/**
 * The pod's claim volumes in volume order, each modelled or not (see the header). `pod` is the Pod as created
 * (admission/create.ts: a StatefulSet pod has its claim volumes); `storage` the cluster's storage objects.
 */
export function podClaims(pod: Pod, storage: StorageLookup, assumption: StorageAssumption | undefined): ClaimModel[] {
  // Stryker disable next-line ConditionalExpression: a fast path: claimsOfPod yields nothing for a pod without claim volumes
  if (!podUsesClaimVolumes(pod)) return [];
  const created = controllerClaims(pod, storage);
  // Stryker disable next-line ArrayDeclaration: a pod not registered has no created claims (c.created is false), so no template is looked up
  const templates = new Map(((statefulSetOf(pod)?.workload as { spec?: { volumeClaimTemplates?: Array<{ metadata?: { name?: string } }> } } | undefined)?.spec?.volumeClaimTemplates ?? [])
    .map((t, i) => [t.metadata?.name ?? '', i]));
  const ns = pod.metadata?.namespace || 'default';
  return claimsOfPod(pod, storage, created).map((c) => {
    // Stryker disable next-line OptionalChaining, ArrayDeclaration: c.volume is one of the pod's volumes (claimsOfPod), which the pod has
    const ephemeral = !!(pod.spec?.volumes ?? []).find((v) => v?.name === c.volume)?.ephemeral;
    const template = c.created && !ephemeral ? templates.get(c.volume) : undefined;
    const label = `PersistentVolumeClaim ${ns}/${c.name}`;
    const d = c.error ? { claim: c.claim! } : decide(c.claim, label, storage, assumption);
    const base = { volume: c.volume, name: c.name, ephemeral, ...(template !== undefined ? { template } : {}) };
    const stub: PersistentVolumeClaim = { metadata: { name: c.name, namespace: ns, ...(ephemeral ? { ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: pod.metadata?.name ?? '', uid: pod.metadata?.uid ?? '', controller: true }] } : {}) } };
    if ('missing' in d) return { ...base, claim: placeholder(stub, `${ns}/${c.name}`), notModelled: d.missing };
    if (d.notModelled) return { ...base, claim: placeholder(d.claim.metadata ? d.claim : stub, `${ns}/${c.name}`), notModelled: d.notModelled };
    return { ...base, claim: d.claim, ...(d.assumed ? { assumed: d.assumed } : {}) };
  });
}

/**
 * The storage objects the model adds for these claims, to be given to the scheduler after the cluster's (a later
 * object of the same name wins): each claim as the model holds it (made by its controller, bound by the PV
 * controller, or a placeholder bound to a volume that constrains nothing), the placeholders' volumes, and the
 * assumed StorageClasses that no given class of that name replaces.
 */
export function modelObjects(claims: readonly ClaimModel[], storage: StorageLookup): KubeObject[] {
  const out: KubeObject[] = [];
  const classes = new Set<string>();
  for (const c of claims) {
    out.push(c.claim as KubeObject);
    if (c.notModelled) out.push(placeholderVolume(`${c.claim.metadata?.namespace || 'default'}/${c.name}`) as KubeObject);
    // Stryker disable next-line OptionalChaining: an assumed class is made with metadata (assumedClass)
    const name = c.assumed?.metadata?.name;
    if (name && !classes.has(name) && !storage.storageClass(name)) {
      classes.add(name);
      out.push(c.assumed as KubeObject);
    }
  }
  return out;
}
