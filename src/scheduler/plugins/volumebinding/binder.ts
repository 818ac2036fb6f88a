// VolumeBinding's binder (pkg/scheduler/framework/plugins/volumebinding/binder.go, the same logic at v1.33.13 …
// v1.37.2): a pod's claims sorted into bound, WaitForFirstConsumer and "immediate" ones (GetPodVolumeClaims), and for
// one node whether the bound claims' PVs reach it, which static PVs the delayed claims would bind to, and whether the
// others can be provisioned there (FindPodVolumes). The listers stand for the binder's assume caches, which
// assumePodVolumes (Reserve) writes into after each pod a placement assumes onto a node.
import type { PersistentVolume, PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { CSINode, CSIStorageCapacity, StorageClass } from 'kubernetes-types/storage/v1';
import { SchedulerError } from '../../cycle';
import type { StorageListers } from '../../storage';
import {
  ANN_SELECTED_NODE, checkVolumeNodeAffinity, claimClass, ephemeralClaimName, findMatchingVolume, isDelayBindingMode, isFullyBound, isVolumeBoundToClaim,
  matchTopologySelectorTerms, NOT_SUPPORTED_PROVISIONER, requestedStorage, storageAmount, StorageRuleError, volumeIsForPod, wholeUnits,
} from '../../../k8s/storage';
import {
  AWS_EBS_IN_TREE_PLUGIN, AZURE_DISK_IN_TREE_PLUGIN, CINDER_IN_TREE_PLUGIN, GCE_PD_IN_TREE_PLUGIN, inTreePluginNameFromSpec, PORTWORX_IN_TREE_PLUGIN,
  MIGRATED_PLUGINS_ANNOTATION, TranslationError, translatedPVNodeAffinity, translatePV,
} from '../../../k8s/csi-translation';
import { LabelSelectorError, parseLabelSelector, selectorMatches } from '../../../k8s/label-selector';
import { ErrReasonBindConflict, ErrReasonNodeConflict, ErrReasonNotEnoughSpace, ErrReasonPVNotExist } from './reasons';

/** An Error status of VolumeBinding (framework.AsStatus): the scheduling attempt fails, no verdict. */
export class VolumeBindingError extends SchedulerError {}

/** binder.go isCSIMigrationOnForPlugin (Portworx: CSIMigrationPortworx, GA and locked on at v1.33 … v1.35, no gate from v1.36). */
const MIGRATION_ON = new Set<string | undefined>([AWS_EBS_IN_TREE_PLUGIN, GCE_PD_IN_TREE_PLUGIN, AZURE_DISK_IN_TREE_PLUGIN, CINDER_IN_TREE_PLUGIN, PORTWORX_IN_TREE_PLUGIN]);

/**
 * binder.go isPluginMigratedToCSIOnNode: the node's CSINode lists the plugin in its migrated-plugins annotation
 * (VolumeBinding asks the annotation for every plugin, unlike NodeVolumeLimits' isCSIMigrationOn).
 */
const migratedOnNode = (plugin: string, csiNode: CSINode | undefined) =>
  csiNode?.metadata?.annotations?.[MIGRATED_PLUGINS_ANNOTATION]?.split(',').includes(plugin) === true;

/** Would tryTranslatePVToCSI translate the PV on a node whose CSINode lists its plugin (the verdict then reads the CSINode)? */
export function translatable(pv: PersistentVolume): boolean {
  // a PV of no in-tree plugin: undefined, which the set does not hold
  return MIGRATION_ON.has(inTreePluginNameFromSpec(pv));
}

/**
 * binder.go tryTranslatePVToCSI: an in-tree PV of a migrated plugin as TranslateInTreePVToCSI makes it, as far as
 * FindPodVolumes reads it (its node affinity); any other PV as it is. Throws VolumeBindingError where the translation
 * fails (`could not translate pv: …`, an Error status upstream).
 */
export function tryTranslatePVToCSI(pv: PersistentVolume, csiNode: CSINode | undefined): PersistentVolume {
  const plugin = inTreePluginNameFromSpec(pv);
  if (!translatable(pv) || !migratedOnNode(plugin!, csiNode)) return pv;
  try {
    translatePV(pv);
  } catch (e) {
    if (e instanceof TranslationError) throw new VolumeBindingError(`could not translate pv: ${e.message}`);
    throw e;
  }
  return { ...pv, spec: { ...pv.spec, nodeAffinity: translatedPVNodeAffinity(pv) } };
}

/** The pod's claims as GetPodVolumeClaims sorts them, in volume order. */
export interface PodVolumeClaims {
  bound: PersistentVolumeClaim[];
  /** Unbound and not WaitForFirstConsumer, or pre-bound (spec.volumeName without bind-completed). */
  immediate: PersistentVolumeClaim[];
  /** Unbound WaitForFirstConsumer claims: the scheduler decides per node. */
  delayBinding: PersistentVolumeClaim[];
  /** Per class of a delayed claim, the PVs of that class (pvCache.ListPVs) a delayed claim could bind, in input order. */
  volumesByClass: Map<string, PersistentVolume[]>;
}

/** The claim a volume of the pod uses: a `persistentVolumeClaim`'s name, or a generic ephemeral volume's `<pod>-<volume>`. */
export function volumeClaims(pod: Pod): Array<{ name: string; ephemeral: boolean }> {
  const out: Array<{ name: string; ephemeral: boolean }> = [];
  // Stryker disable next-line ArrayDeclaration: an item of no volume fields (a string) names no claim either
  for (const v of pod.spec?.volumes ?? []) {
    // a null entry is a zero Volume to Go's JSON decoding: no claim
    if (v == null) continue;
    if (v.persistentVolumeClaim) out.push({ name: v.persistentVolumeClaim.claimName, ephemeral: false });
    else if (v.ephemeral) out.push({ name: ephemeralClaimName(pod.metadata?.name ?? '', v.name), ephemeral: true });
  }
  return out;
}

const podNamespace = (pod: Pod) => pod.metadata?.namespace || 'default';

/** Upstream's helpers' errors are the plugin's Error status. */
function asError<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof StorageRuleError) throw new VolumeBindingError(e.message);
    throw e;
  }
}

