// VolumeZone's PreFilter (volumezone/volume_zone.go PreFilter, getPVbyPod, getPVTopologies): the zone and region
// labels of the PersistentVolumes the pod's claims are bound to, read from the PVs' metadata.labels (never their
// spec.nodeAffinity: that is VolumeBinding's).
import type { PersistentVolume, PersistentVolumeClaim } from 'kubernetes-types/core/v1';
import { failure, type PodInfo, type Status } from '../../framework';
import type { PreFilterResult } from '../../cycle';
import { podNamespace, type Snapshot } from '../../snapshot';
import { notFound } from '../../storage';
import { createdSpec } from '../../../admission/create';
import { bindingModeNotSet, CLAIM_HAD_NO_NAME, CLAIM_HAD_NO_PV_NOR_CLASS, PV_HAD_NO_NAME } from './reasons';

const BETA_ZONE = 'failure-domain.beta.kubernetes.io/zone';
const BETA_REGION = 'failure-domain.beta.kubernetes.io/region';
const ZONE = 'topology.kubernetes.io/zone';
const REGION = 'topology.kubernetes.io/region';

/** topologyLabels, in upstream's order: the labels a PV's topology is read from, and a node's zone and region. */
export const TOPOLOGY_LABELS: readonly string[] = [BETA_ZONE, BETA_REGION, ZONE, REGION];

/** translateToGALabel: the GA key a node may carry instead of a PV's beta key. */
export const gaLabel = (key: string) => (key === BETA_REGION ? REGION : key === BETA_ZONE ? ZONE : key);

/** One topology label of a bound PV (pvTopology), with the claim and volume that brought it (for messages). */
export interface PVTopology {
  pvName: string;
  key: string;
  /** The label's value as written (`a__b` for a multi-zone volume). */
  value: string;
  values: ReadonlySet<string>;
  /** `volumes[i] (name) → PersistentVolumeClaim ns/claim`: where the pod asks for it. */
  via: string;
}

export interface VolumeZoneState {
  topologies: PVTopology[];
  /** Per topology: the node's label (key and value; '' for none) → the shared failure (its words name no node). */
  failures?: Array<Map<string, Status>>;
}

// Go's strings.TrimSpace: unicode.IsSpace's characters (JavaScript's trim differs on U+0085 and U+FEFF).
const GO_SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const TRIM = new RegExp(`^${GO_SPACE}+|${GO_SPACE}+$`, 'g');

/**
 * cloud-provider volume/helpers LabelZonesToSet: a label value split on `__` (LabelMultiZoneDelimiter), each part
 * trimmed; undefined when a part is empty (upstream's error: the label is then ignored).
 */
export function labelZonesToSet(value: string): Set<string> | undefined {
  const out = new Set<string>();
  for (const part of value.split('__')) {
    const zone = part.replace(TRIM, '');
    if (zone === '') return undefined;
    out.add(zone);
  }
  return out;
}

/** component-helpers storage/volume GetPersistentVolumeClaimClass: the beta annotation first, then spec.storageClassName. */
export function claimClass(claim: PersistentVolumeClaim): string {
  const annotations = claim.metadata?.annotations;
  if (annotations && Object.prototype.hasOwnProperty.call(annotations, 'volume.beta.kubernetes.io/storage-class')) return annotations['volume.beta.kubernetes.io/storage-class'];
  return claim.spec?.storageClassName ?? '';
}

/** getPVTopologies: each of the four labels the PV carries, in topologyLabels' order. */
function pvTopologies(pv: PersistentVolume, via: string): PVTopology[] {
  // Stryker disable next-line OptionalChaining: the PV was found by its (non-empty) name: it has metadata
  const labels = pv.metadata?.labels ?? {};
  const out: PVTopology[] = [];
  for (const key of TOPOLOGY_LABELS) {
    if (!Object.prototype.hasOwnProperty.call(labels, key)) continue;
    const values = labelZonesToSet(labels[key]);
    // Stryker disable next-line StringLiteral,OptionalChaining: the PV was found by its name (spec.volumeName, never empty here): it has metadata and that name
    if (values) out.push({ pvName: pv.metadata?.name ?? '', key, value: labels[key], values, via });
  }
  return out;
}

const reject = (message: string, details: string[]): { reject: Status } =>
  ({ reject: failure('VolumeZone', 'UnschedulableAndUnresolvable', [message], () => details) });

/**
 * getPVbyPod over the pod's `persistentVolumeClaim` volumes, in order (ephemeral volumes are not read): the first
 * failure rejects the pod as a whole; a claim not yet bound whose class is WaitForFirstConsumer is left to
 * VolumeBinding. A bound claim (spec.volumeName, with or without bind-completed) brings its PV's labels. No label:
 * Skip.
 */
export function preFilterState(pod: PodInfo, snapshot: Snapshot): PreFilterResult<VolumeZoneState> {
  const namespace = podNamespace(pod.subject.object);
  const storage = snapshot.storage;
  const topologies: PVTopology[] = [];
  // Stryker disable next-line ArrayDeclaration: a string entry has no persistentVolumeClaim, as no entry
  const volumes = createdSpec(pod.subject).volumes ?? [];
  for (let i = 0; i < volumes.length; i++) {
    const source = volumes[i]?.persistentVolumeClaim; // (a null entry: Go's zero Volume)
    if (!source) continue;
    const name = source.claimName ?? '';
    const where = `${pod.subject.specPath}.volumes[${i}] (${volumes[i].name})`;
    if (name === '') return reject(CLAIM_HAD_NO_NAME, [`${where} names no claim`]);
    const claim = storage.claim(namespace, name);
    if (!claim) return reject(notFound('persistentvolumeclaim', name), [`${where} uses PersistentVolumeClaim ${namespace}/${name}, which is not among the storage objects given`]);
    const via = `${where} → PersistentVolumeClaim ${namespace}/${name}`;
    const pvName = claim.spec?.volumeName ?? '';
    if (pvName === '') {
      const className = claimClass(claim);
      if (className === '') return reject(CLAIM_HAD_NO_PV_NOR_CLASS, [`${via} is not bound (no spec.volumeName) and has no storage class`]);
      const sc = storage.storageClass(className);
      if (!sc) return reject(notFound('storageclass.storage.k8s.io', className), [`${via} is not bound and its StorageClass ${className} is not among the storage objects given`]);
      if (sc.volumeBindingMode == null) return reject(bindingModeNotSet(className), [`StorageClass ${className} has no volumeBindingMode (the API server defaults it to Immediate)`]);
      if (sc.volumeBindingMode === 'WaitForFirstConsumer') continue;
      return reject(PV_HAD_NO_NAME, [`${via} is not bound and its StorageClass ${className} binds ${sc.volumeBindingMode}, so it should be bound before the pod is scheduled`]);
    }
    const pv = storage.volume(pvName);
    if (!pv) return reject(notFound('persistentvolume', pvName), [`${via} is bound to PersistentVolume ${pvName}, which is not among the storage objects given`]);
    topologies.push(...pvTopologies(pv, via));
  }
  return topologies.length ? { state: { topologies } } : { skip: true };
}
