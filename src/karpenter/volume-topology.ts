// What a pod's volumes add to Karpenter's decision, ported from kubernetes-sigs/karpenter v1.14.1
// pkg/controllers/provisioning/scheduling/volumetopology.go: ValidatePersistentVolumeClaims (part of
// Provisioner.Validate: a failing pod is ignored) and GetRequirements (per claim, the bound PV's node-affinity terms or
// the unbound claim's StorageClass allowedTopologies, each term one alternative; alternatives of several claims crossed).
// The requirements go to the NodeClaim only, never into the pod's affinity (nodeclaim.go tryVolumeAlternative).
import type { NodeSelectorRequirement, PersistentVolume, PersistentVolumeClaim, Pod } from 'kubernetes-types/core/v1';
import type { StatefulSet } from 'kubernetes-types/apps/v1';
import type { KubeObject } from '../core/types';
import { claimsOfPod, statefulSetPodVolumes, storageMatches, workloadClaims } from '../admission/storage';
import type { StorageListers } from '../scheduler/storage';
import { storageFor } from '../scheduler/snapshot';
import { addRequirement, intersects, requirement, type Requirements } from './requirements';
import { HOSTNAME } from './labels';
import { serror } from './serrors';


/**
 * One alternative of GetRequirements: the requirements, and per key where they come from (`claim <ns>/<name> (volume
 * <v>) is bound to PersistentVolume <pv>, whose spec.nodeAffinity.required.nodeSelectorTerms[<i>]`, or its class's term).
 */
export interface VolumeAlternative {
  requirements: Requirements;
  sources: Map<string, string[]>;
}

export interface PodVolumes {
  /** ValidatePersistentVolumeClaims' error, in Karpenter's words: the pod is ignored for every NodePool. */
  invalid?: string;
  /** GetRequirements' alternatives, in Karpenter's order; empty when the claims add none. */
  alternatives: VolumeAlternative[];
}

type Alt = { requirements: Requirements; sources: Map<string, string[]> } | null;

/** The pod's claims as the cluster holds them (admission/storage.ts claimsOfPod; StatefulSet claims by its controller). */
function podClaims(workload: KubeObject, pod: Pod, listers: StorageListers) {
  let p = pod;
  let created: PersistentVolumeClaim[] = [];
  if (workload.kind === 'StatefulSet') {
    const set = workload as StatefulSet;
    // updateStorage: the claim volumes of the set's templates (unless the created pod already has them)
    if (!storageMatches(set, pod)) p = { ...pod, spec: { ...pod.spec!, volumes: statefulSetPodVolumes(set, 0, pod.spec?.volumes ?? []) } };
    created = workloadClaims(workload, 0, listers);
  }
  return claimsOfPod(p, listers, created);
}

const refOf = (o: { metadata?: { namespace?: string; name?: string } }) => `${o.metadata?.namespace || 'default'}/${o.metadata?.name ?? ''}`;
const deleting = (o: { metadata?: { deletionTimestamp?: string } }) => !!o.metadata?.deletionTimestamp;

/** ValidatePersistentVolumeClaims for one claim (volumetopology.go:227): its error, or undefined. */
function checkClaim(name: string, pvc: PersistentVolumeClaim | undefined, listers: StorageListers): string | undefined {
  // volumeutil.GetPersistentVolumeClaim: the client's NotFound (`persistentvolumeclaims "x" not found`)
  if (!pvc) return serror(`getting persistent volume claim, persistentvolumeclaims ${JSON.stringify(name)} not found`, { PersistentVolumeClaim: name });
  const claim = refOf(pvc);
  if (deleting(pvc)) return serror('persistentvolumeclaim is being deleted', { PersistentVolumeClaim: claim });
  const volumeName = pvc.spec?.volumeName ?? '';
  if (pvc.status?.phase === 'Lost') return serror('persistentvolumeclaim bound to non-existent persistentvolume', { PersistentVolumeClaim: claim, PersistentVolume: volumeName });
  // the field only, not the beta annotation (lo.FromPtr(pvc.Spec.StorageClassName))
  const className = pvc.spec?.storageClassName ?? '';
  if (volumeName !== '') {
    const pv = listers.volume(volumeName);
    const bad = !pv ? `persistentvolumes ${JSON.stringify(volumeName)} not found` : deleting(pv) ? 'persistentvolume is being deleted' : undefined;
    if (bad) return serror(`failed to validate pvc, ${bad}`, { PersistentVolumeClaim: claim, PersistentVolume: volumeName, StorageClass: className });
    // kube-scheduler treats a claim with volumeName but without the bind-completed annotation as unbound
    if (!Object.prototype.hasOwnProperty.call(pvc.metadata?.annotations ?? {}, 'pv.kubernetes.io/bind-completed')) {
      return serror('pvc is considered unbound because it does not contain annotation', { annotation: 'pv.kubernetes.io/bind-completed', PersistentVolumeClaim: pvc.metadata?.name ?? '', PersistentVolume: volumeName });
    }
    return undefined;
  }
  if (className === '') return serror('unbound pvc must define a storage class', { PersistentVolumeClaim: claim, StorageClass: '' });
  const sc = listers.storageClass(className);
  if (!sc) return serror(`failed to validate pvc, failed to get storage class, storageclasses.storage.k8s.io ${JSON.stringify(className)} not found`, { PersistentVolumeClaim: claim, StorageClass: className });
  if (sc.volumeBindingMode === 'Immediate') return serror('failed to validate pvc, pvc with immediate volume binding mode must be bound', { PersistentVolumeClaim: claim, StorageClass: className });
  // UnsupportedTopologyKeys and UnsupportedProvisioners are empty sets in Karpenter core (providers may fill them).
  return undefined;
}

