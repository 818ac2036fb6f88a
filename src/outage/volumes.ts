// The storage of the outage's world (issue 34): what binding a pod does to its claims. kube-scheduler's VolumeBinding
// (pkg/scheduler/framework/plugins/volumebinding/binder.go AssumePodVolumes, BindPodVolumes) binds a
// WaitForFirstConsumer claim it matched to a static PersistentVolume, and gives one it found provisionable the
// annotation volume.kubernetes.io/selected-node; the CSI external-provisioner then asks the driver to create the
// volume with the selected node's topology segment first (kubernetes-csi/external-provisioner pkg/controller/
// topology.go GenerateAccessibilityRequirements: the keys of the selected node's CSINode entry for the driver, valued
// from the node's labels — a key the node has no label for fails the provisioning — and the preferred terms rotated to
// start at that segment), and the driver's CreateVolume answer (AccessibleTopology) becomes the new PersistentVolume's
// spec.nodeAffinity (GenerateVolumeNodeAffinity: a term per segment, `key In [value]` per key). From then on the claim is bound: a replacement pod of the same claim (a StatefulSet ordinal's,
// a Deployment's shared one) meets VolumeBinding's Filter against that affinity — upstream's
// `node(s) didn't match PersistentVolume's node affinity` for a zonal disk whose zone is down.
//
// What the driver returns is the driver's: DRIVER_TOPOLOGY holds what the big clouds' drivers do, read from their
// code; another driver's volumes follow the node's CSINode (the selected node's segment on its topologyKeys, which is
// what the external-provisioner asks for first; none: the driver has no topology). Where neither says, the claim is
// bound to a volume that constrains nothing and the workload's outage answer is "not modelled", with the fix.
import type { NodeSelectorTerm, PersistentVolume, PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { CSINode, StorageClass } from 'kubernetes-types/storage/v1';
import type { KubeObject, Node } from '../core/types';
import { gateEnabled, settings } from '../core/config';
import { ANN_BIND_COMPLETED, ANN_SELECTED_NODE, claimClass } from '../k8s/storage';
import { CLAIM_VOLUME, type NotModelled } from '../k8s/not-modelled';
import { toSubject } from '../k8s/subject';
import { ASSUMED_PROVISIONER, podClaims, podUsesClaimVolumes, registerStatefulSetPod, type ClaimModel } from '../admission/pod-storage';
import { storageFor } from '../scheduler/snapshot';
import { modelledStorage } from '../scheduler/storage-model';
import { findPodVolumes, preFilter, type PodVolumes } from '../scheduler/plugins/volumebinding';
import type { SimPod, World } from '../controllers/world';

/**
 * Where a driver's new volume can be reached from. `pinned`: the PV's node affinity is one term, `key` In [the
 * selected node's value of the first of `nodeKeys` it has]; `unless` names a StorageClass parameter that makes the
 * volume reach more than one zone (then `notPinned` or not modelled). `notPinned`: no node affinity (network file
 * systems).
 */
type DriverTopology =
  | { pinned: { key: string; nodeKeys: readonly string[] }; unless?: (parameters: Record<string, string>) => 'notPinned' | string | undefined }
  | { notPinned: true };

/** StorageClass parameters by lower-cased key (the Azure Disk driver reads them case-insensitively). */
const lower = (parameters: Record<string, string>) => Object.fromEntries(Object.entries(parameters).map(([k, v]) => [k.toLowerCase(), v]));

/**
 * The big clouds' drivers, from their code:
 * - ebs.csi.aws.com (kubernetes-sigs/aws-ebs-csi-driver v1.44.0 pkg/driver/controller.go pickAvailabilityZone,
 *   newCreateVolumeResponse): the zone is the preferred segment's topology.kubernetes.io/zone, else
 *   topology.ebs.csi.aws.com/zone (node.go NodeGetInfo reports both, with the same value); the PV gets
 *   topology.kubernetes.io/zone (since driver v1.33.0; older drivers wrote topology.ebs.csi.aws.com/zone).
 * - pd.csi.storage.gke.io (gcp-compute-persistent-disk-csi-driver v1.28.1 pkg/constants TopologyKeyZone,
 *   controller.go generateCreateVolumeResponseWithVolumeId): one topology.gke.io/zone segment per zone of the disk;
 *   `replication-type: regional-pd` makes a disk in two zones, the second of the driver's choosing.
 * - disk.csi.azure.com (kubernetes-sigs/azuredisk-csi-driver pkg/azuredisk/controllerserver.go CreateVolume):
 *   topology.disk.csi.azure.com/zone of the disk's zone; a zone-redundant sku (`*_ZRS`) is reachable from every zone.
 * - efs.csi.aws.com, file.csi.azure.com, filestore.csi.storage.gke.io: network file systems, reached from every
 *   node: no node affinity.
 */
export const DRIVER_TOPOLOGY: Readonly<Record<string, DriverTopology>> = {
  'ebs.csi.aws.com': { pinned: { key: 'topology.kubernetes.io/zone', nodeKeys: ['topology.kubernetes.io/zone', 'topology.ebs.csi.aws.com/zone'] } },
  'pd.csi.storage.gke.io': {
    pinned: { key: 'topology.gke.io/zone', nodeKeys: ['topology.gke.io/zone'] },
    unless: (p) => (lower(p)['replication-type'] === 'regional-pd' ? 'its regional Persistent Disk (replication-type: regional-pd) is in the node\'s zone and a second zone the driver picks, which the library does not model' : undefined),
  },
  'disk.csi.azure.com': {
    pinned: { key: 'topology.disk.csi.azure.com/zone', nodeKeys: ['topology.disk.csi.azure.com/zone'] },
    unless: (p) => (/_zrs$/i.test(lower(p).skuname ?? lower(p).storageaccounttype ?? '') ? 'notPinned' : undefined),
  },
  'efs.csi.aws.com': { notPinned: true },
  'file.csi.azure.com': { notPinned: true },
  'filestore.csi.storage.gke.io': { notPinned: true },
};

/** The new volume's node affinity term (none: reached from every node), or why it is not known. */
type Topology = { term?: NodeSelectorTerm } | { unknown: string };

const FIX_CSINODE = 'pass the nodes\' CSINodes in `storage` (kubectl get csinode -o yaml: spec.drivers[].topologyKeys name the node labels that pin its volumes)';

/** Where the driver of `sc` creates a volume for `node` (see the header). */
export function provisionedTopology(sc: StorageClass, node: Node, csiNode: CSINode | undefined): Topology {
  const driver = sc.provisioner;
  const labels = node.metadata?.labels ?? {};
  const nodeName = node.metadata?.name ?? '';
  if (driver === ASSUMED_PROVISIONER) {
    return { unknown: `StorageClass ${sc.metadata?.name} is assumed (storageAssumption), with no provisioner: which nodes its volume reaches after the first placement is not known; pass the StorageClass in \`storage\` (or set a cluster preset that supplies it)` };
  }
  const known = DRIVER_TOPOLOGY[driver];
  if (known && 'notPinned' in known) return {};
  if (known) {
    const exception = known.unless?.(sc.parameters ?? {});
    if (exception === 'notPinned') return {};
    if (exception) return { unknown: `StorageClass ${sc.metadata?.name}: ${exception}` };
    const from = known.pinned.nodeKeys.find((k) => labels[k] !== undefined);
    if (!from) return { unknown: `${driver} pins its volumes by the node label ${known.pinned.nodeKeys[0]}, which node ${nodeName} does not have (the kubelet adds it when the driver's node plugin registers): pass the nodes as the cluster has them (kubectl get nodes -o yaml)` };
    return { term: { matchExpressions: [{ key: known.pinned.key, operator: 'In', values: [labels[from]] }] } };
  }
  const entry = csiNode?.spec?.drivers?.find((d) => d.name === driver);
  if (!entry) return { unknown: `StorageClass ${sc.metadata?.name} provisions with ${driver}, whose volumes' topology the library does not know: ${FIX_CSINODE}` };
  const keys = entry.topologyKeys ?? [];
  if (keys.length === 0) return {};
  const missing = keys.find((k) => labels[k] === undefined);
  if (missing !== undefined) return { unknown: `CSINode ${nodeName} gives ${driver} the topology key ${missing}, which node ${nodeName} has no label for: pass the nodes as the cluster has them (kubectl get nodes -o yaml)` };
  return { term: { matchExpressions: keys.map((key) => ({ key, operator: 'In', values: [labels[key]] })) } };
}

/** A volume's node affinity in a few words: `topology.kubernetes.io/zone In [a]`, terms ORed. */
function termText(terms: readonly NodeSelectorTerm[] | undefined): string | undefined {
  const text = (terms ?? []).map((t) => (t.matchExpressions ?? []).map((e) => `${e.key} ${e.operator}${e.values?.length ? ` [${e.values.join(', ')}]` : ''}`).join(', '));
  return text.length ? text.join(' or ') : undefined;
}

/** The claim bound to `pv` as the PV controller leaves it (pv_controller.go bindClaimToVolume). */
function boundClaim(pvc: PersistentVolumeClaim, pv: string, selectedNode?: string): PersistentVolumeClaim {
  return {
    ...pvc,
    metadata: {
      ...pvc.metadata,
      annotations: {
        ...pvc.metadata?.annotations,
        ...(selectedNode !== undefined ? { [ANN_SELECTED_NODE]: selectedNode } : {}),
        [ANN_BIND_COMPLETED]: 'yes',
        'pv.kubernetes.io/bound-by-controller': 'yes',
      },
    },
    spec: { ...pvc.spec, volumeName: pv },
    status: { ...pvc.status, phase: 'Bound' },
  };
}

const claimRef = (pvc: PersistentVolumeClaim) => ({
  kind: 'PersistentVolumeClaim', namespace: pvc.metadata?.namespace || 'default', name: pvc.metadata?.name ?? '', ...(pvc.metadata?.uid ? { uid: pvc.metadata.uid } : {}),
});

/**
 * The PersistentVolume the external-provisioner creates for the claim (controller.go: `pvc-<claim uid>`, the class's
 * reclaim policy, the claim's access modes, volume mode and request, the driver's handle, the accessible topology as
 * node affinity). A claim without a uid (offline manifests) names it by namespace and name instead.
 */
function provisionedVolume(pvc: PersistentVolumeClaim, sc: StorageClass, term: NodeSelectorTerm | undefined): PersistentVolume {
  const name = `pvc-${pvc.metadata?.uid || `${pvc.metadata?.namespace || 'default'}.${pvc.metadata?.name ?? ''}`}`;
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name, annotations: { 'pv.kubernetes.io/provisioned-by': sc.provisioner } },
    spec: {
      capacity: { storage: String(pvc.spec?.resources?.requests?.storage ?? '0') },
      accessModes: pvc.spec?.accessModes,
      volumeMode: pvc.spec?.volumeMode ?? 'Filesystem',
      persistentVolumeReclaimPolicy: sc.reclaimPolicy ?? 'Delete',
      storageClassName: sc.metadata?.name,
      claimRef: claimRef(pvc),
      csi: { driver: sc.provisioner, volumeHandle: name },
      ...(term ? { nodeAffinity: { required: { nodeSelectorTerms: [term] } } } : {}),
    },
    status: { phase: 'Bound' },
  };
}

