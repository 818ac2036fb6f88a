// Kubernetes' own storage rules, as the scheduler's VolumeBinding and the PV controller apply them:
// staging/src/k8s.io/component-helpers/storage/volume (helpers.go, pv_helpers.go), storage/ephemeral (ephemeral.go)
// and pkg/apis/core/v1/helper/helpers.go MatchTopologySelectorTerms. component-helpers/storage is the same code at
// every supported release (v0.33.13 … v0.37.2).
import type { ObjectReference, PersistentVolume, PersistentVolumeClaim, Pod, TopologySelectorTerm } from 'kubernetes-types/core/v1';
import type { StorageClass } from 'kubernetes-types/storage/v1';
import { parseTerms, termMatches, type NodeSelectorTerm, type ParsedTerm } from './node-selector';
import { LabelSelectorError, parseLabelSelector, selectorMatches } from './label-selector';
import { parseQuantity, QuantityError } from './quantity';
import { cachedPerObject } from '../core/cache';

/** v1.BetaStorageClassAnnotation: read before spec.storageClassName, on claims and volumes. */
export const BETA_STORAGE_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';
/** volume.AnnBindCompleted: the claim has been through the PV controller's binding; its value does not matter. */
export const ANN_BIND_COMPLETED = 'pv.kubernetes.io/bind-completed';
/** volume.AnnSelectedNode: the scheduler picked this node for a WaitForFirstConsumer claim to be provisioned for. */
export const ANN_SELECTED_NODE = 'volume.kubernetes.io/selected-node';
/** volume.NotSupportedProvisioner: a class that cannot provision (local volumes: static PVs only). */
export const NOT_SUPPORTED_PROVISIONER = 'kubernetes.io/no-provisioner';

/** An error upstream's helper returns (the scheduler turns it into an Error status: no verdict). */
export class StorageRuleError extends Error {}

const has = (o: Record<string, string> | undefined, key: string) => o !== undefined && Object.prototype.hasOwnProperty.call(o, key);
/** A namespaced object's namespace as stored: a manifest without one is created in `default`. */
const namespaceOf = (o: { metadata?: { namespace?: string } }) => o.metadata?.namespace || 'default';
const claimKey = (claim: PersistentVolumeClaim) => `${namespaceOf(claim)}/${claim.metadata?.name ?? ''}`;

/** helpers.go PersistentVolumeClaimHasClass: the beta annotation (any value, even "") or spec.storageClassName set. */
export function claimHasClass(claim: PersistentVolumeClaim): boolean {
  return has(claim.metadata?.annotations, BETA_STORAGE_CLASS_ANNOTATION) || claim.spec?.storageClassName != null;
}

/** helpers.go GetPersistentVolumeClaimClass: the beta annotation first, then spec.storageClassName, else "". */
export function claimClass(claim: PersistentVolumeClaim): string {
  const annotations = claim.metadata?.annotations;
  if (has(annotations, BETA_STORAGE_CLASS_ANNOTATION)) return annotations![BETA_STORAGE_CLASS_ANNOTATION];
  return claim.spec?.storageClassName ?? '';
}

/** helpers.go GetPersistentVolumeClass: the beta annotation first, then spec.storageClassName. */
export function volumeClass(pv: PersistentVolume): string {
  const annotations = pv.metadata?.annotations;
  if (has(annotations, BETA_STORAGE_CLASS_ANNOTATION)) return annotations![BETA_STORAGE_CLASS_ANNOTATION];
  return pv.spec?.storageClassName ?? '';
}

/**
 * pv_helpers.go IsDelayBindingMode: the claim's class is WaitForFirstConsumer. No class, or a class that does not
 * exist, is not delayed (no error); a class without volumeBindingMode is an error (the API server defaults it, so only
 * hand-made objects have none).
 */
export function isDelayBindingMode(claim: PersistentVolumeClaim, storageClass: (name: string) => StorageClass | undefined): boolean {
  const name = claimClass(claim);
  if (name === '') return false;
  const sc = storageClass(name);
  if (!sc) return false;
  if (sc.volumeBindingMode == null) throw new StorageRuleError(`VolumeBindingMode not set for StorageClass "${name}"`);
  return sc.volumeBindingMode === 'WaitForFirstConsumer';
}

/** binder.go isPVCFullyBound: spec.volumeName and the bind-completed annotation (any value). */
export function isFullyBound(claim: PersistentVolumeClaim): boolean {
  return !!claim.spec?.volumeName && has(claim.metadata?.annotations, ANN_BIND_COMPLETED);
}

/**
 * The PV's required node affinity terms, parsed once per object (PersistentVolumes are read per node by each pod
 * that uses them); null when it has none (every node matches).
 */
export const volumeAffinityTerms = cachedPerObject((pv: PersistentVolume): ParsedTerm[] | null => {
  const required = pv.spec?.nodeAffinity?.required;
  return required ? parseTerms(required.nodeSelectorTerms as NodeSelectorTerm[]) : null;
});

