// The outage as its callers read it: each workload's state at any second, its history and fewest running replicas,
// why replicas are missing, the timeline as text, a DaemonSet's coverage — all read off the world after the run.
import type { KubeObject, Node } from '../core/types';
import { describeObject, toSubject } from '../k8s/subject';
import { nodeInfo } from '../scheduler/framework';
import { daemonShouldRun } from '../placement/replicas';
import { zoneKey, type NodeLifecycleController } from '../controllers/node-lifecycle';
import { backoffLimitOf, replacesTerminatingPods } from '../controllers/job-spec';
import { OUT_OF_SERVICE_TAINT } from '../controllers/podgc';
import type { OutageEvent, SimPod, SimWorkload, World } from '../controllers/world';
import type { DisruptionController } from '../controllers/disruption';
import type { DrainResult } from './drain';
import { ErrReasonNodeConflict } from '../scheduler/plugins/volumebinding/reasons';
import { OutageError } from './errors';
import type { DaemonCoverage, Outage, WorkloadState } from './types';

const nodeName = (n: Node) => n.metadata?.name ?? '';

export interface RunResult {
  world: World;
  nodeLifecycle: NodeLifecycleController;
  failed: ReadonlySet<string>;
  condition: string;
  gracePeriod: number;
  end: number;
  truncated: boolean;
  drain?: DrainResult;
  disruption?: DisruptionController;
}

/** The Outage over a finished run. */
export function outageOf(run: RunResult): Outage {
  const { world, nodeLifecycle, end } = run;
  const q = new Queries(world, nodeLifecycle, end);
  return {
    failedNodes: [...run.failed],
    condition: run.condition,
    gracePeriod: run.gracePeriod,
    get zones() {
      return nodeLifecycle.zones;
    },
    get allZonesFullyDisrupted() {
      return nodeLifecycle.allZonesFullyDisrupted;
    },
    events: world.events,
    timeline: world.events,
    end,
    truncated: run.truncated,
    pods: world.pods.map(({ pod: _pod, bound: _bound, owner: _owner, eviction: _eviction, daemonNode: _daemonNode, index: _index, ...record }) => record),
    workloads: world.workloads.map((w) => w.label),
    stateAt: (t = end) => world.workloads.map((w) => q.stateOf(w.object, t)),
    stateOf: (w, t = end) => q.stateOf(w, t),
    eventsOf: (w) => q.eventsOf(w),
    history: (w, to = Infinity) => q.history(w, to),
    minRunning: (w, to = end) => q.minRunning(w, to),
    why: (w, t = end) => q.why(w, t),
    format: (w) => formatEvents(w === undefined ? world.events : q.eventsOf(w)),
    daemonCoverage: (w, t = end) => q.daemonCoverage(w, t),
    volumesNotModelled: (w) => [...(q.find(w).volumeNotes ?? [])],
    ...(run.drain ? { drain: run.drain } : {}),
    budgets: (run.disruption?.budgets ?? []).map((b) => ({ budget: b.label, status: b.pdb.status!, object: b.pdb })),
  };
}

class Queries {
  constructor(private readonly world: World, private readonly nodeLifecycle: NodeLifecycleController, private readonly end: number) {}

  find(w: KubeObject | string): SimWorkload {
    const { workloads } = this.world;
    const hit = workloads.find((x) => x.object === w || x.label === w || (typeof w === 'object' && x.label === toSubject(w).label));
    if (!hit) throw new OutageError(`${typeof w === 'string' ? w : describeObject(w)} is not among the cluster's workloads (${workloads.map((x) => x.label).join(', ')})`);
    return hit;
  }

  isRunning(p: SimPod, t: number) {
    return p.boundAt !== undefined && p.boundAt <= t && (p.deletedAt === undefined || t < p.deletedAt) && !this.world.nodeDown(p.node);
  }

  stateOf(w: KubeObject | string, t: number): WorkloadState {
    const sw = this.find(w);
    const mine = this.world.pods.filter((p) => p.owner === sw && p.createdAt <= t && (p.removedAt === undefined || t < p.removedAt));
    const desired = [...sw.desired].reverse().find((d) => d.at <= t)?.value ?? 0;
    return {
      workload: sw.label,
      kind: sw.kind,
      desired,
      running: mine.filter((p) => this.isRunning(p, t)).length,
      pending: mine.filter((p) => (p.boundAt === undefined || t < p.boundAt) && (p.deletedAt === undefined || t < p.deletedAt)).length,
      terminating: mine.filter((p) => p.deletedAt !== undefined && p.deletedAt <= t).length,
    };
  }

  /** The events about the workload's pods, and about the nodes and zones they ran on. */
  eventsOf(w: KubeObject | string): OutageEvent[] {
    const sw = this.find(w);
    const nodesUsed = new Set(this.world.pods.filter((p) => p.owner === sw && p.node).map((p) => `Node ${p.node}`));
    const zonesUsed = new Set([...nodesUsed].map((n) => `Zone ${this.nodeLifecycle.zoneOf(this.world.state.get(n.slice(5))!.original)?.name}`));
    return this.world.events.filter((e) => e.workload === sw.label || nodesUsed.has(e.object) || zonesUsed.has(e.object) || e.object === 'Cluster');
  }

