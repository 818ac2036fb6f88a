// What NodeVolumeLimits counts of a pod's volumes (nodevolumelimits/csi.go filterAttachableVolumes,
// checkAttachableInlineVolume, getCSIDriverInfo, getCSIDriverInfoFromSC; utils.go isCSIMigrationOn): the unique CSI
// volumes, `driver/handle`, the pod attaches to a node. Counted: claims (and generic ephemeral volumes' claims)
// bound to a CSI PersistentVolume or to an in-tree one whose migration is on; unbound claims under their class's
// provisioner; in-tree inline volumes whose migration is on. Never counted: inline `csi:` volumes (CSI ephemeral
// volumes such as the Secrets Store driver's), and every other inline source.
import type { PersistentVolume, PersistentVolumeClaim, Pod, Volume } from 'kubernetes-types/core/v1';
import type { CSINode } from 'kubernetes-types/storage/v1';
import { releaseAtLeast } from '../../../core/config';
import {
  AWS_EBS_IN_TREE_PLUGIN, AZURE_DISK_IN_TREE_PLUGIN, CINDER_IN_TREE_PLUGIN, GCE_PD_IN_TREE_PLUGIN, PORTWORX_IN_TREE_PLUGIN,
  csiNameFromInTreeName, inTreePluginNameFromSpec, isInlineMigratable, isMigratableInTreePluginByName, isPVMigratable,
  translateInlineVolume, translatePV, MIGRATED_PLUGINS_ANNOTATION, type CSIVolume,
} from '../../../k8s/csi-translation';
import { defaultAzureDiskKind } from '../../../k8s/defaults';
import type { StorageListers } from '../../storage';
import { podNamespace } from '../../snapshot';
import { claimNotFound, notOwner } from './reasons';

/** A counted volume: its driver and what it is, for messages. */
export interface Counted {
  driver: string;
  what: string;
}

/** The unique volume name (`driver/handle`, getVolumeUniqueName) → the volume. */
export type Volumes = Map<string, Counted>;

/**
 * What stops the count: a missing claim of the incoming pod (UnschedulableAndUnresolvable), or an error (the
 * scheduling attempt fails with it: an Error status).
 */
export class VolumeLookupError {
  constructor(readonly notFound: boolean, readonly message: string) {}
}

/** v1.MigratedPluginsAnnotationKey */
export { MIGRATED_PLUGINS_ANNOTATION };

/**
 * utils.go isCSIMigrationOn: EBS, GCE PD, Azure Disk and Cinder as soon as the node has a CSINode; Portworx until
 * v1.36 only when the CSINode's migrated-plugins annotation lists it (CSIMigrationPortworx, GA and locked on from
 * v1.33, removed in v1.36 with the annotation check); Azure File and vSphere never.
 */
export function isCSIMigrationOn(csiNode: CSINode | undefined, plugin: string | undefined): boolean {
  if (!csiNode || !plugin) return false;
  switch (plugin) {
    case AWS_EBS_IN_TREE_PLUGIN:
    case GCE_PD_IN_TREE_PLUGIN:
    case AZURE_DISK_IN_TREE_PLUGIN:
    case CINDER_IN_TREE_PLUGIN:
      return true;
    case PORTWORX_IN_TREE_PLUGIN:
      return releaseAtLeast('1.36') || (csiNode.metadata?.annotations?.[MIGRATED_PLUGINS_ANNOTATION] ?? '').split(',').includes(plugin);
    default:
      return false;
  }
}

/** The in-tree volume as the API server stores it: an azureDisk has its default kind. */
function stored<T extends { azureDisk?: object }>(source: T): T {
  return source.azureDisk ? { ...source, azureDisk: defaultAzureDiskKind(source.azureDisk) } : source;
}

// csi.go getCSIDriverInfoFromSC: a random prefix per plugin instance upstream, so that the handle of an unbound claim
// never equals a real one; one constant here (a real handle never starts with NUL).
const UNBOUND_PREFIX = '\u0000unbound';

/** component-helpers storage/volume/helpers.go GetPersistentVolumeClaimClass: the beta annotation first. */
export function claimClass(claim: PersistentVolumeClaim): string {
  // Stryker disable next-line OptionalChaining: a claim found by its name has metadata
  const annotations = claim.metadata?.annotations;
  if (annotations && Object.prototype.hasOwnProperty.call(annotations, 'volume.beta.kubernetes.io/storage-class')) return annotations['volume.beta.kubernetes.io/storage-class'];
  // Stryker disable next-line StringLiteral: no class: no StorageClass has the name the mutant gives either
  return claim.spec?.storageClassName ?? '';
}