/** binder.go GetPodVolumeClaims (with isVolumeBound): throws VolumeBindingError where upstream returns an error. */
export function getPodVolumeClaims(pod: Pod, storage: StorageListers): PodVolumeClaims {
  const claims: PodVolumeClaims = { bound: [], immediate: [], delayBinding: [], volumesByClass: new Map() };
  const ns = podNamespace(pod);
  for (const { name, ephemeral } of volumeClaims(pod)) {
    const pvc = storage.claim(ns, name);
    if (!pvc) throw new VolumeBindingError(`error getting PVC "${ns}/${name}": persistentvolumeclaim ${JSON.stringify(name)} not found`);
    const notOwner = ephemeral ? volumeIsForPod(pod, pvc) : undefined;
    if (notOwner) throw new VolumeBindingError(notOwner);
    if (isFullyBound(pvc)) claims.bound.push(pvc);
    else if (asError(() => isDelayBindingMode(pvc, storage.storageClass)) && !pvc.spec?.volumeName) claims.delayBinding.push(pvc);
    else claims.immediate.push(pvc);
  }
  // pvCache.ListPVs per class, less the volumes bound to other claims (which FindMatchingVolume passes over first)
  const keys = new Map<string, string[]>();
  for (const pvc of claims.delayBinding) {
    const cls = claimClass(pvc);
    const key = `${pvc.metadata?.namespace || 'default'}/${pvc.metadata?.name ?? ''}`;
    const list = keys.get(cls);
    if (list) list.push(key);
    else keys.set(cls, [key]);
  }
  for (const [cls, claimKeys] of keys) claims.volumesByClass.set(cls, storage.claimableVolumes(cls, claimKeys) as PersistentVolume[]);
  return claims;
}

/** What FindPodVolumes found for one node: its reasons (empty: the node fits) and the volumes it would use there. */
export interface PodVolumes {
  reasons: string[];
  staticBindings: Array<{ pvc: PersistentVolumeClaim; pv: PersistentVolume }>;
  dynamicProvisions: Array<{ pvc: PersistentVolumeClaim; capacity?: CSIStorageCapacity }>;
  /** For the explanation: the bound claim whose PV did not reach the node or was missing, the claim left without a volume. */
  culprit?: { pvc: PersistentVolumeClaim; pv?: PersistentVolume; why: string };
}

export interface BinderNode {
  name: string;
  labels: Record<string, string>;
}

/**
 * binder.go FindPodVolumes for one node. The reasons come in upstream's order (NodeConflict, BindConflict,
 * NotEnoughSpace, PVNotExist); throws VolumeBindingError where upstream returns an error.
 */
