// `kubectl drain` in the outage's world (staging/src/k8s.io/kubectl/pkg/cmd/drain/drain.go RunDrain,
// pkg/drain/drain.go evictPods, pkg/drain/filters.go): every node cordoned first, then the nodes drained one after
// the other. On each, DaemonSet-managed pods are left (as with --ignore-daemonsets) and mirror pods skipped; every
// other pod is evicted through the Eviction API (k8s/disruption.ts, which honours PodDisruptionBudgets), all at once;
// a 429 is retried every 5 seconds until the pod can be evicted or the drain's --timeout (default: none) ends it; an
// evicted pod counts once its object is gone (waitForDelete). Taint-based eviction never comes here: it deletes.
import type { Pod } from '../core/types';
import { UNSCHEDULABLE_TAINT } from '../scheduler/framework';
import { deletePod } from '../controllers/pod-lifecycle';
import { formatBudgetStatus, type DisruptionController } from '../controllers/disruption';
import type { EvictionDecision } from '../k8s/disruption';
import type { NodeState, SimPod, World } from '../controllers/world';

/** kubectl cmd/drain/drain.go: EvictErrorRetryDelay 5 * time.Second. */
export const EVICT_ERROR_RETRY_DELAY = 5;
/** corev1.MirrorPodAnnotationKey: a static pod's mirror, which kubectl drain skips. */
export const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

// kubectl's texts (the oracle modules pin k8s.io/kubectl, so scripts/upstream-texts.mjs checks them)
/** @upstream k8s.io/kubectl/pkg/drain/filters.go */
export const daemonSetWarning = 'ignoring DaemonSet-managed Pods';
/** @upstream k8s.io/kubectl/pkg/drain/filters.go */
export const localStorageFatal = 'Pods with local storage (use --delete-emptydir-data to override)';
/** @upstream k8s.io/kubectl/pkg/drain/filters.go */
export const localStorageWarning = 'deleting Pods with local storage';
/** @upstream k8s.io/kubectl/pkg/drain/filters.go */
export const unmanagedFatal = 'Pods that declare no controller (use --force to override)';
/** @upstream k8s.io/kubectl/pkg/drain/filters.go */
export const unmanagedWarning = 'deleting Pods that declare no controller';

/** How a drain is run: `kubectl drain <nodes> --ignore-daemonsets [--force] [--delete-emptydir-data] [--timeout=…s]`. */
export interface DrainOptions {
  /** --timeout in seconds, per node (kubectl's per-node eviction context); default none: a refused eviction is retried for ever. */
  timeout?: number;
  /** --force: pods that declare no controller are evicted too (else the node's drain fails at once). */
  force?: boolean;
  /** --delete-emptydir-data: pods with emptyDir volumes are evicted too (else the node's drain fails at once). */
  deleteEmptyDirData?: boolean;
  /**
   * Seconds from a replacement's binding to its Ready condition, which the disruption controller counts (default 0:
   * the model runs no containers and no readiness probe; the timeline counts a bound pod running at once).
   */
  readyAfter?: number;
}

export interface DrainNodeResult {
  node: string;
  /** When kubectl began evicting the node's pods (nodes are drained one after the other). */
  startedAt?: number;
  /** When the node's last evicted pod was gone (`node/<name> drained`). */
  drainedAt?: number;
  /** kubectl's error for the node (`unable to drain node …`). */
  error?: string;
}

/** An eviction still refused when the simulation ends, with its budget's status then. */
export interface DrainRefusal {
  pod: string;
  node: string;
  /** The API's message (`Cannot evict pod as it would violate the pod's disruption budget.`). */
  message: string;
  /** The DisruptionBudget cause (`The disruption budget web needs 2 healthy pods and has 2 currently`). */
  cause?: string;
  /** `PodDisruptionBudget default/web` */
  budget?: string;
  disruptionsAllowed?: number;
  currentHealthy?: number;
  desiredHealthy?: number;
  expectedPods?: number;
  /** The first refusal of the streak that still stands. */
  since: number;
}

export interface DrainResult {
  nodes: DrainNodeResult[];
  /** Every node drained. */
  completed: boolean;
  completedAt?: number;
  /** kubectl drain exited with an error at this second (a node it could not drain). */
  failedAt?: number;
  /** The evictions refused at the end. */
  refusals: DrainRefusal[];
  /** The second from which nothing in the cluster changes any more while evictions are refused: the drain never completes. */
  stuckAt?: number;
}

