// Representative Nodes a NodePool could launch, so the kube-scheduler matchers work against a pool.
// What Karpenter writes: NodeClaimTemplate.ToNodeClaim / resolveCustomLabelsFromRequirements (nodeclaimtemplate.go),
// the provider's well-known labels for the instance launched, and spec.taints (+ startupTaints until removed).
import type { Node, Taint } from '../core/types';
import type { NodePool } from '../k8s/nodepool';
import { ARCH, CAPACITY_TYPE_LABEL, HOSTNAME, INITIALIZED_LABEL, INSTANCE_TYPE, OS, REGISTERED_LABEL, ZONE } from './labels';
import { operatorOf, requirement, hasIntersection, type Requirement } from './requirements';
import { poolModel } from './pool';
import { nodePoolOf } from './inputs';

export interface NodesFromNodePoolOptions {
  zones?: string[];
  arch?: string | string[];
  capacityType?: string | string[];
  instanceTypes?: string[];
  /** status.allocatable (and capacity) for every node; depends on the instance type, so the pool cannot tell. */
  allocatable?: Record<string, string>;
  /** A node that has just joined: startup taints still on, not yet karpenter.sh/initialized. */
  starting?: boolean;
}

const list = (x: string | string[] | undefined) => (x === undefined ? undefined : Array.isArray(x) ? x : [x]);

/** Values of a well-known key: the caller's (each checked against the pool), else the pool's `In` values, else a default or nothing. */
function valuesFor(r: Requirement | undefined, key: string, given: string[] | undefined, fallback: string | undefined, pool: string): Array<string | undefined> {
  if (given) {
    for (const v of given) {
      if (r && !hasIntersection(r, requirement(key, 'In', [v]))) throw new Error(`nodesFromNodePool: NodePool ${pool} cannot launch ${key}=${v} (its requirement is ${operatorOf(r)}${r.values.size ? ` [${[...r.values].sort().join(' ')}]` : ''})`);
    }
    return given;
  }
  if (r && operatorOf(r) === 'In') return [...r.values].sort();
  if (fallback && (!r || hasIntersection(r, requirement(key, 'In', [fallback])))) return [fallback];
  return [undefined];
}

/** A value Karpenter could write for a custom key (`Requirement.Any`): one `In` value; for NotIn/Exists/Gt/Lt an integer within bounds. */
function anyValue(r: Requirement): string | undefined {
  const op = operatorOf(r);
  if (op === 'In') return [...r.values].sort()[0];
  if (op === 'DoesNotExist') return undefined;
  // upstream (Requirement.Any) draws at random within [gte, lte]; we pick the lowest value not excluded
  for (let n = r.gte ?? 0n; r.lte === undefined || n <= r.lte; n++) if (!r.values.has(String(n))) return String(n);
  return undefined;
}

const WELL_KNOWN_SKIP = new Set([REGISTERED_LABEL, INITIALIZED_LABEL, HOSTNAME]);
const MAX_NODES = 256;

/**
 * One Node per combination of zone × arch × capacity type × instance type the pool allows (or the caller names).
 * Labels: template labels, karpenter.sh/nodepool, the node-class label, single values of custom requirements, the well-known
 * labels chosen; taints: spec.taints (plus startupTaints with `starting`).
 */
export function nodesFromNodePool(pool: NodePool, options: NodesFromNodePoolOptions = {}): Node[] {
  const m = poolModel(nodePoolOf(pool, 'nodesFromNodePool: a NodePool'));
  const reqs = m.requirements;
  const zones = valuesFor(reqs.get(ZONE), ZONE, options.zones, undefined, m.name);
  const arches = valuesFor(reqs.get(ARCH), ARCH, list(options.arch), 'amd64', m.name);
  const capacity = valuesFor(reqs.get(CAPACITY_TYPE_LABEL), CAPACITY_TYPE_LABEL, list(options.capacityType), 'on-demand', m.name);
  const types = valuesFor(reqs.get(INSTANCE_TYPE), INSTANCE_TYPE, options.instanceTypes, undefined, m.name);
  const oses = valuesFor(reqs.get(OS), OS, undefined, 'linux', m.name);
  const count = zones.length * arches.length * capacity.length * types.length * oses.length;
  if (count > MAX_NODES) throw new Error(`nodesFromNodePool: NodePool ${m.name} allows ${count} combinations; narrow them with { zones, arch, capacityType, instanceTypes }`);

  const custom: Record<string, string> = {};
  for (const [key, r] of reqs) {
    if (m.vocab.wellKnown.has(key) || WELL_KNOWN_SKIP.has(key) || key in m.labels) continue;
    const v = anyValue(r);
    if (v !== undefined) custom[key] = v;
  }
  const taints: Taint[] = [...m.taints, ...(options.starting ? m.startupTaints : [])];
  const nodes: Node[] = [];
  for (const zone of zones) for (const arch of arches) for (const ct of capacity) for (const it of types) for (const os of oses) {
    const name = [m.name, it, arch, ct, zone].filter(Boolean).join('-').replace(/[^a-z0-9.-]/gi, '-').toLowerCase().slice(0, 253);
    const labels: Record<string, string> = { ...custom };
    if (zone) labels[ZONE] = zone;
    if (arch) labels[ARCH] = arch;
    if (os) labels[OS] = os;
    if (ct) labels[CAPACITY_TYPE_LABEL] = ct;
    if (it) labels[INSTANCE_TYPE] = it;
    Object.assign(labels, m.labels, { [HOSTNAME]: name, [REGISTERED_LABEL]: 'true' });
    if (!options.starting) labels[INITIALIZED_LABEL] = 'true';
    nodes.push({
      apiVersion: 'v1', kind: 'Node', metadata: { name, labels },
      ...(taints.length ? { spec: { taints: taints.map((t) => ({ ...t })) } } : {}),
      ...(options.allocatable ? { status: { allocatable: { ...options.allocatable }, capacity: { ...options.allocatable } } } : {}),
    });
  }
  return nodes;
}