export function findPodVolumes(claims: PodVolumeClaims, node: BinderNode, storage: StorageListers, vacEnabled: boolean): PodVolumes {
  const out: PodVolumes = { reasons: [], staticBindings: [], dynamicProvisions: [] };
  let boundSatisfied = true;
  let boundFound = true;
  let unboundSatisfied = true;
  let sufficientStorage = true;
  const finish = () => {
    if (!boundSatisfied) out.reasons.push(ErrReasonNodeConflict);
    if (!unboundSatisfied) out.reasons.push(ErrReasonBindConflict);
    if (!sufficientStorage) out.reasons.push(ErrReasonNotEnoughSpace);
    if (!boundFound) out.reasons.push(ErrReasonPVNotExist);
    return out;
  };
  // checkBoundClaims: the first bound claim whose PV is missing or does not reach the node decides; an in-tree PV is
  // matched as its CSI translation where the node's CSINode lists its plugin as migrated (tryTranslatePVToCSI)
  const csiNode = claims.bound.length ? storage.csiNode(node.name) : undefined;
  for (const pvc of claims.bound) {
    const found = storage.volume(pvc.spec!.volumeName!);
    const pv = found && tryTranslatePVToCSI(found, csiNode);
    if (!pv) {
      boundFound = false;
      out.culprit = { pvc, why: `PersistentVolume ${pvc.spec!.volumeName} does not exist` };
      break;
    }
    if (!checkVolumeNodeAffinity(pv, node.labels)) {
      boundSatisfied = false;
      out.culprit = { pvc, pv, why: 'its node affinity does not match the node' };
      break;
    }
  }
  const toProvision: PersistentVolumeClaim[] = [];
  const toMatch: PersistentVolumeClaim[] = [];
  for (const pvc of claims.delayBinding) {
    const selected = pvc.metadata?.annotations?.[ANN_SELECTED_NODE];
    if (selected === undefined) toMatch.push(pvc);
    else if (selected !== node.name) {
      // the fast path: provisioning for another node has begun
      unboundSatisfied = false;
      out.culprit ??= { pvc, why: `it is being provisioned for node ${selected} (${ANN_SELECTED_NODE})` };
      return finish();
    } else toProvision.push(pvc);
  }
  // Upstream skips each step that has no claim, and its unboundSatisfied from findMatchingVolumes is overwritten by
  // checkVolumeProvisions whenever a claim is left over: run on no claim, each step answers what the skip keeps.
  const unmatched = toMatch.length === claims.delayBinding.length && noVolumeToMatch(claims)
    ? allUnmatched(claims, vacEnabled, node, out)
    : findMatchingVolumes(toMatch, claims.volumesByClass, node, vacEnabled, out);
  toProvision.push(...unmatched);
  const provisions = checkVolumeProvisions(toProvision, node, storage, out);
  unboundSatisfied = provisions.provisionSatisfied;
  sufficientStorage = provisions.sufficientStorage;
  return finish();
}

// A claim's requested size, parsed once per claim object rather than once per node (an unparsable one throws each time)
const sizes = new WeakMap<PersistentVolumeClaim, bigint>();
const sizeOf = (pvc: PersistentVolumeClaim): bigint => sizes.get(pvc) ?? measure(pvc);
function measure(pvc: PersistentVolumeClaim): bigint {
  const size = asError(() => requestedStorage(pvc));
  sizes.set(pvc, size);
  return size;
}

// A claim with no volume of its class to match (every volume bound elsewhere, or none given: the usual dynamic
// provisioning) gets the same answer on every node: FindMatchingVolume reads only the claim before its loop (its
// VolumeAttributesClass, size and selector, whose errors are thrown again each time). Kept per claim object and gate.
const unmatchedAlone = new WeakMap<PersistentVolumeClaim, Set<boolean>>();
function noVolume(pvc: PersistentVolumeClaim, vacEnabled: boolean): undefined {
  const seen = unmatchedAlone.get(pvc);
  if (seen?.has(vacEnabled)) return undefined;
  // Stryker disable next-line ArrayDeclaration,BooleanLiteral: only the claim's errors count here (no node, no volume, the answer unused)
  asError(() => findMatchingVolume(pvc, [], { delayBinding: true, vacEnabled }));
  if (seen) seen.add(vacEnabled);
  // Stryker disable next-line ArrayDeclaration: a memo; a miss checks the claim again, with the same answer
  else unmatchedAlone.set(pvc, new Set([vacEnabled]));
  return undefined;
}

/** Whether no delayed claim of the pod has a volume of its class to match (dynamic provisioning alone). */
// Stryker disable next-line ArrowFunction: a memo's condition; without it findMatchingVolumes answers the same on each node
const noVolumeToMatch = (claims: PodVolumeClaims) => claims.delayBinding.every((pvc) => (claims.volumesByClass.get(claimClass(pvc))?.length ?? 0) === 0);