/** getCSIDriverInfoFromSC: an unbound claim counts under its class's provisioner (its CSI driver if in-tree and migrated). */
function fromClass(claim: PersistentVolumeClaim, csiNode: CSINode | undefined, storage: StorageListers): CSIVolume | undefined {
  const name = claimClass(claim);
  const sc = name ? storage.storageClass(name) : undefined;
  if (!sc) return undefined;
  // Stryker disable next-line OptionalChaining: a claim found by its name has metadata
  const volumeHandle = `${UNBOUND_PREFIX}-${podNamespace(claim)}/${claim.metadata?.name ?? ''}`;
  const provisioner = sc.provisioner ?? '';
  if (!isMigratableInTreePluginByName(provisioner)) return { driver: provisioner, volumeHandle };
  if (!isCSIMigrationOn(csiNode, provisioner)) return undefined;
  return { driver: csiNameFromInTreeName(provisioner)!, volumeHandle };
}

/** getCSIDriverInfo: the bound PV's CSI source (an in-tree PV's translation when its migration is on). */
function fromVolume(pv: PersistentVolume, csiNode: CSINode | undefined): CSIVolume | undefined {
  const csi = pv.spec?.csi;
  if (csi) return { driver: csi.driver ?? '', volumeHandle: csi.volumeHandle ?? '' };
  if (!isPVMigratable(pv) || !isCSIMigrationOn(csiNode, inTreePluginNameFromSpec(pv))) return undefined;
  try {
    return translatePV(pv.spec ? { ...pv, spec: stored(pv.spec) } : pv);
  // Stryker disable next-line BlockStatement: an empty catch returns undefined too
  } catch {
    return undefined; // logged and not counted upstream
  }
}

function driverInfo(claim: PersistentVolumeClaim, csiNode: CSINode | undefined, storage: StorageListers): CSIVolume | undefined {
  // Stryker disable next-line StringLiteral: no volume name: no PV has the name the mutant gives either
  const pvName = claim.spec?.volumeName ?? '';
  const pv = pvName ? storage.volume(pvName) : undefined;
  // unbound, or bound to a PV that is not there (deleted, or pre-bound to one not yet created): counted by class
  return pv ? fromVolume(pv, csiNode) : fromClass(claim, csiNode, storage);
}

/** checkAttachableInlineVolume: a migratable in-tree inline volume whose migration is on, translated. */
function inline(volume: Volume, csiNode: CSINode | undefined): CSIVolume | undefined {
  if (!isInlineMigratable(volume) || !isCSIMigrationOn(csiNode, inTreePluginNameFromSpec(undefined, volume))) return undefined;
  try {
    return translateInlineVolume(stored(volume));
  } catch (e) {
    throw new VolumeLookupError(false, `converting volume(${volume.name}) from inline to csi: ${(e as Error).message}`);
  }
}

/** metav1.IsControlledBy: the claim's controller reference has the pod's UID. */
function controlledBy(claim: PersistentVolumeClaim, pod: Pod): boolean {
  // Stryker disable next-line OptionalChaining: a claim found by its name has metadata
  const refs = claim.metadata?.ownerReferences;
  const ref = refs?.find((r) => r.controller === true);
  return ref !== undefined && (ref.uid ?? '') === (pod.metadata?.uid ?? '');
}

/**
 * filterAttachableVolumes: add the pod's counted volumes to `into`. A claim that is missing stops the incoming pod
 * (`newPod`) and is skipped for an existing one. Throws VolumeLookupError.
 */
export function podVolumes(pod: Pod, csiNode: CSINode | undefined, storage: StorageListers, newPod: boolean, into: Volumes): Volumes {
  const namespace = podNamespace(pod);
  // Stryker disable next-line ArrayDeclaration: an entry that is not an object is no source that counts
  for (const volume of pod.spec?.volumes ?? []) {
    if (volume == null) continue; // Go's zero Volume: no source
    let claimName: string;
    const ephemeral = volume.ephemeral != null;
    if (volume.persistentVolumeClaim != null) claimName = volume.persistentVolumeClaim.claimName ?? '';
    else if (ephemeral) claimName = `${pod.metadata?.name ?? ''}-${volume.name}`; // ephemeral.VolumeClaimName
    else {
      const translated = inline(volume, csiNode);
      if (translated) into.set(`${translated.driver}/${translated.volumeHandle}`, { driver: translated.driver, what: `volume ${volume.name}` });
      continue;
    }
    if (claimName === '') throw new VolumeLookupError(false, 'PersistentVolumeClaim had no name');
    const claim = storage.claim(namespace, claimName);
    if (!claim) {
      if (newPod) throw new VolumeLookupError(true, claimNotFound(namespace, claimName));
      continue;
    }
    if (ephemeral && (podNamespace(claim) !== namespace || !controlledBy(claim, pod))) {
      throw new VolumeLookupError(false, notOwner(podNamespace(claim), claimName, namespace, pod.metadata?.name ?? ''));
    }
    const info = driverInfo(claim, csiNode, storage);
    if (!info?.driver || !info.volumeHandle) continue;
    const bound = claim.spec?.volumeName ? `, PersistentVolume ${claim.spec.volumeName}` : ', not bound yet';
    into.set(`${info.driver}/${info.volumeHandle}`, { driver: info.driver, what: `claim ${namespace}/${claimName}${bound}` });
  }
  return into;
}
