// The outage questions: a failure played out by the controllers over a virtual clock (outage/, controllers/), and
// what it means for one workload: does every replica run again (toSurvive), and how few run at worst
// (toKeepAtLeast). The answers are plain data: the simulation's methods are read here, once.
import type { KubeObject } from '../core/types';
import { toSubject, type Subject } from '../k8s/subject';
import { outageNotModelled, type NotModelled } from './not-modelled';
import type { PodDisruptionBudgetStatus } from '../k8s/disruption';
import {
  failureTitle, outcomeOf, simulateOutage, type Cluster, type DrainNodeResult, type DrainOptions, type DrainRefusal, type DrainResult, type Failure, type Outage,
  type OutageEvent, type OutageOutcome, type OutageOptions, type WorkloadState, type ZoneView,
} from '../outage';

/** The failure as the messages name it. */
export interface FailureFacts {
  failedNodes: string[];
  condition: string;
  gracePeriod: number;
  /** `zone eu-west-1a down` */
  title: string;
}

/** The whole cluster's timeline. */
export interface OutageAnswer {
  failure: FailureFacts;
  zones: ZoneView[];
  allZonesFullyDisrupted: boolean;
  events: OutageEvent[];
  end: number;
  truncated: boolean;
  /** Every workload's state at the end. */
  states: WorkloadState[];
  /**
   * Each workload of the cluster (in the order given) at the end, in a few words; null for a PodTemplate, which runs
   * no pods. `notModelled`: what the outcome rests on that is not modelled (engine/not-modelled.ts outageNotModelled).
   */
  outcomes: Array<(OutageOutcome & { notModelled?: NotModelled[] }) | null>;
  /** Condition `drain`: whether and when kubectl drain completed, each node's drain, the evictions refused at the end. */
  drain?: DrainResult;
  /** Each PodDisruptionBudget's status at the end (`cluster.podDisruptionBudgets`). */
  budgets?: Array<{ budget: string; status: PodDisruptionBudgetStatus }>;
}

/** `{ notModelled }` when the workload's outage answer in `o` rests on what is not modelled, else nothing. */
function withNotModelled(subject: Subject, cluster: Cluster, o: Outage): { notModelled?: NotModelled[] } {
  const items = outageNotModelled(subject, cluster.storage, o.volumesNotModelled(subject.object));
  return items.length ? { notModelled: items } : {};
}

const facts = (o: Outage, failure: Failure): FailureFacts => ({ failedNodes: o.failedNodes, condition: o.condition, gracePeriod: o.gracePeriod, title: failureTitle(failure) });

export function outage(cluster: Cluster, failure: Failure, options: OutageOptions = {}): OutageAnswer {
  const o = simulateOutage(cluster, failure, options);
  const outcomes = (cluster.workloads ?? []).map((w) => (w.kind === 'PodTemplate' ? null : { ...outcomeOf(o, w), ...withNotModelled(toSubject(w), cluster, o) }));
  return {
    failure: facts(o, failure), zones: o.zones, allZonesFullyDisrupted: o.allZonesFullyDisrupted, events: o.events, end: o.end, truncated: o.truncated,
    states: o.stateAt(), outcomes,
    ...(o.drain ? { drain: o.drain } : {}),
    ...(o.budgets.length ? { budgets: o.budgets.map((b) => ({ budget: b.budget, status: b.status })) } : {}),
  };
}

/** The outage with the subject among the cluster's workloads. */
function simulateWith(subject: Subject, cluster: Cluster, failure: Failure): Outage {
  const workloads = [...(cluster.workloads ?? [])];
  if (!workloads.includes(subject.object)) workloads.push(subject.object);
  return simulateOutage({ ...cluster, workloads }, failure);
}

/** toSurvive: the workload at second `t` (the end, or `within`), when every replica runs again, and why not. */
export interface SurvivalAnswer {
  workload: string;
  kind: string;
  failure: FailureFacts;
  /** The second judged. */
  at: number;
  end: number;
  truncated: boolean;
  outcome: OutageOutcome;
  state: WorkloadState;
  /** The first event second from which every later one has every replica running. */
  recovered?: number;
  /** Why replicas are not running at `at`, one line per cause. */
  why: string[];
  /** The workload's timeline as text. */
  timeline: string;
  /** A DaemonSet: the surviving nodes it should run on, those without its pod, and the down nodes (not counted). */
  daemon?: { shouldRun: string[]; missing: string[]; down: string[] };
  /** The modelled filters' verdict; with `notModelled` it is not one (unknownOutage). */
  pass: boolean;
  notModelled?: NotModelled[];
}

export function survive(subject: Subject, failure: Failure, cluster: Cluster, within?: number): SurvivalAnswer {
  const o = simulateWith(subject, cluster, failure);
  const workload: KubeObject = subject.object;
  const at = within === undefined ? o.end : within;
  const base = {
    workload: subject.label, kind: subject.kind, failure: facts(o, failure), at, end: o.end, truncated: o.truncated, outcome: outcomeOf(o, workload, at),
    state: o.stateOf(workload, at), timeline: o.format(workload), ...withNotModelled(subject, cluster, o),
  };
  if (subject.kind === 'DaemonSet') {
    // Pods on the failed nodes do not count either way: the controller never moves a pod (daemon_controller.go
    // NodeShouldRunDaemonPod), and whether a down node stays in desiredNumberScheduled depends on its tolerations.
    const { shouldRun, missing } = o.daemonCoverage(workload, at);
    const why = o.why(workload, at).filter((line) => missing.some((n) => line.includes(` on ${n}`) || line.includes(`-${n} `)));
    const down = o.condition === 'unreachable' || o.condition === 'notReady' ? o.failedNodes : [];
    return { ...base, why, daemon: { shouldRun, missing, down }, pass: missing.length === 0 };
  }
  // one pass from the end: the first event second from which every later one has every replica running
  const eventTimes = new Set(o.events.map((e) => e.at));
  const steps = o.history(workload).filter((h) => eventTimes.has(h.at));
  let recovered: number | undefined;
  for (let i = steps.length - 1; i >= 0; i--) {
    const st = steps[i].state;
    if (st.running < st.desired || st.pending !== 0) break;
    recovered = steps[i].at;
  }
  const pass = base.state.running >= base.state.desired && base.state.pending === 0;
  return { ...base, why: o.why(workload, at), ...(recovered !== undefined ? { recovered } : {}), pass };
}