// Then findMatchingVolumes gives every node the same answer (no static binding; the claims by size, to provision):
// worked out once per cycle's claims (and gate). An error is not kept, so it is thrown again on each node.
const unmatchedOf = new WeakMap<PodVolumeClaims, Map<boolean, PersistentVolumeClaim[]>>();
function allUnmatched(claims: PodVolumeClaims, vacEnabled: boolean, node: BinderNode, out: PodVolumes): PersistentVolumeClaim[] {
  let byGate = unmatchedOf.get(claims);
  let unmatched = byGate?.get(vacEnabled);
  if (!unmatched) {
    unmatched = findMatchingVolumes(claims.delayBinding, claims.volumesByClass, node, vacEnabled, out);
    if (!byGate) unmatchedOf.set(claims, (byGate = new Map()));
    byGate.set(vacEnabled, unmatched);
  }
  return unmatched;
}

/** binder.go findMatchingVolumes: claims by requested size ascending, each PV chosen once; returns the claims left over. */
function findMatchingVolumes(toMatch: PersistentVolumeClaim[], volumesByClass: Map<string, PersistentVolume[]>, node: BinderNode, vacEnabled: boolean, out: PodVolumes): PersistentVolumeClaim[] {
  const sized = toMatch.map((pvc) => ({ pvc, size: sizeOf(pvc) }));
  // byPVCSize with sort.Sort: insertion sort for the few claims of a pod, so equal sizes keep their order
  sized.sort((a, b) => {
    if (a.size < b.size) return -1;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: V8's sort of a pod's few claims reads only whether the order is negative
    return a.size > b.size ? 1 : 0;
  });
  const chosen = new Set<string>();
  const unmatched: PersistentVolumeClaim[] = [];
  for (const { pvc } of sized) {
    const volumes = volumesByClass.get(claimClass(pvc)) ?? [];
    // Stryker disable next-line BooleanLiteral: delayBinding only tells the PV controller's path (no node) from the scheduler's
    const pv = volumes.length === 0 ? noVolume(pvc, vacEnabled) : asError(() => findMatchingVolume(pvc, volumes, { nodeLabels: node.labels, excluded: chosen, delayBinding: true, vacEnabled }));
    if (!pv) {
      unmatched.push(pvc);
      continue;
    }
    chosen.add(pv.metadata?.name ?? '');
    out.staticBindings.push({ pvc, pv });
  }
  return unmatched;
}

/** binder.go checkVolumeProvisions: stops at the first claim that cannot be provisioned for the node. */
function checkVolumeProvisions(toProvision: PersistentVolumeClaim[], node: BinderNode, storage: StorageListers, out: PodVolumes): { provisionSatisfied: boolean; sufficientStorage: boolean } {
  const provisions: PodVolumes['dynamicProvisions'] = [];
  for (const pvc of toProvision) {
    const className = claimClass(pvc);
    if (className === '') throw new VolumeBindingError(`no class for claim "${pvc.metadata?.namespace || 'default'}/${pvc.metadata?.name ?? ''}"`);
    const sc = storage.storageClass(className);
    if (!sc) throw new VolumeBindingError(`failed to find storage class "${className}"`);
    if (!sc.provisioner || sc.provisioner === NOT_SUPPORTED_PROVISIONER) {
      out.culprit ??= { pvc, why: `no PersistentVolume of StorageClass ${className} fits, and the class cannot provision (provisioner ${JSON.stringify(sc.provisioner ?? '')})` };
      return { provisionSatisfied: false, sufficientStorage: true };
    }
    if (!matchTopologySelectorTerms(sc.allowedTopologies, node.labels)) {
      out.culprit ??= { pvc, why: `no PersistentVolume of StorageClass ${className} fits, and the class's allowedTopologies do not include the node` };
      return { provisionSatisfied: false, sufficientStorage: true };
    }
    const enough = hasEnoughCapacity(sc, pvc, node, storage);
    if (!enough.sufficient) {
      // Stryker disable next-line OptionalChaining: the claim has a storage request here (hasEnoughCapacity answers sufficient without one)
      out.culprit ??= { pvc, why: `no CSIStorageCapacity of StorageClass ${className} reachable from the node holds ${pvc.spec?.resources?.requests?.storage}` };
      return { provisionSatisfied: true, sufficientStorage: false };
    }
    provisions.push({ pvc, capacity: enough.capacity });
  }
  out.dynamicProvisions = provisions;
  return { provisionSatisfied: true, sufficientStorage: true };
}

