// What keeps two workloads' pods off each other's nodes, by constraint rather than by one simulated placement
// (issue 18 point 6): a placement that happens to separate them (LeastAllocated on an empty cluster) promises
// nothing; these do, because kube-scheduler's filters reject every node that would hold both:
// - required pod anti-affinity of either against the other (interpodaffinity/filtering.go: the incoming pod's own
//   terms, satisfyPodAntiAffinity, and the existing pods' terms, satisfyExistingPodsAntiAffinity, so it works in both
//   creation orders), on every node that carries the term's topologyKey (a node without it is not constrained);
// - the same host port (noderesources NodePorts, HostPortInfo.CheckConflict);
// - node selection: no node passes both pods' node filters (NodeUnschedulable, NodeName, TaintToleration,
//   NodeAffinity), so no node can hold both.
// Topology spread (DoNotSchedule) only bounds the skew: once every eligible domain holds a matching pod the next one
// may join any of them, so it is named as a limit, never as a guarantee.
// Each workload's pods are judged under the profile that schedules them (their schedulerName's, issue 36): the filter
// of the pod scheduled second enforces a term or a host port (InterPodAffinity checks the incoming pod's terms and the
// existing pods' alike; so does NodePorts), so a constraint holds in any creation order only when both pods' profiles
// run that Filter, and node selection is each pod's own profile's node filters (with its addedAffinity).
import type { KubeObject, Node } from '../core/types';
import { toSubject, type Subject } from '../k8s/subject';
import { nodeInfo, nodeUsage, podInfo, type HostPort, type PodInfo } from '../scheduler/framework';
import { hostNetworkNote } from '../scheduler/plugins/nodeports';
import { profile } from '../scheduler/profile';
import { schedulerNameOf, underProfiles, usePodProfile } from '../scheduler/config/select';
import { describeTerm, existingPodTerms, termMatches, type AffinityTerm } from '../scheduler/plugins/interpodaffinity/terms';
import { NAMESPACE_NAME_LABEL } from '../scheduler/snapshot';
import { parseLabelSelector, selectorMatches, LabelSelectorError } from '../k8s/label-selector';
import { podFrom } from '../placement/replicas';

/** kubelet sets it on every node it registers (pkg/kubelet/kubelet_node_status.go initialNode). */
export const HOSTNAME_LABEL = 'kubernetes.io/hostname';

export interface Separation {
  /** Constraints that forbid sharing (on `nodes`, when given). */
  guarantees: string[];
  /** Constraints that limit sharing without forbidding it, and anti-affinity that leaves some nodes open. */
  limits: string[];
  /** Nodes of `nodes` no constraint keeps them apart on (empty without nodes: then only node-independent guarantees count). */
  open: string[];
  /** Some constraint forbids sharing on every node given (without nodes: on any node). */
  guaranteed: boolean;
}

const NO_USAGE = nodeUsage([]);

function namespaceLabelsOf(namespaces: readonly KubeObject[] | undefined): Map<string, Record<string, string>> {
  const map = new Map<string, Record<string, string>>();
  for (const ns of namespaces ?? []) {
    const name = ns.metadata?.name ?? '';
    map.set(name, { ...((ns.metadata as { labels?: Record<string, string> } | undefined)?.labels ?? {}), [NAMESPACE_NAME_LABEL]: name });
  }
  return map;
}

/** The pod the workload's controller creates (its labels, namespace and anti-affinity as merged on create). */
const samplePod = (w: KubeObject) => podFrom(w, `${w.metadata?.name ?? '<unnamed>'}-0`);

/** `from`'s required anti-affinity terms that select `to`'s pods. */
function antiAffinityAgainst(from: KubeObject, to: KubeObject, nsLabels: Map<string, Record<string, string>>): AffinityTerm[] {
  const terms = existingPodTerms(samplePod(from)).requiredAntiAffinity;
  const target = samplePod(to);
  const ns = target.metadata?.namespace ?? 'default';
  const labels = target.metadata?.labels ?? {};
  return terms.filter((t) => termMatches(t, ns, labels, nsLabels.get(ns) ?? { [NAMESPACE_NAME_LABEL]: ns }));
}