/** toKeepAtLeast: the fewest replicas running at any instant, when, and why. */
export interface FewestRunningAnswer {
  workload: string;
  failure: FailureFacts;
  running: number;
  at: number;
  /** The workload's state at that second. */
  state: WorkloadState;
  why: string[];
  timeline: string;
  notModelled?: NotModelled[];
}

export function fewestRunning(subject: Subject, failure: Failure, cluster: Cluster): FewestRunningAnswer {
  const o = simulateWith(subject, cluster, failure);
  const low = o.minRunning(subject.object);
  return {
    workload: subject.label, failure: facts(o, failure), running: low.running, at: low.at,
    state: o.stateOf(subject.object, low.at), why: o.why(subject.object, low.at), timeline: o.format(subject.object), ...withNotModelled(subject, cluster, o),
  };
}

/** toDrain: `kubectl drain` of the nodes (condition 'drain'), whether and when it completes, and why not. */
export interface DrainAnswer {
  /** The nodes drained, in kubectl's order. */
  nodes: string[];
  failure: FailureFacts;
  /** The second judged: `within`, else the end of the run. */
  at: number;
  within?: number;
  /** Every node drained (by `within`, when given). */
  pass: boolean;
  /** Every node drained, at this second. */
  completedAt?: number;
  /** The refusals stand and nothing left in the cluster changes them, from this second: the drain never completes. */
  stuckAt?: number;
  /** kubectl drain exited with an error then (a filter, a refusal other than 429, --timeout). */
  failedAt?: number;
  /** Each node's drain. */
  nodeResults: DrainNodeResult[];
  /** The evictions still refused at the end, with their budgets' status. */
  refusals: DrainRefusal[];
  /** Why the drain did not complete (empty when it did), one line per cause. */
  why: string[];
  /** Each budget's status at the end: `PodDisruptionBudget default/web: disruptionsAllowed 0 (…)`. */
  budgets: string[];
  timeline: string;
  end: number;
  truncated: boolean;
}

/** The drain's `why`: kubectl's node errors, then the refusals grouped by budget (or by the API's message). */
function drainWhy(result: DrainResult, at: number): string[] {
  const out = result.nodes.filter((n) => n.error !== undefined).map((n) => `${n.node}: kubectl drain failed: ${n.error}`);
  const groups = new Map<string, DrainRefusal[]>();
  for (const r of result.refusals) groups.set(r.budget ?? r.message, [...(groups.get(r.budget ?? r.message) ?? []), r]);
  for (const [key, rs] of groups) {
    const r = rs[0];
    const who = rs.map((x) => `${x.pod} (on ${x.node}, refused since ${x.since}s)`).join(', ');
    out.push(r.budget
      ? `${r.budget} allows ${r.disruptionsAllowed} disruptions (currentHealthy ${r.currentHealthy}, desiredHealthy ${r.desiredHealthy}, expectedPods ${r.expectedPods}): the Eviction API refuses ${who}: ${r.message}${r.cause ? ` (${r.cause})` : ''}`
      : `the Eviction API refuses ${who}: ${key}`);
  }
  if (result.stuckAt !== undefined) out.push(`from ${result.stuckAt}s nothing left in the cluster changes that: kubectl drain, without --timeout, retries every 5s for ever and never completes`);
  const later = result.nodes.filter((n) => n.startedAt === undefined).map((n) => n.node);
  if (later.length && !result.completed) out.push(`kubectl never starts draining ${later.join(', ')} (it drains one node after the other)`);
  if (!out.length && !result.completed) out.push(`still draining at ${at}s`);
  return out;
}

export function drainCompletes(nodes: Failure['nodes'], cluster: Cluster, options: DrainOptions & { within?: number } = {}): DrainAnswer {
  const { within, ...drainOptions } = options;
  const failure: Failure = { nodes, condition: 'drain', ...(Object.keys(drainOptions).length ? { drain: drainOptions } : {}) };
  const o = simulateOutage(cluster, failure, within === undefined ? {} : { until: within });
  const result = o.drain!;
  const at = within ?? o.end;
  const pass = result.completed && result.completedAt! <= at;
  return {
    nodes: result.nodes.map((n) => n.node), failure: facts(o, failure), at, ...(within !== undefined ? { within } : {}), pass,
    ...(result.completedAt !== undefined ? { completedAt: result.completedAt } : {}),
    ...(result.stuckAt !== undefined ? { stuckAt: result.stuckAt } : {}),
    ...(result.failedAt !== undefined ? { failedAt: result.failedAt } : {}),
    nodeResults: result.nodes, refusals: result.refusals, why: pass ? [] : drainWhy(result, at),
    budgets: o.budgets.map((b) => `${b.budget}: disruptionsAllowed ${b.status.disruptionsAllowed} (currentHealthy ${b.status.currentHealthy}, desiredHealthy ${b.status.desiredHealthy}, expectedPods ${b.status.expectedPods})`),
    timeline: o.format(), end: o.end, truncated: o.truncated,
  };
}
