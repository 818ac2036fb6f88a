// The storage objects of a cluster as the volume plugins read them: upstream's listers (PersistentVolumeClaims,
// PersistentVolumes, StorageClasses, CSINodes, CSIDrivers, CSIStorageCapacities, VolumeAttachments), built once per
// snapshot from the `storage` input. Issue 34: the four volume plugins (VolumeBinding, VolumeZone, VolumeRestrictions,
// NodeVolumeLimits) read these and nothing else of the storage objects.
import type { PersistentVolume, PersistentVolumeClaim } from 'kubernetes-types/core/v1';
import type { CSIDriver, CSINode, CSIStorageCapacity, StorageClass, VolumeAttachment } from 'kubernetes-types/storage/v1';

import type { KubeObject } from '../core/types';
import type * as K8sStorage from '../k8s/storage';

/** The kinds `storage` holds; any other kind there is the caller's mistake (the clients say which, with its origin). */
export { STORAGE_KINDS } from '../core/storage-kinds';

// read when a PersistentVolume is listed
let k8sStorageCode: typeof K8sStorage | undefined;
const k8sStorage = (): typeof K8sStorage => (k8sStorageCode ??= require('../k8s/storage'));

export interface StorageListers {
  /** A claim by namespace and name (PersistentVolumeClaimLister). */
  claim(namespace: string, name: string): PersistentVolumeClaim | undefined;
  /** A volume by name (PersistentVolumeLister). */
  volume(name: string): PersistentVolume | undefined;
  /** Every volume, in input order. */
  volumes(): readonly PersistentVolume[];
  /**
   * The volumes of StorageClass `className` (pvCache.ListPVs) that one of `claims` (`namespace/name` keys) could bind:
   * those with no claimRef and those whose claimRef names one of the claims, in input order. FindMatchingVolume
   * passes over a volume whose claimRef names another claim before it reads anything else of it, so VolumeBinding
   * matches its delayed claims against these alone (thousands of bound volumes are skipped once, not per node).
   */
  claimableVolumes(className: string, claims: readonly string[]): readonly PersistentVolume[];
  storageClass(name: string): StorageClass | undefined;
  /** Every StorageClass, in input order (DefaultStorageClass admission picks the default among them). */
  storageClasses(): readonly StorageClass[];
  /** A node's CSINode: its name is the node's. */
  csiNode(nodeName: string): CSINode | undefined;
  csiDriver(name: string): CSIDriver | undefined;
  /** Every CSIStorageCapacity, in input order. */
  capacities(): readonly CSIStorageCapacity[];
  /** The VolumeAttachments whose spec.nodeName is `nodeName`. */
  attachments(nodeName: string): readonly VolumeAttachment[];
  /**
   * VolumeBinding's assume caches (binder.go AssumePodVolumes: pvCache.Assume, pvcCache.Assume): the claim or
   * volume replaces the one of its name for every later read, as the next scheduling cycle sees it. Only for the
   * listers of a snapshot that pods are assumed into (placement, outages), never for shared ones.
   */
  assumeClaim(claim: PersistentVolumeClaim): void;
  assumeVolume(volume: PersistentVolume): void;
}

const NONE: readonly never[] = [];

/**
 * The error a lister's Get returns for a missing object, as a plugin reports it (`err.Error()`): apimachinery
 * errors.NewNotFound's `%s %q not found` with the listers' resource (client-go listers: `persistentvolumeclaim`,
 * `persistentvolume`, `storageclass.storage.k8s.io`, …). Names are DNS subdomains, so JSON's quoting is Go's %q.
 */
export const notFound = (resource: 'persistentvolumeclaim' | 'persistentvolume' | 'storageclass.storage.k8s.io' | 'csinode.storage.k8s.io', name: string) =>
  `${resource} ${JSON.stringify(name)} not found`;

// per class: the volumes without a claimRef, and those with one by the name of the claim it names (positions in the
// volume list; the namespace is compared when read)
type ClassIndex = Map<string, { free: number[]; claimed: Map<string, number[]> }>;

