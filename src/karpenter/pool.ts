// A NodePool as Karpenter's scheduler sees it: NewNodeClaimTemplate
// (pkg/controllers/provisioning/scheduling/nodeclaimtemplate.go), RuntimeValidate (pkg/apis/v1/nodepool_validation.go, in part)
// and the candidate filter of Provisioner.NewScheduler (pkg/controllers/provisioning/provisioner.go).
import type { Taint } from '../core/types';
import { describeObject } from '../k8s/subject';
import type { NodePool } from '../k8s/nodepool';
import {
  CAPACITY_TYPE_LABEL, CAPACITY_TYPES, INITIALIZED_LABEL, INSTANCE_TYPE_KEYS, NODEPOOL_LABEL, REGISTERED_LABEL,
  restrictedLabelError, vocabulary, AWS_GROUP, type Vocabulary,
} from './labels';
import { addRequirement, formatRequirement, labelRequirements, operatorOf, requirement, type Requirements } from './requirements';

export interface PoolModel {
  pool: NodePool;
  name: string;
  label: string;
  weight: number;
  /** Template labels plus karpenter.sh/nodepool and (v1) the node-class label. */
  labels: Record<string, string>;
  requirements: Requirements;
  taints: Taint[];
  startupTaints: Taint[];
  vocab: Vocabulary;
  /** The node class's API group (the cloud provider), when the pool names one. */
  provider?: string;
  /** Why Karpenter would never use this pool to provision (not Ready, static, no instance types). Empty for a candidate. */
  notCandidate: string[];
}

/** v1: `<group>/<lower-case kind>`; v1beta1 pools had no node-class label. */
function nodeClassLabel(pool: NodePool): [string, string] | undefined {
  const ref = pool.spec?.template?.spec?.nodeClassRef;
  if (!ref?.group || !ref.kind || !ref.name || pool.apiVersion === 'karpenter.sh/v1beta1') return undefined;
  return [`${ref.group}/${ref.kind.toLowerCase()}`, ref.name];
}

/**
 * The provider a pool's nodeClassRef names: v1 `group`; v1beta1 `apiVersion` (`karpenter.k8s.aws/v1beta1`), or just
 * `kind: EC2NodeClass`. The AWS provider registers its labels for every pool (pkg/apis/v1beta1/labels.go init).
 */
export function providerGroup(pool: NodePool): string | undefined {
  const ref = pool.spec?.template?.spec?.nodeClassRef;
  if (!ref) return undefined;
  if (ref.group) return ref.group;
  if (ref.apiVersion) return ref.apiVersion.includes('/') ? ref.apiVersion.slice(0, ref.apiVersion.indexOf('/')) : ref.apiVersion;
  if (ref.kind === 'EC2NodeClass') return AWS_GROUP;
  return undefined;
}

const cache = new WeakMap<object, PoolModel>();

export function poolModel(pool: NodePool): PoolModel {
  const hit = cache.get(pool);
  if (hit) return hit;
  const name = pool.metadata?.name ?? '';
  const tspec = pool.spec?.template?.spec ?? {};
  const provider = providerGroup(pool);
  const vocab = vocabulary(provider);
  const notCandidate: string[] = [];
  const templateLabels = pool.spec?.template?.metadata?.labels ?? {};

  // RuntimeValidate: a pool failing it has ValidationSucceeded=False, so it is not Ready and never a candidate.
  const invalid: string[] = [];
  for (const key of Object.keys(templateLabels)) {
    if (key === NODEPOOL_LABEL) invalid.push(`the label ${NODEPOOL_LABEL} is restricted (spec.template.metadata.labels)`);
    else {
      const e = restrictedLabelError(key, vocab);
      if (e) invalid.push(`${e} (spec.template.metadata.labels)`);
    }
  }
  (tspec.requirements ?? []).forEach((r, i) => {
    const at = `spec.template.spec.requirements[${i}]`;
    if (r.key === NODEPOOL_LABEL) invalid.push(`${at}: the label ${NODEPOOL_LABEL} is restricted`);
    else {
      const e = restrictedLabelError(r.key, vocab);
      if (e) invalid.push(`${at}: ${e}`);
    }
    if (r.key === CAPACITY_TYPE_LABEL && r.operator === 'In' && !(r.values ?? []).some((v) => CAPACITY_TYPES.includes(v))) {
      invalid.push(`${at}: no valid values found in [${(r.values ?? []).join(' ')}] for ${CAPACITY_TYPE_LABEL}, expected one of: map[on-demand:{} reserved:{} spot:{}]`);
    }
  });
  const seen = new Set<string>();
  for (const t of [...(tspec.taints ?? []), ...(tspec.startupTaints ?? [])]) {
    const id = `${t.key}=${t.effect}`;
    if (seen.has(id)) invalid.push(`duplicate taint Key/Effect pair ${id} (spec.template.spec.taints and startupTaints together)`);
    seen.add(id);
  }
  if (invalid.length) notCandidate.push(`the NodePool fails validation (ValidationSucceeded=False, so not Ready): ${invalid.join('; ')}`);
  if (pool.spec?.replicas !== undefined) notCandidate.push('spec.replicas makes it a static NodePool, which never provisions for pending pods');

  // NewNodeClaimTemplate: requirements, then every label as `key In [value]`, all ANDed per key.
  const labels: Record<string, string> = { ...templateLabels, [NODEPOOL_LABEL]: name };
  const nc = nodeClassLabel(pool);
  if (nc) labels[nc[0]] = nc[1];
  const requirements: Requirements = new Map();
  for (const r of tspec.requirements ?? []) addRequirement(requirements, requirement(r.key, r.operator, r.values ?? [], r.minValues));
  labelRequirements(labels, requirements);
  // v1.14.0+: only so DaemonSets selecting them count as overhead; stripped before a NodeClaim is written.
  addRequirement(requirements, requirement(REGISTERED_LABEL, 'In', ['true']));
  addRequirement(requirements, requirement(INITIALIZED_LABEL, 'In', ['true']));

  // Every instance type defines these keys; a pool that excludes every value has no instance types (NewScheduler drops it).
  for (const key of INSTANCE_TYPE_KEYS) {
    const r = requirements.get(key);
    if (r && operatorOf(r) === 'DoesNotExist') notCandidate.push(`nodepool requirements filtered out all available instance types (${formatRequirement(r)})`);
  }

  const model: PoolModel = {
    pool, name, label: describeObject(pool), weight: pool.spec?.weight ?? 0, labels, requirements,
    taints: tspec.taints ?? [], startupTaints: tspec.startupTaints ?? [], vocab, provider, notCandidate,
  };
  cache.set(pool, model);
  return model;
}

/** OrderByWeight (pkg/utils/nodepool/nodepool.go): weight descending (absent = 0), equal weights by name descending. */
export function orderByWeight(pools: PoolModel[]): PoolModel[] {
  return [...pools].sort((a, b) => (a.weight !== b.weight ? b.weight - a.weight : a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
}

/** Where a key comes from in the pool, for messages. */
export function poolFieldsFor(model: PoolModel, key: string): string[] {
  const out: string[] = [];
  (model.pool.spec?.template?.spec?.requirements ?? []).forEach((r, i) => {
    if (requirement(r.key, 'Exists').key === key) out.push(`spec.template.spec.requirements[${i}]`);
  });
  if (model.pool.spec?.template?.metadata?.labels?.[key] !== undefined) out.push(`spec.template.metadata.labels["${key}"]`);
  if (key === NODEPOOL_LABEL) out.push('metadata.name');
  return out;
}