function alternative(exprs: readonly NodeSelectorRequirement[], source: string): Alt {
  const requirements: Requirements = new Map();
  const sources = new Map<string, string[]>();
  exprs.forEach((e) => {
    const r = requirement(e.key, e.operator, e.values ?? []);
    addRequirement(requirements, r);
    sources.set(r.key, [...(sources.get(r.key) ?? []), source]);
  });
  return { requirements, sources };
}

/** getPersistentVolumeRequirements (:191): each nodeSelectorTerm one alternative; hostname dropped for local/hostPath. */
function volumeAlternatives(pv: PersistentVolume, claim: string, volume: string): Alt[] {
  const terms = pv.spec?.nodeAffinity?.required?.nodeSelectorTerms;
  if (!terms) return [];
  const local = !!pv.spec?.local || !!pv.spec?.hostPath;
  const out: Alt[] = [];
  terms.forEach((term, i) => {
    const all = term.matchExpressions ?? [];
    const exprs = local ? all.filter((e) => e.key !== HOSTNAME) : all;
    const at = `claim ${claim} (volume ${volume}) is bound to PersistentVolume ${pv.metadata?.name ?? ''}, whose spec.nodeAffinity.required.nodeSelectorTerms[${i}]`;
    // a hostname-only term of a local or hostPath volume is an unconstrained alternative
    if (local && all.length > 0 && exprs.length === 0) out.push({ requirements: new Map(), sources: new Map() });
    else if (exprs.length > 0) out.push(alternative(exprs, at));
  });
  return out;
}

/** getStorageClassRequirements (:172): each allowedTopologies term with expressions one alternative of `key In values`. */
function classAlternatives(listers: StorageListers, className: string, claim: string, volume: string): Alt[] {
  const sc = listers.storageClass(className)!; // validated: the class exists
  const out: Alt[] = [];
  (sc.allowedTopologies ?? []).forEach((term, i) => {
    const exprs = (term.matchLabelExpressions ?? []).map((e) => ({ key: e.key, operator: 'In', values: e.values }));
    if (exprs.length) out.push(alternative(exprs, `claim ${claim} (volume ${volume}) is unbound, and its StorageClass ${className} allowedTopologies[${i}]`));
  });
  return out;
}

const merge = (a: Alt, b: Alt): Alt => {
  const requirements: Requirements = new Map();
  const sources = new Map<string, string[]>();
  for (const x of [a, b]) {
    if (!x) continue;
    for (const r of x.requirements.values()) addRequirement(requirements, r);
    for (const [k, v] of x.sources) sources.set(k, [...(sources.get(k) ?? []), ...v]);
  }
  return { requirements, sources };
};

/** mergeVolumeRequirementAlternatives (:92): compatible combinations only, or every combination when none is. */
function cross(alternatives: Alt[], volAlts: Alt[]): Alt[] {
  const compatible: Alt[] = [];
  for (const a of alternatives) {
    for (const v of volAlts) if (!a || !v || intersects(a.requirements, v.requirements).length === 0) compatible.push(merge(a, v));
  }
  return compatible.length ? compatible : alternatives.flatMap((a) => volAlts.map((v) => merge(a, v)));
}

/**
 * Validate's PVC checks and GetRequirements for the pod the workload stands for (`pod`, as created), with the cluster
 * holding exactly the storage objects the question sees (scheduler/snapshot.ts storageFor: the preset's classes,
 * configure({ storage })'s, then `storage`), as kube-scheduler's volume plugins see them. Claim volumes are read in
 * the pod's volume order. What the inputs leave undecided is the caller's (volume-model.ts).
 */
export function podVolumes(workload: KubeObject, pod: Pod, storage?: readonly KubeObject[]): PodVolumes {
  const listers = storageFor(storage);
  const claims = podClaims(workload, pod, listers);
  for (const c of claims) {
    const invalid = checkClaim(c.name, c.claim, listers);
    if (invalid) return { invalid, alternatives: [] };
  }
  let alternatives: Alt[] = [null];
  for (const c of claims) {
    const pvc = c.claim!;
    const claim = refOf(pvc);
    const volumeName = pvc.spec?.volumeName ?? '';
    const className = pvc.spec?.storageClassName ?? '';
    const volAlts = volumeName !== '' ? volumeAlternatives(listers.volume(volumeName)!, claim, c.volume)
      : className !== '' ? classAlternatives(listers, className, claim, c.volume) : [];
    if (volAlts.length) alternatives = cross(alternatives, volAlts);
  }
  if (alternatives.length === 1 && alternatives[0] === null) return { alternatives: [] };
  return { alternatives: alternatives.map((a) => a ?? { requirements: new Map(), sources: new Map() }) };
}