const nsName = (p: SimPod) => `${p.namespace}/${p.name}`;

/** Go's time.Duration String for whole and fractional seconds: `5s`, `1m0s`, `1h0m0s`, `1.5s`. */
export function goDuration(seconds: number): string {
  if (seconds === 0) return '0s';
  const h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
  const sec = `${Number.isInteger(s) ? s : Number(s.toFixed(9))}s`;
  return h ? `${h}h${m}m${sec}` : m ? `${m}m${sec}` : sec;
}

/** utilerrors.NewAggregate(...).Error(): one error as is, several in brackets. */
const aggregate = (errs: string[]) => (errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`);

interface NodeRun {
  state: NodeState;
  result: DrainNodeResult;
  /** Pods whose eviction kubectl still tries (refused with a 429), with the last decision and the streak's start. */
  refused: Map<SimPod, { decision: Extract<EvictionDecision, { allowed: false }>; since: number }>;
  /** Evicted pods kubectl waits to be gone. */
  waiting: Set<SimPod>;
  errors: string[];
}

export class Drain {
  readonly result: DrainResult;
  private index = -1;
  private run?: NodeRun;
  /** world.events.length after the last retry round: no event since, and nothing queued, means nothing changes. */
  private mark = -1;

  constructor(private readonly world: World, private readonly nodes: NodeState[], private readonly disruption: DisruptionController, private readonly options: DrainOptions) {
    this.result = { nodes: nodes.map((n) => ({ node: n.name })), completed: false, refusals: [] };
    world.on('podRemoved', (p) => this.removed(p));
  }

  /** RunDrain: RunCordonOrUncordon(true) for every node, then deleteOrEvictPodsSimple node by node. */
  start() {
    for (const n of this.nodes) {
      n.original = { ...n.original, spec: { ...(n.original.spec ?? {}), unschedulable: true } };
      // the node lifecycle controller's doNoScheduleTaintingPass adds the unschedulable taint for spec.unschedulable
      this.world.setTaints(n, [...n.added, UNSCHEDULABLE_TAINT]);
      this.world.emit('kubectl', `Node ${n.name}`, 'Cordoned', `node/${n.name} cordoned`);
    }
    this.next();
  }

  private next(): void {
    this.run = undefined;
    this.index++;
    if (this.index >= this.nodes.length) return this.finish();
    const state = this.nodes[this.index];
    const result = this.result.nodes[this.index];
    result.startedAt = this.world.now;
    const run: NodeRun = { state, result, refused: new Map(), waiting: new Set(), errors: [] };
    this.run = run;
    const pods = this.podsForDeletion(state);
    if (pods === undefined) return; // failNode went on to the next node
    for (const p of pods) this.attempt(run, p, true);
    this.afterAttempts(run);
  }

  /** GetPodsForDeletion: the filters of filters.go in order; an error ends the node's drain before any eviction. */
  private podsForDeletion(n: NodeState): SimPod[] | undefined {
    const errors = new Map<string, string[]>(), warnings = new Map<string, string[]>();
    const add = (m: Map<string, string[]>, key: string, p: SimPod) => m.set(key, [...(m.get(key) ?? []), nsName(p)]);
    const evict: SimPod[] = [];
    for (const p of this.world.podsOn(n.name)) {
      if (p.removedAt !== undefined) continue;
      const controller = controllerOf(p);
      if (controller === 'DaemonSet') {
        add(warnings, daemonSetWarning, p);
        continue;
      }
      if (p.pod.metadata?.annotations?.[MIRROR_POD_ANNOTATION] !== undefined) continue;
      if ((p.pod.spec?.volumes ?? []).some((v) => v.emptyDir)) {
        if (!this.options.deleteEmptyDirData) {
          add(errors, localStorageFatal, p);
          continue;
        }
        add(warnings, localStorageWarning, p);
      }
      if (controller === undefined) {
        if (!this.options.force) {
          add(errors, unmanagedFatal, p);
          continue;
        }
        add(warnings, unmanagedWarning, p);
      }
      evict.push(p);
    }
    if (errors.size) {
      const errs = [...errors].map(([msg, pods]) => `cannot delete ${msg}: ${pods.join(', ')}`);
      this.failNode(aggregate(errs));
      return undefined;
    }
    if (warnings.size) this.world.emit('kubectl', `Node ${n.name}`, 'Warning', `${[...warnings].map(([msg, pods]) => `${msg}: ${pods.join(', ')}`).join('; ')}`);
    return evict;
  }

  /** One eviction request (evictPods' loop body). */
  private attempt(run: NodeRun, p: SimPod, first: boolean) {
    const { world } = this;
    if (p.removedAt !== undefined) {
      run.refused.delete(p); // NotFound: the goroutine returns
      return;
    }
    if (first) world.emit('kubectl', `Pod ${nsName(p)}`, 'Evicting', `evicting pod ${nsName(p)}`, p.owner?.label);
    const budgetBefore = this.disruption.budgets.map((b) => b.pdb.status?.disruptionsAllowed);
    const decision = this.disruption.evict(p);
    if (decision.allowed) {
      run.refused.delete(p);
      run.waiting.add(p);
      const i = this.disruption.budgets.findIndex((b) => b.pdb.metadata?.name === decision.pdb && decision.status && b.pdb.status === decision.status);
      const how = decision.why === 'decremented' && i >= 0 ? ` (${this.disruption.budgets[i].label}: disruptionsAllowed ${budgetBefore[i]} → ${decision.status!.disruptionsAllowed})`
        : decision.why === 'unhealthyPod' ? ` (not Ready: PodDisruptionBudget ${p.namespace}/${decision.pdb} lets an unhealthy pod go)` : '';
      deletePod(world, p, 'kube-apiserver', 'Evicted', `Eviction API: evicting${how}`);
      return;
    }
    if (decision.code === 429) {
      const last = run.refused.get(p);
      if (!last || last.decision.cause !== decision.cause) {
        world.emit('kubectl', `Pod ${nsName(p)}`, 'EvictionRefused', `error when evicting pods/${JSON.stringify(p.name)} -n ${JSON.stringify(p.namespace)} (will retry after ${goDuration(EVICT_ERROR_RETRY_DELAY)}): ${decision.message}${this.causeWords(p, decision)}`, p.owner?.label);
      }
      run.refused.set(p, { decision, since: last?.since ?? world.now });
      return;
    }
    run.refused.delete(p);
    const error = `error when evicting pods/${JSON.stringify(p.name)} -n ${JSON.stringify(p.namespace)}: ${decision.message}`;
    run.errors.push(error);
    world.emit('kubectl', `Pod ${nsName(p)}`, 'EvictionFailed', `${error}${this.causeWords(p, decision)}`, p.owner?.label);
  }

  /** ` — PodDisruptionBudget default/web: <cause>; disruptionsAllowed 0 (…)`: the cause the API attached, and the budget's status. */
  private causeWords(p: SimPod, d: Extract<EvictionDecision, { allowed: false }>): string {
    const b = this.disruption.budgetOf(p, d.pdb);
    if (!b) return '';
    return ` — ${b.label}${d.cause ? `: ${d.cause}` : ''}; ${formatBudgetStatus(b.pdb.status!)}`;
  }

  /** After the attempts of a round: retry in 5s, or the node is done. */
  private afterAttempts(run: NodeRun) {
    if (run.refused.size) {
      this.mark = this.world.events.length;
      this.world.at(this.world.now + EVICT_ERROR_RETRY_DELAY, () => this.retry(run));
    } else this.maybeDone(run);
  }

  private retry(run: NodeRun): void {
    if (this.run !== run) return;
    const { world } = this;
    const { timeout } = this.options;
    if (timeout !== undefined && world.now >= run.result.startedAt! + timeout) {
      // the context's deadline, seen at the top of each goroutine's loop
      for (const p of run.refused.keys()) {
        const error = `error when evicting pods/${JSON.stringify(p.name)} -n ${JSON.stringify(p.namespace)}: global timeout reached: ${goDuration(timeout)}`;
        run.errors.push(error);
        world.emit('kubectl', `Pod ${nsName(p)}`, 'EvictionFailed', error, p.owner?.label);
      }
      this.result.refusals = this.refusals(run);
      run.refused.clear();
      return this.maybeDone(run);
    }
    if (timeout === undefined && world.events.length === this.mark && world.clock.queued === 0) return this.stuck(run);
    for (const p of [...run.refused.keys()]) this.attempt(run, p, false);
    this.afterAttempts(run);
  }

  /** Nothing changed since the last round and nothing is queued: the same refusals for ever. */
  private stuck(run: NodeRun) {
    const { world } = this;
    this.result.stuckAt = world.now;
    this.result.refusals = this.refusals(run);
    const byBudget = new Map<string, DrainRefusal[]>();
    for (const r of this.result.refusals) byBudget.set(r.budget ?? r.message, [...(byBudget.get(r.budget ?? r.message) ?? []), r]);
    const why = [...byBudget].map(([budget, rs]) => `${budget} (${rs[0].disruptionsAllowed !== undefined ? `disruptionsAllowed ${rs[0].disruptionsAllowed}, currentHealthy ${rs[0].currentHealthy}, desiredHealthy ${rs[0].desiredHealthy}, expectedPods ${rs[0].expectedPods}` : rs[0].message}) refuses ${rs.map((r) => r.pod).join(', ')}`);
    const later = this.nodes.slice(this.index + 1).map((n) => n.name);
    world.emit('kubectl', `Node ${run.state.name}`, 'DrainNeverCompletes',
      `kubectl drain never completes: ${why.join('; ')}, and nothing left in the cluster changes that; without --timeout it retries every ${goDuration(EVICT_ERROR_RETRY_DELAY)} for ever` +
      (later.length ? `, and never drains ${later.join(', ')}` : ''));
  }

  private refusals(run: NodeRun): DrainRefusal[] {
    return [...run.refused].map(([p, { decision, since }]) => {
      const b = this.disruption.budgetOf(p, decision.pdb);
      const s = b?.pdb.status;
      return {
        pod: nsName(p), node: run.state.name, message: decision.message, ...(decision.cause ? { cause: decision.cause } : {}), since,
        ...(b && s ? { budget: b.label, disruptionsAllowed: s.disruptionsAllowed, currentHealthy: s.currentHealthy, desiredHealthy: s.desiredHealthy, expectedPods: s.expectedPods } : {}),
      };
    });
  }

  /** waitForDelete: an evicted pod is gone. */
  private removed(p: SimPod) {
    const run = this.run;
    if (!run?.waiting.delete(p)) return;
    this.world.emit('kubectl', `Pod ${nsName(p)}`, 'Evicted', `pod/${p.name} evicted`, p.owner?.label);
    this.maybeDone(run);
  }

  private maybeDone(run: NodeRun): void {
    if (this.run !== run || run.refused.size || run.waiting.size) return;
    if (run.errors.length) return this.failNode(aggregate(run.errors));
    run.result.drainedAt = this.world.now;
    this.world.emit('kubectl', `Node ${run.state.name}`, 'Drained', `node/${run.state.name} drained`);
    this.next();
  }

  private failNode(error: string): void {
    const n = this.nodes[this.index];
    this.result.nodes[this.index].error = error;
    this.world.emit('kubectl', `Node ${n.name}`, 'DrainFailed', `error: unable to drain node ${JSON.stringify(n.name)} due to error: ${error}, continuing command...`);
    this.next();
  }

  private finish() {
    const failed = this.result.nodes.filter((n) => n.error !== undefined).map((n) => n.node);
    if (failed.length) {
      this.result.failedAt = this.world.now;
      this.world.emit('kubectl', 'Cluster', 'DrainFailed', `There are pending nodes to be drained: ${failed.join(', ')}`);
      return;
    }
    this.result.completed = true;
    this.result.completedAt = this.world.now;
  }

  /** At the end of the simulation: the refusals still standing (a drain cut by `until`). */
  close() {
    if (this.run && this.run.refused.size && this.result.stuckAt === undefined) this.result.refusals = this.refusals(this.run);
  }
}

/** metav1.GetControllerOf as kubectl reads it: the pod's workload kind, `Pod` for a bare one; undefined: no controller. */
function controllerOf(p: SimPod): string | undefined {
  if (p.owner) return p.owner.kind === 'Pod' ? undefined : p.owner.kind === 'CronJob' ? 'Job' : p.owner.kind;
  const ref = (p.pod as Pod).metadata?.ownerReferences?.find((r) => r.controller === true);
  // isControllerRefDaemonSet: kind DaemonSet and apiVersion apps/v1
  if (ref?.kind === 'DaemonSet' && ref.apiVersion !== 'apps/v1') return 'other';
  return ref?.kind;
}