function classIndex(volumeList: readonly PersistentVolume[]): ClassIndex {
  const byClass: ClassIndex = new Map();
  for (let i = 0; i < volumeList.length; i++) {
    const pv = volumeList[i];
    const cls = k8sStorage().volumeClass(pv);
    let entry = byClass.get(cls);
    if (!entry) byClass.set(cls, (entry = { free: [], claimed: new Map() }));
    const ref = pv.spec?.claimRef;
    if (!ref) entry.free.push(i);
    else {
      const name = ref.name ?? '';
      const list = entry.claimed.get(name);
      if (list) list.push(i);
      else entry.claimed.set(name, [i]);
    }
  }
  return byClass;
}

/** StorageListers.claimableVolumes over `volumeList` and its class index. */
function claimable(volumeList: readonly PersistentVolume[], byClass: ClassIndex, className: string, claimKeys: readonly string[]): readonly PersistentVolume[] {
  const entry = byClass.get(className);
  if (!entry) return NONE;
  const refs: number[] = [];
  for (const k of claimKeys) {
    // `namespace/name`: neither holds a slash
    const slash = k.indexOf('/');
    const namespace = k.slice(0, slash);
    for (const i of entry.claimed.get(k.slice(slash + 1)) ?? []) if ((volumeList[i].spec!.claimRef!.namespace ?? '') === namespace) refs.push(i);
  }
  const at = refs.length ? [...new Set([...entry.free, ...refs])].sort((a, b) => a - b) : entry.free;
  return at.map((i) => volumeList[i]);
}

/**
 * Index `objects` (any mix of STORAGE_KINDS; other kinds are skipped here, the clients refuse them with their origin).
 * A later object with the same key replaces an earlier one, as a later `kubectl apply` of the same name would.
 */
export function storageListers(objects: readonly KubeObject[]): StorageListers {
  // namespace → name → claim (no key string per claim)
  const claims = new Map<string, Map<string, PersistentVolumeClaim>>();
  const setClaim = (claim: PersistentVolumeClaim) => {
    const namespace = claim.metadata?.namespace || 'default';
    let named = claims.get(namespace);
    if (!named) claims.set(namespace, (named = new Map()));
    named.set(claim.metadata?.name ?? '', claim);
  };
  const volumes = new Map<string, PersistentVolume>();
  const classes = new Map<string, StorageClass>();
  const csiNodes = new Map<string, CSINode>();
  const drivers = new Map<string, CSIDriver>();
  const capacities = new Map<string, CSIStorageCapacity>();
  const attachments = new Map<string, VolumeAttachment[]>();
  for (let i = 0; i < objects.length; i++) {
    const o = objects[i];
    const name = o.metadata?.name ?? '';
    switch (o.kind) {
      case 'PersistentVolumeClaim': setClaim(o as PersistentVolumeClaim); break;
      case 'PersistentVolume': volumes.set(name, o as PersistentVolume); break;
      case 'StorageClass': classes.set(name, o as StorageClass); break;
      case 'CSINode': csiNodes.set(name, o as CSINode); break;
      case 'CSIDriver': drivers.set(name, o as CSIDriver); break;
      // namespaced: keyed by namespace and name, like the informer's store
      case 'CSIStorageCapacity': capacities.set(`${o.metadata?.namespace || 'default'}/${name}`, o as CSIStorageCapacity); break;
      case 'VolumeAttachment': {
        const a = o as VolumeAttachment;
        const list = attachments.get(a.spec?.nodeName ?? '') ?? [];
        list.push(a);
        attachments.set(a.spec?.nodeName ?? '', list);
        break;
      }
    }
  }
  const volumeList = [...volumes.values()];
  let byClass: ClassIndex | undefined;
  const capacityList = [...capacities.values()];
  const classList = [...classes.values()];
  return {
    claim: (namespace, name) => claims.get(namespace || 'default')?.get(name),
    volume: (name) => volumes.get(name),
    volumes: () => volumeList,
    claimableVolumes: (className, claimKeys) => claimable(volumeList, (byClass ??= classIndex(volumeList)), className, claimKeys),
    storageClass: (name) => classes.get(name),
    storageClasses: () => classList,
    csiNode: (nodeName) => csiNodes.get(nodeName),
    csiDriver: (name) => drivers.get(name),
    capacities: () => capacityList,
    attachments: (nodeName) => attachments.get(nodeName) ?? NONE,
    assumeClaim: setClaim,
    assumeVolume(pv) {
      const name = pv.metadata?.name ?? '';
      const old = volumes.get(name);
      volumes.set(name, pv);
      byClass = undefined;
      // input order kept: the assumed volume where the one it replaces was
      const at = old ? volumeList.indexOf(old) : -1;
      if (at >= 0) volumeList[at] = pv;
      else volumeList.push(pv);
    },
  };
}

