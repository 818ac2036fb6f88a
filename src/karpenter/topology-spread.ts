// Topology spread in Karpenter's NodeClaim.CanAdd, for one pod against an empty cluster (the model's standing
// assumption): pkg/controllers/provisioning/scheduling/topology.go (buildDomainGroups, AddRequirements),
// topologygroup.go (nextDomainTopologySpread), topologydomaingroup.go, and, from v1.15.0, defaultconstraints.go
// (the cluster's default constraints for a pod that declares none). Both files are the same in v1.14.x and v1.15.0
// but for defaultconstraints.go and its call in provisioner.go.
//
// With no pod counted anywhere, a domain is valid when the new node may take it (count 0 or 1 minus a global minimum
// of 0 is never above maxSkew ≥ 1; minDomains only lowers the minimum), so a spread fails only when no domain the
// NodePools know is one the new node may take, and a domain taken on a key the NodePool does not define fails
// Compatible as an undefined label.
import type { TopologySpreadConstraint } from 'kubernetes-types/core/v1';
import type { Toleration } from '../core/types';
import type { Subject } from '../k8s/subject';
import { settings } from '../core/config';
import { karpenterRelease } from '../core/karpenter-releases';
import { pluginArgs } from '../scheduler/plugin-args';
import { createdPod } from '../admission/create';
import { toleratesTaint } from '../k8s/toleration';
import { HOSTNAME, INSTANCE_TYPE_KEYS } from './labels';
import {
  addRequirement, compatible, formatRequirement, hasIntersection, labelRequirements, requirement, type Requirement, type Requirements,
} from './requirements';
import type { PoolModel } from './pool';

/** The spread constraints Karpenter schedules the pod with, and where they come from (for messages). */
export interface Spreads {
  constraints: TopologySpreadConstraint[];
  /** Field path of each constraint, or the default's origin. */
  from: string[];
  /** Set when the constraints are the cluster's defaults (v1.15+): what the deduced selector comes from. */
  injected?: string;
}

/** The controllers helper.DefaultSelector (and DefaultTopologySpreadInjector) deduces a selector from. */
const SELECTOR_OWNERS = new Set(['ReplicaSet', 'StatefulSet', 'ReplicationController']);

/**
 * Whose selector a pod of the subject gets its default constraints' selector from (defaultconstraints.go
 * defaultSelector), or undefined when none is deduced: a Deployment's pods are controlled by its ReplicaSet, a
 * ReplicaSet's, StatefulSet's or ReplicationController's by it, and each has a non-empty selector (API validation);
 * a Pod by its controller reference's kind, that object assumed to exist. Services are not an input: a pod no such
 * controller owns (a bare Pod, a Job's or CronJob's) is taken as selected by none, so it gets no defaults.
 */
function selectorOwner(subject: Subject): string | undefined {
  if (subject.kind === 'Deployment') return 'its Deployment\'s ReplicaSet';
  if (SELECTOR_OWNERS.has(subject.kind)) return `its ${subject.kind}`;
  if (subject.kind !== 'Pod') return undefined;
  const refs = (createdPod(subject).metadata as { ownerReferences?: Array<{ kind?: string; apiVersion?: string; controller?: boolean }> } | undefined)?.ownerReferences ?? [];
  const controller = refs.find((r) => r.controller === true);
  const gvk = controller && `${controller.apiVersion}/${controller.kind}`;
  return gvk === 'apps/v1/ReplicaSet' || gvk === 'apps/v1/StatefulSet' || gvk === 'v1/ReplicationController' ? `its controller ${controller!.kind}` : undefined;
}

/**
 * The pod's own topologySpreadConstraints; at a Karpenter release that honours the scheduler's defaults, a pod with
 * none gets the active profile's PodTopologySpread `defaultConstraints` when `defaultingType` is List (what a platform
 * team passes Karpenter as --scheduler-config; kube-scheduler's System defaults are not Karpenter's: with no
 * --scheduler-config it injects nothing).
 */
export function spreadsOf(subject: Subject): Spreads {
  const own = subject.spec.topologySpreadConstraints ?? [];
  if (own.length) return { constraints: own, from: own.map((_, i) => `${subject.specPath}.topologySpreadConstraints[${i}]`) };
  if (!karpenterRelease(settings().karpenterVersion).defaultTopologySpread) return { constraints: [], from: [] };
  const args = pluginArgs('PodTopologySpread');
  if (args.defaultingType !== 'List' || !args.defaultConstraints.length) return { constraints: [], from: [] };
  const owner = selectorOwner(subject);
  if (!owner) return { constraints: [], from: [] };
  return {
    constraints: args.defaultConstraints,
    from: args.defaultConstraints.map((_, i) => `the scheduler's default constraint defaultConstraints[${i}]`),
    injected: `the selector deduced from ${owner}`,
  };
}

/** The pool's domains for `key` (buildDomainGroups): concrete values, and whether its instance types add more. */
interface PoolDomains { values: string[]; open?: Requirement }