/** Where the claim sits in the workload, as the not-modelled items name it (storage-model.ts storageModel's words). */
function claimField(p: SimPod, c: ClaimModel): string {
  const subject = toSubject(p.owner!.object);
  const templates = (p.owner!.object as { spec?: { volumeClaimTemplates?: Array<{ metadata?: { name?: string } }> } }).spec?.volumeClaimTemplates ?? [];
  const template = c.template ?? (p.owner!.kind === 'StatefulSet' ? templates.findIndex((t) => t?.metadata?.name === c.volume) : -1);
  if (template >= 0) return `spec.volumeClaimTemplates[${template}] (${c.volume})`;
  const j = (subject.spec.volumes ?? []).findIndex((v) => v?.name === c.volume);
  return `${subject.specPath}.volumes[${j}] (${c.volume}, persistentVolumeClaim)`;
}

function note(p: SimPod, c: ClaimModel, why: string) {
  if (!p.owner) return;
  const detail = `${claimField(p, c)}: ${why}`;
  const notes = (p.owner.volumeNotes ??= []);
  if (!notes.some((n) => n.detail === detail)) notes.push({ what: CLAIM_VOLUME, detail });
}

/** VolumeBinding's decision for the pod on its node (FindPodVolumes), or nothing when it has no claims to bind. */
function decisions(pod: Pod, node: Node, storage: readonly KubeObject[]): { volumes: PodVolumes; storage: ReturnType<typeof storageFor> } | undefined {
  const listers = storageFor(storage);
  try {
    const r = preFilter(pod, listers, gateEnabled('VolumeAttributesClass'));
    if (!('state' in r)) return undefined;
    const volumes = findPodVolumes(r.state.claims, { name: node.metadata?.name ?? '', labels: node.metadata?.labels ?? {} }, listers, r.state.vacEnabled);
    return volumes.reasons.length ? undefined : { volumes, storage: listers };
  } catch {
    // upstream's Error statuses (VolumeBindingError): the scheduler did not bind such a pod
    return undefined;
  }
}

