// Karpenter's DaemonSet overhead on a new node (kubernetes-sigs/karpenter pkg/controllers/provisioning/scheduling/
// scheduler.go buildDaemonOverheadGroups and isDaemonPodCompatible; nodeclaim.go filterInstanceTypesByRequirements,
// InstanceTypeFilterError.trackDaemonOverhead and resourcesString; pkg/utils/resources RequestsForPods, Merge,
// MinResources, MaxResources). Per NodeClaim template and instance type, the DaemonSet pods that would run there:
// every template taint tolerated (PreferNoSchedule always, as a daemon ignores the preference), the template's
// requirements compatible with the pod's strict requirements (nodeSelector ∧ required term[0]; later terms by
// relaxation) and the instance type's requirements intersecting them. Their requests, plus `pods: <count>`, are added to
// the pod's before each instance type is checked; types with the same daemons form one group.
import type { PodSpec, Taint, Toleration } from '../core/types';
import { Quantity } from '../k8s/quantity';
import { toleratesTaint } from '../k8s/toleration';
import { compatible, intersects, type Requirements } from './requirements';
import { ownRequirements, type InstanceType } from './instance-types';

/** A DaemonSet's pod as Karpenter reads it (provision.ts daemonPodOf: the pod its controller creates, admitted). */
export interface DaemonPod {
  /** `<namespace>/<name>` of the DaemonSet (client.ObjectKeyFromObject of its pod: podSetKey). */
  key: string;
  /** Its pod's requests (Ceiling), each amount with the format it prints in. */
  requests: ResourceList;
  tolerations: Toleration[];
  /** NewStrictPodRequirements, then each removeRequiredNodeAffinityTerm (while more than one term is left). */
  rounds: Requirements[];
  /** GetHostPorts: its containers' host ports. */
  hostPorts: HostPort[];
}

/** pkg/scheduling/hostportusage.go HostPort: the IP (0.0.0.0 when none is given), port and protocol. */
export interface HostPort { ip: string; port: number; protocol: string }

/** GetHostPorts: each container port with a hostPort (init containers' are not read), hostIP defaulting to 0.0.0.0 (the protocol as the API server stores it: TCP by default). */
export function hostPortsOf(spec: PodSpec): HostPort[] {
  return (spec.containers ?? []).flatMap((c) => (c.ports ?? []).filter((p) => (p.hostPort ?? 0) !== 0)
    .map((p) => ({ ip: p.hostIP || '0.0.0.0', port: p.hostPort!, protocol: p.protocol || 'TCP' })));
}

const unspecified = (ip: string) => ip === '0.0.0.0' || ip === '::';

/** HostPort.Matches: same protocol and port, and the same IP unless either is unspecified. */
const matches = (a: HostPort, b: HostPort) => a.protocol === b.protocol && a.port === b.port && (a.ip === b.ip || unspecified(a.ip) || unspecified(b.ip));

/**
 * HostPortUsage.Conflicts: the first of the pod's host ports a DaemonSet pod of the group uses, in words; the
 * group's instance types are then skipped for the pod (filterInstanceTypesByRequirements: not even counted in the error).
 */
export function hostPortConflict(group: Overhead, pod: readonly HostPort[]): string | undefined {
  for (const p of pod) {
    for (const d of group.hostPorts) {
      if (matches(p, d.port)) return `the pod's host port ${p.port}/${p.protocol} (${p.ip}) is taken by the pod of DaemonSet ${d.daemonSet} (${d.port.ip})`;
    }
  }
  return undefined;
}

/** A resource list whose amounts keep their print format (Quantity.Add: the first non-zero addend's). */
export type ResourceList = Map<string, Quantity>;

/** One DaemonOverheadGroup: the daemons and their summed requests (with `pods`), and the instance types they share. */
export interface Overhead {
  daemonSets: string[];
  requests: ResourceList;
  instanceTypes: string[];
  /** The DaemonSet pods' host ports (HostPortUsage). */
  hostPorts: Array<{ daemonSet: string; port: HostPort }>;
}