// What a layer may hold (layeredListers): the kinds the claim model adds (admission/pod-storage.ts modelObjects).
const LAYERED_KINDS = new Set(['PersistentVolumeClaim', 'PersistentVolume', 'StorageClass']);

/** `base`'s list with each object `own` has of the same name in its place, then `own`'s others, in their order. */
function merged<T extends { metadata?: { name?: string } }>(base: readonly T[], own: readonly T[], inBase: (name: string) => boolean, ownOf: (name: string) => T | undefined): readonly T[] {
  // Stryker disable next-line ConditionalExpression: a shortcut; merging nothing gives base's items
  if (own.length === 0) return base;
  return [...base.map((o) => ownOf(o.metadata?.name ?? '') ?? o), ...own.filter((o) => !inBase(o.metadata?.name ?? ''))];
}

/**
 * The listers of `base`'s objects followed by `extra` (what storageListers([...baseObjects, ...extra]) gives), without
 * indexing the base's objects again: an object of `extra` replaces its namesake, and the lists keep the base's order
 * with the new objects after it. The claim model's additions for one question (a StatefulSet pod's claims, the
 * placeholders' volumes, the assumed classes) are a handful beside the cluster's thousands (scheduler/snapshot.ts
 * snapshotFor). Undefined when `extra` holds a kind the layer does not (CSINodes, CSIDrivers, capacities,
 * VolumeAttachments): build the whole listers then. The base is only read; assumed objects join the layer.
 */
export function layeredListers(base: StorageListers, extra: readonly KubeObject[]): StorageListers | undefined {
  if (!extra.every((o) => LAYERED_KINDS.has(o.kind ?? ''))) return undefined;
  const own = storageListers(extra);
  let volumeList: readonly PersistentVolume[] | undefined;
  let byClass: ClassIndex | undefined;
  const volumes = () => (volumeList ??= merged(base.volumes(), own.volumes(), (n) => base.volume(n) !== undefined, own.volume));
  let classList: readonly StorageClass[] | undefined;
  return {
    claim: (namespace, name) => own.claim(namespace, name) ?? base.claim(namespace, name),
    volume: (name) => own.volume(name) ?? base.volume(name),
    volumes,
    // Stryker disable next-line ConditionalExpression: a shortcut; with no volume of its own the merged list is base's
    claimableVolumes: (className, claimKeys) => (own.volumes().length === 0
      ? base.claimableVolumes(className, claimKeys)
      : claimable(volumes(), (byClass ??= classIndex(volumes())), className, claimKeys)),
    storageClass: (name) => own.storageClass(name) ?? base.storageClass(name),
    storageClasses: () => (classList ??= merged(base.storageClasses(), own.storageClasses(), (n) => base.storageClass(n) !== undefined, own.storageClass)),
    csiNode: base.csiNode,
    csiDriver: base.csiDriver,
    capacities: base.capacities,
    attachments: base.attachments,
    assumeClaim: own.assumeClaim,
    assumeVolume(pv) {
      own.assumeVolume(pv);
      volumeList = undefined;
      byClass = undefined;
    },
  };
}