/**
 * The pod was bound to its node (the first placement, or a later cycle): its claims are bound and provisioned there
 * (see the header), in `world.storage`. A generic ephemeral volume's claim is left out: it is the pod's own, and a
 * replacement pod gets a new one.
 */
export function bindPodVolumes(world: World, p: SimPod): void {
  const pod = p.bound ?? p.pod;
  if (p.node === undefined || !podUsesClaimVolumes(pod)) return;
  // the claims its StatefulSet's controller makes (the placed copy of a pod is a new object)
  if (p.owner?.kind === 'StatefulSet' && p.ordinal !== undefined) registerStatefulSetPod(pod, p.owner.object, p.ordinal);
  const node = world.state.get(p.node)!.original;
  const storage = modelledStorage([pod], world.storage);
  const found = decisions(pod, node, storage);
  if (!found) return;
  // each claim as the inputs leave it (made by its controller, or given), for its field and assumed class
  const models = podClaims(pod, storageFor(world.storage), settings().storageAssumption);
  const model = (pvc: PersistentVolumeClaim) => models.find((m) => m.name === pvc.metadata?.name);
  const added: KubeObject[] = [];
  const record = (pvc: PersistentVolumeClaim, pv: PersistentVolume, provisioned: boolean) => {
    const reach = termText(pv.spec?.nodeAffinity?.required?.nodeSelectorTerms);
    world.claimsBound.set(`${pvc.metadata?.namespace || 'default'}/${pvc.metadata?.name}`, { volume: pv.metadata!.name!, node: p.node!, at: world.now, provisioned, ...(reach ? { reach } : {}) });
  };
  for (const { pvc, pv } of found.volumes.staticBindings) {
    if (model(pvc)?.ephemeral) continue;
    record(pvc, pv, false);
    added.push(boundClaim(pvc, pv.metadata!.name!) as KubeObject, { ...pv, spec: { ...pv.spec, claimRef: claimRef(pvc) }, status: { phase: 'Bound' } } as KubeObject);
  }
  for (const { pvc } of found.volumes.dynamicProvisions) {
    const m = model(pvc);
    if (!m || m.ephemeral) continue;
    const sc = m.assumed ?? found.storage.storageClass(claimClass(pvc));
    if (!sc) continue;
    const topology = provisionedTopology(sc, node, found.storage.csiNode(p.node));
    if ('unknown' in topology) note(p, m, topology.unknown);
    const pv = provisionedVolume(pvc, sc, 'term' in topology ? topology.term : undefined);
    record(pvc, pv, true);
    added.push(boundClaim(pvc, pv.metadata!.name!, p.node) as KubeObject, pv as KubeObject);
  }
  if (!added.length) return;
  // a claim made by its controller (not given) joins the given ones, bound: the replacement finds it there
  world.storage = [...world.storage, ...added];
  world.storageChanged = true;
}