/**
 * binder.go hasEnoughCapacity: only for a CSI driver that opts in (CSIDriver.spec.storageCapacity), some
 * CSIStorageCapacity of the class whose nodeTopology selects the node and whose maximumVolumeSize (else capacity)
 * holds the request; the first such, in input order, is the node's capacity (the Score reads it).
 */
export function hasEnoughCapacity(sc: StorageClass, pvc: PersistentVolumeClaim, node: BinderNode, storage: StorageListers): { sufficient: boolean; capacity?: CSIStorageCapacity } {
  const request = pvc.spec?.resources?.requests?.storage;
  if (request === undefined) return { sufficient: true };
  const driver = storage.csiDriver(sc.provisioner);
  if (!driver || driver.spec?.storageCapacity !== true) return { sufficient: true };
  const size = wholeUnits(asError(() => requestedStorage(pvc)));
  for (const capacity of storage.capacities()) {
    // Stryker disable next-line OptionalChaining: the class came from the listers by its name
    if (capacity.storageClassName !== sc.metadata?.name) continue;
    const limit = capacity.maximumVolumeSize ?? capacity.capacity;
    if (limit === undefined || wholeUnits(asError(() => storageAmount(limit, `CSIStorageCapacity ${capacity.metadata?.name ?? ''}`))) < size) continue;
    if (nodeHasAccess(capacity, node.labels)) return { sufficient: true, capacity };
  }
  return { sufficient: false };
}

/**
 * binder.go nodeHasAccess: no nodeTopology is no access (parseLabelSelector's Nothing, as LabelSelectorAsSelector's
 * for nil); a selector that does not parse is none either (only logged).
 */
function nodeHasAccess(capacity: CSIStorageCapacity, labels: Record<string, string>): boolean {
  try {
    return selectorMatches(parseLabelSelector(capacity.nodeTopology), labels);
  } catch (e) {
    if (e instanceof LabelSelectorError) return false;
    throw e;
  }
}

/** pv_helpers.go AnnBoundByController: the PV controller (or the scheduler's binder for it) bound the volume. */
const ANN_BOUND_BY_CONTROLLER = 'pv.kubernetes.io/bound-by-controller';

/**
 * binder.go AssumePodVolumes, after VolumeBinding's Reserve for the chosen node: each static binding's PV bound to
 * its claim (GetBindVolumeToClaim: claimRef, and AnnBoundByController unless it was pre-bound to the claim), each
 * claim to provision annotated with the node (AnnSelectedNode), into the assume caches, so that the next pod's cycle
 * finds the PV taken and the claim being provisioned for this node. Nothing when every claim is bound already.
 */
export function assumePodVolumes(volumes: PodVolumes, nodeName: string, storage: StorageListers): void {
  for (const { pv, pvc } of volumes.staticBindings) {
    const preBound = isVolumeBoundToClaim(pv, pvc);
    const ref = pv.spec?.claimRef;
    // FindMatchingVolume passes over a PV whose claimRef names another claim: a claimRef here names this claim's
    // namespace and name, and GetBindVolumeToClaim keeps it where its uid is the claim's too
    const sameRef = ref != null && (ref.uid ?? '') === (pvc.metadata?.uid ?? '');
    const annotate = !preBound && pv.metadata?.annotations?.[ANN_BOUND_BY_CONTROLLER] === undefined;
    if (sameRef && !annotate) continue; // not dirty: nothing assumed
    storage.assumeVolume({
      ...pv,
      metadata: { ...pv.metadata, ...(annotate ? { annotations: { ...pv.metadata?.annotations, [ANN_BOUND_BY_CONTROLLER]: 'yes' } } : {}) },
      spec: {
        ...pv.spec,
        claimRef: sameRef ? ref : {
          // a claim given without a namespace is in "default" (the listers'), as the API server would have set it
          kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: pvc.metadata?.namespace || 'default', name: pvc.metadata?.name,
          ...(pvc.metadata?.uid ? { uid: pvc.metadata.uid } : {}), ...(pvc.metadata?.resourceVersion ? { resourceVersion: pvc.metadata.resourceVersion } : {}),
        },
      },
    });
  }
  for (const { pvc } of volumes.dynamicProvisions) {
    storage.assumeClaim({ ...pvc, metadata: { ...pvc.metadata, annotations: { ...pvc.metadata?.annotations, [ANN_SELECTED_NODE]: nodeName } } });
  }
}