/** What a template's groups give the filter: each type's overhead and the groups whose overhead the error tracks. */
export interface PoolOverhead {
  byType: Map<string, Overhead>;
  /** The groups with a non-empty overhead, in the order first met (trackDaemonOverhead: those whose host ports the pod can share). */
  tracked: Overhead[];
  /** The instance types whose group's DaemonSet pods use a host port the pod asks for (forPod), with why. */
  conflicts?: Map<string, string>;
  /**
   * Without instance types: the template's DaemonSets that run on every type whatever it is (no node selector or
   * required affinity: nothing a type's labels could fail), and (forPod) why a host port of theirs rules out every type.
   */
  everywhere?: Overhead;
  everyType?: string;
}

/** The groups as they meet this pod: a group whose host ports conflict with the pod's is skipped (not tracked either). */
export function forPod(o: PoolOverhead, pod: readonly HostPort[]): PoolOverhead {
  if (!pod.length) return o;
  const conflicts = new Map<string, string>();
  for (const g of new Set(o.byType.values())) {
    const why = hostPortConflict(g, pod);
    if (why) for (const t of g.instanceTypes) conflicts.set(t, why);
  }
  const everyType = o.everywhere && hostPortConflict(o.everywhere, pod);
  return { ...o, tracked: o.tracked.filter((g) => !hostPortConflict(g, pod)), conflicts, ...(everyType ? { everyType } : {}) };
}

const PNS: Toleration = { operator: 'Exists', effect: 'PreferNoSchedule' };
const tolerated = (taints: readonly Taint[], tolerations: readonly Toleration[]) =>
  taints.every((taint) => tolerations.some((t) => toleratesTaint(t, taint, true)));

/**
 * Where each DaemonSet pod's required terms start: isDaemonPodCompatible relaxes the pod itself
 * (removeRequiredNodeAffinityTerm sets its terms to terms[1:]), and NewScheduler hands every template and instance type
 * the same pods (getDaemonSetPods, once per scheduling loop), so a term removed while one type is checked stays removed
 * for every type and template checked after it, in order: the templates by weight, each one's types in the provider's
 * order. A DaemonSet whose first term fails on one type can so count on none of the later ones its first term suits.
 */
export type RelaxedTerms = Map<DaemonPod, number>;

/**
 * isDaemonPodCompatible: the template's taints (with a PreferNoSchedule toleration added when the pod has none
 * matching it), then, round by round from where earlier checks left the pod (`relaxed`), the template's requirements
 * Compatible with the pod's and the instance type's Intersecting them (custom keys on the pod the type does not carry
 * are ignored). Without a type: the template alone.
 */
export function daemonCompatible(template: { requirements: Requirements; taints: Taint[]; wellKnown: Set<string> }, d: DaemonPod, it?: InstanceType, relaxed: RelaxedTerms = new Map()): boolean {
  const hasPNS = d.tolerations.some((t) => t.operator === 'Exists' && (t.key ?? '') === '' && (t.effect ?? '') === 'PreferNoSchedule');
  if (!tolerated(template.taints, hasPNS ? d.tolerations : [...d.tolerations, PNS])) return false;
  const own = it && ownRequirements(it);
  for (let i = relaxed.get(d) ?? 0; ; i++) {
    const reqs = d.rounds[i];
    const ok = compatible(template.requirements, reqs, template.wellKnown).ok && (!own || intersects(own, reqs).length === 0);
    if (ok || i === d.rounds.length - 1) {
      relaxed.set(d, i);
      return ok;
    }
  }
}

/** Quantity.Add: the sum, in the format of the first non-zero addend (or the last, when all are zero). */
function add(a: Quantity | undefined, b: Quantity): Quantity {
  if (!a) return b;
  return new Quantity(a.nanos + b.nanos, a.nanos !== 0n ? a.format : b.format, '');
}

/** resources.Merge, in order. */
export function merge(...lists: ResourceList[]): ResourceList {
  const out: ResourceList = new Map();
  for (const l of lists) for (const [k, q] of l) out.set(k, add(out.get(k), q));
  return out;
}

/** RequestsForPods: the pods' requests merged, `pods` their count. */
function requestsForPods(pods: readonly DaemonPod[]): ResourceList {
  const out = merge(...pods.map((p) => p.requests));
  out.set('pods', new Quantity(BigInt(pods.length) * 1_000_000_000n, 'DecimalSI', ''));
  return out;
}