  why(w: KubeObject | string, t: number): string[] {
    const sw = this.find(w);
    const out: string[] = [];
    for (const p of this.world.pods) {
      if (p.owner !== sw || p.createdAt > t || (p.removedAt !== undefined && p.removedAt <= t) || this.isRunning(p, t)) continue;
      const line = this.whyPod(sw, p, t);
      if (line !== undefined) out.push(line);
    }
    if (sw.waiting) out.push(`${sw.waiting}, so higher ordinals are not created`);
    for (const wait of sw.backoff?.waits ?? []) if (wait.from <= t && t < wait.until) out.push(wait.text);
    if (sw.failedAt !== undefined && sw.failedAt <= t) {
      out.unshift(`Job ${sw.object.metadata?.namespace ?? 'default'}/${sw.object.metadata?.name} failed at ${sw.failedAt}s: BackoffLimitExceeded ("Job has reached the specified backoff limit"): ` +
        `${sw.backoff!.failures} pods counted failed > backoffLimit ${backoffLimitOf(sw.object)}. A pod deleted on a failed node counts as failed (job_controller.go isPodFailed), ` +
        'and a failed Job deletes its active pods and creates no more');
    }
    return out;
  }

  /**
   * After a FitError with VolumeBinding's node-affinity reason: the pod's claims bound during the run, each with the
   * volume, the node it was bound for and where the volume reaches (outage/volumes.ts); empty otherwise.
   */
  private pinnedBy(p: SimPod): string {
    if (!p.fitError?.includes(ErrReasonNodeConflict)) return '';
    const parts: string[] = [];
    for (const v of p.pod.spec?.volumes ?? []) {
      const key = `${p.namespace}/${v.persistentVolumeClaim?.claimName}`;
      const b = v.persistentVolumeClaim ? this.world.claimsBound.get(key) : undefined;
      if (b) parts.push(`PersistentVolumeClaim ${key} is bound to PersistentVolume ${b.volume}, ${b.provisioned ? 'provisioned' : 'bound'} for ${b.node} at ${b.at}s${b.reach ? ` (${b.reach})` : ''}`);
    }
    return parts.length ? ` ${parts.join('; ')}: a bound volume does not move with its pod` : '';
  }

  /** Why one of the workload's pods, existing at `t`, is not running then (undefined: no line for it). */
  private whyPod(sw: SimWorkload, p: SimPod, t: number): string | undefined {
    if (p.boundAt === undefined || p.boundAt > t) {
      return p.deletedAt === undefined || p.deletedAt > t ? `${p.name} is Pending: ${p.fitError ?? 'not scheduled yet'}${this.pinnedBy(p)}` : undefined;
    }
    const n = this.world.state.get(p.node!)!;
    if (p.deletedAt !== undefined && p.deletedAt <= t) {
      if (sw.kind === 'StatefulSet') {
        return `${p.name} is Terminating on ${n.name}, which cannot confirm the deletion; the StatefulSet controller creates no replacement while the old pod exists ` +
          `("StatefulSet ${p.namespace}/${sw.object.metadata?.name} is waiting for Pod ${p.name} to Terminate", stateful_set_control.go). ` +
          `It goes when the node is tainted ${OUT_OF_SERVICE_TAINT}=nodeshutdown:NoExecute (PodGC force-deletes it), the Node object is deleted, or the pod is force-deleted`;
      }
      if (sw.kind === 'Pod') return `${p.name} was deleted; a bare Pod is never recreated`;
      if (!replacesTerminatingPods(sw.object)) return `${p.name} is Terminating on ${n.name}; with podReplacementPolicy Failed the Job controller waits for it to be Failed before replacing it`;
      return undefined;
    }
    if (!this.world.nodeDown(p.node)) return undefined;
    const noExecute = nodeInfo(n.view).taints.some((x) => x.effect === 'NoExecute');
    const zone = this.nodeLifecycle.zoneOf(n.original);
    if (sw.kind === 'DaemonSet') {
      // a node it should no longer run on leaves desiredNumberScheduled; one it still should run on stays counted
      return daemonShouldRun(sw.object, n.view).run
        ? `${p.name} is on ${n.name}, which is down; the DaemonSet controller never moves a pod to another node, and ${n.name} still counts in desiredNumberScheduled because the DaemonSet tolerates all its taints (NodeShouldRunDaemonPod)`
        : undefined;
    }
    if (p.deletedAt !== undefined) return `${p.name} is on ${n.name}, which is down; the taint-eviction controller deletes it at ${p.deletedAt}s`;
    if (p.eviction) return `${p.name} is on ${n.name}, which is down; the taint-eviction controller deletes it at ${p.eviction.fireAt}s`;
    if (!noExecute && this.nodeLifecycle.allZonesFullyDisrupted) return `${p.name} is on ${n.name}, which is down, and is never evicted: every zone is FullDisruption, so the node lifecycle controller adds no NoExecute taint`;
    if (!noExecute && zone?.rate === 0) return `${p.name} is on ${n.name}, which is down, and is never evicted: zone ${zone.name} is PartialDisruption (${zone.notReady} of ${zone.size} nodes not Ready, a zone of at most 50 nodes), so the node lifecycle controller adds no NoExecute taint`;
    if (!noExecute) return `${p.name} is on ${n.name}, which is down; its NoExecute taint has not come yet (zone tainting queue)`;
    return `${p.name} is on ${n.name}, which is down, and is never evicted: it tolerates the node's NoExecute taints without tolerationSeconds`;
  }