/** HostPortInfo.CheckConflict: the same protocol and port, and the same IP or either on 0.0.0.0. */
function portClash(a: readonly HostPort[], b: readonly HostPort[]): [HostPort, HostPort] | undefined {
  for (const p of a) {
    const q = b.find((x) => x.port === p.port && x.protocol === p.protocol && (x.ip === p.ip || x.ip === '0.0.0.0' || p.ip === '0.0.0.0'));
    if (q) return [p, q];
  }
  return undefined;
}

/** Does the node pass the pod's node filters (the profile's, but those that read the pods on the node)? */
function mayRunOn(pod: PodInfo, node: Node): boolean {
  const info = nodeInfo(node);
  const { nodePreFilter, filter } = profile();
  if (nodePreFilter.outside(pod, info)) return false;
  if (pod.nodeNames && !pod.nodeNames.has(info.name)) return false;
  return filter.every((p) => p.readsPods || p.skips?.(pod) || p.filter(pod, info, NO_USAGE) === undefined);
}

/** What the profile that schedules a workload's pods runs, for the constraints it enforces. */
interface PodFacts {
  label: string;
  schedulerName: string;
  pod: PodInfo;
  /** The profile runs InterPodAffinity's Filter (required anti-affinity, the pod's own and the existing pods'). */
  interPodAffinity: boolean;
  /** The profile runs NodePorts' Filter (host ports). */
  nodePorts: boolean;
  /** The names of the nodes given whose node filters (the profile's) the pod passes. */
  allowed?: ReadonlySet<string>;
}

/** The subject's facts under its own profile (within underProfiles). */
function podFacts(s: Subject, nodes: readonly Node[] | undefined): PodFacts {
  const p = usePodProfile(s);
  const pod = podInfo(s);
  return {
    label: s.label, schedulerName: schedulerNameOf(s), pod,
    interPodAffinity: p.clusterFilter.some((x) => x.name === 'InterPodAffinity'),
    nodePorts: p.filter.some((x) => x.name === 'NodePorts'),
    ...(nodes ? { allowed: new Set(nodes.filter((n) => mayRunOn(pod, n)).map((n) => nodeInfo(n).name)) } : {}),
  };
}

/**
 * Why `plugin`'s Filter does not keep the two apart in every creation order: the profiles among the two that do not
 * run it (a pod scheduled by one after the other's pods ignores the constraint); undefined when both run it.
 */
function unenforced(plugin: string, facts: readonly [PodFacts, PodFacts], runs: (f: PodFacts) => boolean): string | undefined {
  const without = facts.map((f, i) => [f, facts[1 - i]] as const).filter(([f]) => !runs(f));
  if (!without.length) return undefined;
  return `not enforced: ${without.map(([f, other]) => `${f.label}'s pods are scheduled by the profile of schedulerName "${f.schedulerName}", ` +
    `which does not run ${plugin}'s Filter, so one created after ${other.label}'s pods may join them on a node`).join('; ')}`;
}

/** DoNotSchedule spread constraints of `from` whose selector counts `to`'s pods: limits, not guarantees. */
function spreadLimits(from: KubeObject, to: KubeObject): string[] {
  const subject = toSubject(from);
  const target = samplePod(to);
  const sameNamespace = (target.metadata?.namespace ?? 'default') === (from.metadata?.namespace || 'default');
  return (subject.spec.topologySpreadConstraints ?? []).flatMap((c, i) => {
    if (c.whenUnsatisfiable !== 'DoNotSchedule' || !sameNamespace) return [];
    try {
      if (!selectorMatches(parseLabelSelector(c.labelSelector), target.metadata?.labels ?? {})) return [];
    } catch (e) {
      if (e instanceof LabelSelectorError) return [];
      throw e;
    }
    return [`${subject.label}'s ${subject.specPath}.topologySpreadConstraints[${i}] (DoNotSchedule, topologyKey ${c.topologyKey}, maxSkew ${c.maxSkew}) counts ` +
      `${toSubject(to).label}'s pods, but only bounds the skew: once every domain holds a matching pod, the next may join any of them`];
  });
}

/** A constraint and the nodes it keeps the two apart on ('all': any node, given or not). */
interface Constraint { text: string; on: ReadonlySet<string> | 'all'; caveat?: string }