/**
 * helpers.go CheckNodeAffinity: the PV's `nodeAffinity.required` against a node made of the labels only
 * (corev1.MatchNodeSelectorTerms): no affinity or no `required` matches; terms are ORed, an empty term or one that
 * does not parse matches nothing; a node without a name has no fields, so `matchFields` are not checked.
 */
export function checkVolumeNodeAffinity(pv: PersistentVolume, nodeLabels: Record<string, string>): boolean {
  const terms = volumeAffinityTerms(pv);
  if (terms === null) return true;
  for (const term of terms) if (termMatches(term, nodeLabels, '')) return true;
  return false;
}

/** pv_helpers.go CheckAccessModes: every access mode of the claim is among the PV's. */
export function checkAccessModes(claim: PersistentVolumeClaim, pv: PersistentVolume): boolean {
  // Stryker disable next-line ArrayDeclaration: a made-up mode in an empty list is no mode a claim can ask for
  const modes = new Set(pv.spec?.accessModes ?? []);
  return (claim.spec?.accessModes ?? []).every((m) => modes.has(m));
}

/** pv_helpers.go CheckVolumeModeMismatches: the claim's and the PV's volumeMode differ (nil = Filesystem). */
export function volumeModeMismatch(claim: PersistentVolumeClaim, pv: PersistentVolume): boolean {
  return (claim.spec?.volumeMode ?? 'Filesystem') !== (pv.spec?.volumeMode ?? 'Filesystem');
}

/** pv_helpers.go IsVolumeBoundToClaim: claimRef names the claim (name and namespace; the UID too when the ref has one). */
export function isVolumeBoundToClaim(pv: PersistentVolume, claim: PersistentVolumeClaim): boolean {
  const ref: ObjectReference | undefined = pv.spec?.claimRef;
  if (!ref) return false;
  // a claim's namespace is never "" (namespaceOf): a ref without one names no claim
  if ((claim.metadata?.name ?? '') !== (ref.name ?? '') || namespaceOf(claim) !== ref.namespace) return false;
  return !ref.uid || claim.metadata?.uid === ref.uid;
}

/** An amount of storage exactly (Quantity.Cmp compares exact values): a missing one is 0. */
export function storageAmount(quantity: string | number | undefined, what: string): bigint {
  if (quantity === undefined) return 0n;
  try {
    return parseQuantity(quantity).nanos;
  } catch (e) {
    if (e instanceof QuantityError) throw new StorageRuleError(`${what}: ${e.message}`);
    throw e;
  }
}

/** Quantity.Value() of an exact amount: whole units, rounded away from zero (as Quantity.value does, in bigint). */
export function wholeUnits(nanos: bigint): bigint {
  // Stryker disable next-line EqualityOperator: `<=` negates 0n, and -0n is 0n
  const abs = nanos < 0n ? -nanos : nanos;
  const q = (abs + 999_999_999n) / 1_000_000_000n;
  // Stryker disable next-line EqualityOperator: as above
  return nanos < 0n ? -q : q;
}

/**
 * A resource list's storage amount as the API server holds it: exact, rounded up to a milli-unit
 * (SetDefaults_ResourceList runs on a claim's requests and a volume's capacity, not on a CSIStorageCapacity's).
 */
const listedStorage = (quantity: string | number | undefined, what: string): bigint => {
  const nanos = storageAmount(quantity, what);
  const rem = nanos % MILLI_NANOS;
  return rem === 0n ? nanos : nanos - rem + (nanos > 0n ? MILLI_NANOS : -MILLI_NANOS);
};
const MILLI_NANOS = 1_000_000n;

/** The claim's `spec.resources.requests.storage`, exactly, as decoded (0 when it has none). */
export const requestedStorage = (claim: PersistentVolumeClaim) =>
  listedStorage(claim.spec?.resources?.requests?.storage, `PersistentVolumeClaim ${claimKey(claim)} spec.resources.requests.storage`);

/** The PV's `spec.capacity.storage`, exactly, as decoded (0 when it has none). */
export const volumeCapacity = (pv: PersistentVolume) => listedStorage(pv.spec?.capacity?.storage, `PersistentVolume ${pv.metadata?.name ?? ''} spec.capacity.storage`);

export interface FindMatchingVolumeOptions {
  /** Node labels: the scheduler's path (node affinity and access modes checked); undefined: the PV controller's. */
  nodeLabels?: Record<string, string>;
  /** Names of the PVs already chosen for the pod's other claims. */
  excluded?: ReadonlySet<string>;
  /** The PV controller leaves a WaitForFirstConsumer claim to the scheduler (only pre-bound PVs match). */
  delayBinding: boolean;
  /** Feature gate VolumeAttributesClass. */
  vacEnabled: boolean;
}

/**
 * pv_helpers.go FindMatchingVolume: the PV pre-bound to the claim (when its node affinity fits; otherwise no match at
 * all), else the smallest Available PV of the claim's class that fits (capacity, volumeMode, VolumeAttributesClass,
 * not being deleted, the claim's selector, node affinity and access modes on the scheduler's path); the first one in
 * `volumes`' order on equal capacities. Throws StorageRuleError where upstream returns an error.
 */