  /**
   * The state only changes when something happens: the history is stateOf at second 0 and at each event's second,
   * counted in one sweep — each of running, pending and terminating is a set of [from, to) intervals per pod.
   */
  history(w: KubeObject | string, to: number): Array<{ at: number; state: WorkloadState }> {
    const sw = this.find(w);
    const seen = new Set<number>([0]);
    for (const e of this.world.events) if (e.at <= to) seen.add(e.at);
    const times = [...seen].sort((a, b) => a - b);
    const counts = { running: new Intervals(), pending: new Intervals(), terminating: new Intervals() };
    for (const p of this.world.pods) {
      if (p.owner !== sw) continue;
      const gone = p.removedAt ?? Infinity;
      const deleted = p.deletedAt ?? Infinity;
      const bound = p.boundAt ?? Infinity;
      // isRunning: bound, not deleted, not on a node that is down (down from second 0 on)
      if (!this.world.nodeDown(p.node)) counts.running.add(Math.max(p.createdAt, bound), Math.min(deleted, gone));
      counts.pending.add(p.createdAt, Math.min(bound, deleted, gone));
      counts.terminating.add(Math.max(p.createdAt, deleted), gone);
    }
    const sweeps = { running: counts.running.sweep(), pending: counts.pending.sweep(), terminating: counts.terminating.sweep() };
    let d = 0;
    return times.map((t) => {
      while (d < sw.desired.length && sw.desired[d].at <= t) d++;
      return {
        at: t,
        state: {
          workload: sw.label, kind: sw.kind, desired: d ? sw.desired[d - 1].value : 0,
          running: sweeps.running(t), pending: sweeps.pending(t), terminating: sweeps.terminating(t),
        },
      };
    });
  }

  minRunning(w: KubeObject | string, to: number) {
    let best = { running: Infinity, at: 0 };
    for (const { at: t, state: s } of this.history(w, to)) if (s.running < best.running) best = { running: s.running, at: t };
    return best;
  }

  /** Up nodes change only by taints added at second 0 (a taint condition), so their final views hold for every t. */
  daemonCoverage(w: KubeObject | string, t: number): DaemonCoverage {
    const sw = this.find(w);
    if (sw.kind !== 'DaemonSet') throw new OutageError(`${sw.label} is not a DaemonSet`);
    const shouldRun = this.world.nodes.map(nodeName).filter((n) => !this.world.nodeDown(n) && daemonShouldRun(sw.object, this.world.state.get(n)!.view).run);
    const running = new Set(this.world.pods.filter((p) => p.owner === sw && this.isRunning(p, t)).map((p) => p.node));
    return { shouldRun, missing: shouldRun.filter((n) => !running.has(n)) };
  }
}

/**
 * How many of a set of [from, to) intervals hold at second t, for t asked in increasing order. Empty intervals
 * (to ≤ from) are left out.
 */
class Intervals {
  private from: number[] = [];
  private to: number[] = [];
  add(from: number, to: number) {
    if (to <= from) return;
    this.from.push(from);
    this.to.push(to);
  }
  sweep(): (t: number) => number {
    const from = this.from.sort((a, b) => a - b), to = this.to.sort((a, b) => a - b);
    let i = 0, j = 0;
    return (t) => {
      while (i < from.length && from[i] <= t) i++;
      while (j < to.length && to[j] <= t) j++;
      return i - j;
    };
  }
}

/** `  350s  Pod default/web-0  taint-eviction-controller  TaintManagerEviction: …` */
export function formatEvents(events: readonly OutageEvent[]): string {
  if (!events.length) return '  (nothing happens)';
  // loops, not Math.max(...spread): a spread of 100k+ events overflows the stack
  let w = 0, o = 0, c = 0;
  for (const e of events) {
    w = Math.max(w, `${e.at}s`.length);
    o = Math.max(o, e.object.length);
    c = Math.max(c, e.component.length);
  }
  return events.map((e) => `  ${`${e.at}s`.padStart(w)}  ${e.object.padEnd(o)}  ${e.component.padEnd(c)}  ${e.reason}: ${e.message}`).join('\n');
}