function antiAffinityConstraints(a: KubeObject, b: KubeObject, nodes: readonly Node[] | undefined, namespaces: readonly KubeObject[] | undefined, facts: readonly [PodFacts, PodFacts]): Constraint[] {
  const nsLabels = namespaceLabelsOf(namespaces);
  const path = 'affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution';
  const out: Constraint[] = [];
  const notEnforced = unenforced('InterPodAffinity', facts, (f) => f.interPodAffinity);
  for (const [from, to] of [[a, b], [b, a]] as const) {
    const s = toSubject(from);
    for (const t of antiAffinityAgainst(from, to, nsLabels)) {
      const text = `required anti-affinity: ${s.label}'s ${s.specPath}.${path}[${t.index}] ${describeTerm(t)} selects ${toSubject(to).label}'s pods, so no ${t.topologyKey} domain holds pods of both`;
      if (notEnforced) {
        out.push({ text, on: new Set(), caveat: notEnforced });
        continue;
      }
      if (!nodes) {
        out.push(t.topologyKey === HOSTNAME_LABEL ? { text, on: 'all' } : { text, on: new Set(), caveat: `a node without label ${t.topologyKey} is not constrained by it` });
        continue;
      }
      const carrying = nodes.map((n) => nodeInfo(n)).filter((i) => Object.prototype.hasOwnProperty.call(i.labels, t.topologyKey));
      const lacking = nodes.length - carrying.length;
      out.push({ text, on: new Set(carrying.map((i) => i.name)), ...(lacking ? { caveat: `${lacking} node(s) without label ${t.topologyKey} are not constrained by it` } : {}) });
    }
  }
  return out;
}

/** What keeps the pods of `a` and `b` apart, if anything: see the rules at the top of this file. */
export function separation(a: KubeObject, b: KubeObject, nodes?: readonly Node[], namespaces?: readonly KubeObject[]): Separation {
  const [sa, sb] = [toSubject(a), toSubject(b)];
  const facts = underProfiles(() => [podFacts(sa, nodes), podFacts(sb, nodes)] as const);
  const [fa, fb] = facts;
  const names = (nodes ?? []).map((n) => nodeInfo(n).name);
  const constraints = antiAffinityConstraints(a, b, nodes, namespaces, facts);
  const clash = portClash(fa.pod.hostPorts, fb.pod.hostPorts);
  if (clash) {
    const notEnforced = unenforced('NodePorts', facts, (f) => f.nodePorts);
    constraints.push({ on: notEnforced ? new Set() : 'all', ...(notEnforced ? { caveat: notEnforced } : {}),
      text: `host port: ${sa.label}'s ${sa.specPath}.${clash[0].where}${hostNetworkNote(clash[0])} and ${sb.label}'s ${sb.specPath}.${clash[1].where}${hostNetworkNote(clash[1])} ` +
      `both use hostPort ${clash[0].port}/${clash[0].protocol}, and NodePorts never puts two such pods on one node` });
  }
  if (nodes?.length) {
    const apart = nodes.filter((n) => { const name = nodeInfo(n).name; return !(fa.allowed!.has(name) && fb.allowed!.has(name)); }).map((n) => nodeInfo(n).name);
    if (apart.length) {
      const which = apart.length === nodes.length ? 'no node given' : `${apart.length} of ${nodes.length} nodes (${apart.slice(0, 5).join(', ')}${apart.length > 5 ? ', …' : ''}) do not`;
      constraints.push({ on: new Set(apart), text: `node selection: ${which} pass${apart.length === nodes.length ? 'es' : ''} the node filters (NodeUnschedulable, NodeName, TaintToleration, NodeAffinity) of both` });
    }
  }
  const keeps = (c: Constraint, n: string) => c.on === 'all' || c.on.has(n);
  const open = names.filter((n) => !constraints.some((c) => keeps(c, n)));
  const guaranteed = nodes ? nodes.length > 0 && open.length === 0 : constraints.some((c) => c.on === 'all');
  const withCaveat = (c: Constraint) => (c.caveat ? `${c.text} (${c.caveat})` : c.text);
  const used = constraints.filter((c) => c.on === 'all' || c.on.size > 0);
  const limits = [...spreadLimits(a, b), ...spreadLimits(b, a)];
  return guaranteed
    ? { guaranteed, guarantees: used.map(withCaveat), limits, open }
    : { guaranteed, guarantees: [], limits: [...constraints.map(withCaveat), ...limits], open };
}