export function findMatchingVolume(claim: PersistentVolumeClaim, volumes: readonly PersistentVolume[], options: FindMatchingVolumeOptions): PersistentVolume | undefined {
  const claimVAC = claim.spec?.volumeAttributesClassName ?? '';
  if (!options.vacEnabled && claimVAC !== '') {
    throw new StorageRuleError(`unsupported volumeAttributesClassName is set on claim ${claimKey(claim)} when the feature-gate VolumeAttributesClass is disabled`);
  }
  const requested = requestedStorage(claim);
  const requestedClass = claimClass(claim);
  let selector;
  if (claim.spec?.selector != null) {
    try {
      selector = parseLabelSelector(claim.spec.selector);
    } catch (e) {
      if (!(e instanceof LabelSelectorError)) throw e;
      throw new StorageRuleError(`error creating internal label selector for claim: ${claimKey(claim)}: ${e.message}`);
    }
  }
  const { nodeLabels, excluded } = options;
  let smallest: PersistentVolume | undefined;
  let smallestQty = 0n;
  for (const pv of volumes) {
    if (excluded?.has(pv.metadata?.name ?? '')) continue;
    if (pv.spec?.claimRef && !isVolumeBoundToClaim(pv, claim)) continue;
    const qty = volumeCapacity(pv);
    if (qty < requested) continue;
    if (volumeModeMismatch(claim, pv)) continue;
    const volumeVAC = pv.spec?.volumeAttributesClassName ?? '';
    if (options.vacEnabled && claimVAC !== volumeVAC) continue;
    if (!options.vacEnabled && volumeVAC !== '') continue;
    if (pv.metadata?.deletionTimestamp != null) continue;
    const affinityFits = nodeLabels === undefined || checkVolumeNodeAffinity(pv, nodeLabels);
    if (isVolumeBoundToClaim(pv, claim)) return affinityFits ? pv : undefined;
    if (nodeLabels === undefined && options.delayBinding) continue;
    if (pv.status?.phase !== 'Available') continue;
    if (selector && !selectorMatches(selector, pv.metadata?.labels ?? {})) continue;
    if (volumeClass(pv) !== requestedClass) continue;
    if (!affinityFits) continue;
    if (nodeLabels !== undefined && !checkAccessModes(claim, pv)) continue;
    if (smallest === undefined || smallestQty > qty) {
      smallest = pv;
      smallestQty = qty;
    }
  }
  return smallest;
}

// StorageClasses are read per node for every provisioned claim: their allowedTopologies are parsed once per object.
const parsedTopologies = cachedPerObject((terms: readonly TopologySelectorTerm[]) =>
  // Stryker disable next-line ArrayDeclaration: a term without expressions matches nothing; with a made-up requirement (no key, no values) it does not parse, and a term that does not parse matches nothing either
  parseTerms(terms.map((t) => ({ matchExpressions: (t.matchLabelExpressions ?? []).map((e) => ({ key: e.key, operator: 'In', values: e.values })) }))),
);

/**
 * pkg/apis/core/v1/helper/helpers.go MatchTopologySelectorTerms (StorageClass.allowedTopologies): no terms match
 * every node; terms are ORed; a term without expressions matches nothing; its expressions are ANDed `key In values`
 * label requirements, and a term whose requirements do not parse is skipped.
 */
export function matchTopologySelectorTerms(terms: readonly TopologySelectorTerm[] | undefined, labels: Record<string, string>): boolean {
  if (!terms || terms.length === 0) return true;
  // Stryker disable next-line StringLiteral: the node name is read by matchFields only, which a topology term has none of
  for (const term of parsedTopologies(terms)) if (termMatches(term, labels, '')) return true;
  return false;
}

/** component-helpers/storage/ephemeral VolumeClaimName: the claim of a generic ephemeral volume is `<pod>-<volume>`. */
export const ephemeralClaimName = (podName: string, volumeName: string) => `${podName}-${volumeName}`;

/**
 * ephemeral.go VolumeIsForPod: the claim is in the pod's namespace and controlled by the pod (metav1.IsControlledBy:
 * the controller ownerRef's UID is the pod's). Returns upstream's error text, or undefined.
 */
export function volumeIsForPod(pod: Pick<Pod, 'metadata'>, claim: PersistentVolumeClaim): string | undefined {
  const podNs = namespaceOf(pod);
  const claimNs = namespaceOf(claim);
  // Stryker disable next-line ArrayDeclaration: a made-up entry in an empty list is a string, not a controller reference
  const controller = (claim.metadata?.ownerReferences ?? []).find((r) => r.controller === true);
  if (claimNs !== podNs || !controller || (controller.uid ?? '') !== (pod.metadata?.uid ?? '')) {
    return `PVC ${claimNs}/${claim.metadata?.name ?? ''} was not created for pod ${podNs}/${pod.metadata?.name ?? ''} (pod is not owner)`;
  }
  return undefined;
}