/** buildDaemonOverheadGroups for one template over its instance type options (NewScheduler's pre-filtered list). */
export function poolOverhead(template: { requirements: Requirements; taints: Taint[]; wellKnown: Set<string> }, types: readonly InstanceType[], daemons: readonly DaemonPod[], relaxed: RelaxedTerms = new Map()): PoolOverhead {
  const groups = new Map<string, Overhead>();
  const byType = new Map<string, Overhead>();
  for (const it of types) {
    const compatibleDaemons = daemons.filter((d) => daemonCompatible(template, d, it, relaxed));
    const key = compatibleDaemons.map((d) => d.key).sort().join(',');
    let g = groups.get(key);
    if (!g) {
      g = { ...overheadOf(compatibleDaemons), instanceTypes: [] };
      groups.set(key, g);
    }
    g.instanceTypes.push(it.name);
    byType.set(it.name, g);
  }
  return { byType, tracked: [...groups.values()].filter((g) => g.requests.size > 0) };
}

/**
 * Without instance types: the overhead of the template alone (the daemons it takes, a type's labels aside), and those
 * of them that run on every type (no requirements at all).
 */
export function templateOverhead(template: { requirements: Requirements; taints: Taint[]; wellKnown: Set<string> }, daemons: readonly DaemonPod[], relaxed: RelaxedTerms = new Map()): PoolOverhead {
  const on = daemons.filter((d) => daemonCompatible(template, d, undefined, relaxed));
  const everywhere = on.filter((d) => d.rounds.every((r) => r.size === 0));
  return {
    byType: new Map(), tracked: on.length ? [{ ...overheadOf(on), instanceTypes: [] }] : [],
    ...(everywhere.length ? { everywhere: { ...overheadOf(everywhere), instanceTypes: [] } } : {}),
  };
}

/** A group's daemons, their requests (none: an empty list) and host ports. */
function overheadOf(daemons: readonly DaemonPod[]): Omit<Overhead, 'instanceTypes'> {
  return {
    daemonSets: daemons.map((d) => d.key), requests: daemons.length ? requestsForPods(daemons) : new Map(),
    hostPorts: daemons.flatMap((d) => d.hostPorts.map((port) => ({ daemonSet: d.key, port }))),
  };
}

/** MinResources: the keys every list has, each at its least (the first met on a tie). */
function minResources(lists: readonly ResourceList[]): ResourceList {
  const out: ResourceList = new Map(lists[0]);
  for (const l of lists.slice(1)) {
    for (const [k, q] of out) {
      const other = l.get(k);
      if (other === undefined) out.delete(k);
      else if (other.nanos < q.nanos) out.set(k, other);
    }
  }
  return out;
}

/** MaxResources: every key, each at its greatest (the first met on a tie). */
function maxResources(lists: readonly ResourceList[]): ResourceList {
  const out: ResourceList = new Map();
  for (const l of lists) for (const [k, q] of l) if (!out.has(k) || q.nanos > out.get(k)!.nanos) out.set(k, q);
  return out;
}

/** resources.String: JSON with sorted keys, each amount canonical. */
export function resourcesString(list: ResourceList): string {
  if (!list.size) return '{}';
  return `{${[...list.keys()].sort().map((k) => `${JSON.stringify(k)}:${JSON.stringify(list.get(k)!.canonical())}`).join(',')}}`;
}

/**
 * InstanceTypeFilterError.resourcesString: the pod's requests alone when no group with daemons was tracked; else the
 * least and greatest tracked overhead each merged with them, printed once when equal, else `min=…, max=…`.
 */
export function resourcesText(pod: ResourceList, tracked: readonly Overhead[]): string {
  if (!tracked.length) return resourcesString(pod);
  const lists = tracked.map((g) => g.requests);
  const min = resourcesString(merge(minResources(lists), pod));
  const max = resourcesString(merge(maxResources(lists), pod));
  return min === max ? min : `min=${min}, max=${max}`;
}

/** An overhead in words: `cpu 350m, memory 192Mi, pods 2 (kube-system/fluent-bit, kube-system/kube-proxy)`. */
export function describeOverhead(o: Overhead): string {
  const amounts = [...o.requests.keys()].sort().map((k) => `${k} ${o.requests.get(k)!.canonical()}`).join(', ');
  return `${amounts} (${o.daemonSets.join(', ')})`;
}