/** buildDomainGroups for one pool: requirements ∧ template labels, per instance type (values unknown here) and its own `In` values. */
function poolDomains(model: PoolModel, key: string): PoolDomains {
  const tspec = model.pool.spec?.template?.spec ?? {};
  const reqs: Requirements = new Map();
  for (const r of tspec.requirements ?? []) addRequirement(reqs, requirement(r.key, r.operator, r.values ?? []));
  labelRequirements(model.pool.spec?.template?.metadata?.labels, reqs);
  const r = reqs.get(key);
  // Every instance type defines these keys: its values, narrowed by the pool's, are domains (assumed to exist for
  // every value the pool allows, as the model assumes instance types do).
  if (INSTANCE_TYPE_KEYS.includes(key)) return { values: r && !r.complement ? [...r.values] : [], open: r ?? requirement(key, 'Exists') };
  if (!r) return { values: [] };
  // An instance type without the key leaves the pool's requirement: Requirement.Values() of a NotIn is its values.
  return { values: [...r.values] };
}

/** TopologyDomainGroup.ForEachDomain with nodeTaintsPolicy Honor: only pools whose taints the pod tolerates. */
const honoursTaints = (c: TopologySpreadConstraint) => c.nodeTaintsPolicy === 'Honor';
const toleratesPool = (m: PoolModel, tolerations: Toleration[]) => m.taints.every((t) => tolerations.some((tol) => toleratesTaint(tol, t, true)));

export interface SpreadFailure {
  error: string;
  details: string[];
}

/**
 * AddRequirements for the pod's spread constraints against a new NodeClaim of `model`, whose requirements are `node`
 * (the pool's, the pod's and any volume alternative's): the first constraint no domain satisfies, or whose domain the
 * NodeClaim cannot carry, else undefined.
 */
export function spreadFailure(spreads: Spreads, indices: readonly number[], model: PoolModel, all: readonly PoolModel[], node: Requirements, pod: Requirements, tolerations: Toleration[]): SpreadFailure | undefined {
  for (const i of indices) {
    const c = spreads.constraints[i];
    // the TopologyGroup's key is the constraint's, not normalized (a beta alias finds no domain: NodePools' keys are)
    const key = c.topologyKey;
    // a new NodeClaim is its own hostname domain: count ≤ 1 ≤ maxSkew
    if (key === HOSTNAME) continue;
    const nodeDomains = node.get(key) ?? requirement(key, 'Exists');
    const pools = honoursTaints(c) ? all.filter((m) => toleratesPool(m, tolerations)) : all;
    const domains = pools.map((m) => poolDomains(m, key));
    const concrete = [...new Set(domains.flatMap((d) => d.values))].sort();
    const open = domains.some((d) => d.open && hasIntersection(d.open, nodeDomains));
    const taken = concrete.find((d) => hasIntersection(requirement(key, 'In', [d]), nodeDomains));
    const from = `${spreads.from[i]}${spreads.injected ? `, with ${spreads.injected}` : ''}`;
    if (!open && taken === undefined) {
      const podDomains = pod.get(key) ?? requirement(key, 'Exists');
      const counts = concrete.slice(0, 25).map((d) => `${d}: 0`).join(', ') + (concrete.length > 25 ? ` and ${concrete.length - 25} other(s)` : '');
      return {
        // topologyError.Error: its parenthesis is never closed
        error: `unsatisfiable topology constraint for topology spread, key=${key} (counts = ${counts}, podDomains = ${formatRequirement(podDomains)}, nodeDomains = ${formatRequirement(nodeDomains)}`,
        details: [concrete.length
          ? `the spread on ${key} (${from}) has domains ${concrete.join(', ')} from the NodePools, none of which a node of this pool with ${formatRequirement(nodeDomains)} may take`
          : `the spread on ${key} (${from}) has no domain: no NodePool${honoursTaints(c) ? ' whose taints the pod tolerates' : ''} defines ${key} (requirements, template labels) and instance types do not carry it`],
      };
    }
    if (open || node.has(key)) continue;
    // the domain becomes `key In [d]` on the NodeClaim: Compatible refuses a key it does not define (unless well-known)
    const added: Requirements = new Map([[key, requirement(key, 'In', [taken!])]]);
    const result = compatible(node, added, model.vocab.wellKnown);
    if (!result.ok) {
      return {
        // tryVolumeAlternative returns Compatible's error unwrapped
        error: result.message,
        details: [`the spread on ${key} (${from}) takes a domain another NodePool defines (${concrete.join(', ')}), but this NodePool does not define ${key}, so its node would not carry it`],
      };
    }
  }
  return undefined;
}

/** Preferences.removeTopologySpreadScheduleAnyway: the first ScheduleAnyway constraint goes, the last takes its place. */
export function relaxScheduleAnyway(indices: readonly number[], spreads: Spreads): number[] | undefined {
  const at = indices.findIndex((i) => spreads.constraints[i].whenUnsatisfiable === 'ScheduleAnyway');
  if (at < 0) return undefined;
  const next = [...indices];
  next[at] = next[next.length - 1];
  next.pop();
  return next;
}
