// The disruption controller over the world (pkg/controller/disruption/disruption.go): it keeps each
// PodDisruptionBudget's status (k8s/disruption.ts pdbStatus) as pods are bound, become Ready, are deleted and removed,
// and the Eviction API (k8s/disruption.ts evictionDecision) reads and decrements that status. Its informers react
// within the second; kube-controller-manager's workqueue latency is not modelled.
import type { Pod } from '../core/types';
import {
  evictionDecision, pdbStatus, pdbSelects, scalesFrom, type ControllerScale, type EvictionDecision, type PodDisruptionBudget, type PodDisruptionBudgetStatus,
} from '../k8s/disruption';
import { desiredReplicas } from '../placement/replicas';
import { virtualTime, type SimPod, type World } from './world';

/** A budget as the controller keeps it: the object with the status it last wrote. */
export interface Budget {
  pdb: PodDisruptionBudget;
  /** `PodDisruptionBudget default/web` */
  label: string;
  /** The workload whose pods it selects (the first), for the timeline of that workload. */
  workload?: string;
}

/** Owner kinds the disruption controller finds a scale for (its finders), and those without a scale subresource. */
const SCALED = ['Deployment', 'ReplicaSet', 'ReplicationController', 'StatefulSet'];
const NO_SCALE: Record<string, string> = { DaemonSet: 'daemonsets.apps', Job: 'jobs.batch', CronJob: 'jobs.batch' };

export const budgetLabel = (pdb: PodDisruptionBudget) => `PodDisruptionBudget ${pdb.metadata?.namespace || 'default'}/${pdb.metadata?.name ?? ''}`;

/** `disruptionsAllowed 0 (currentHealthy 2, desiredHealthy 2, expectedPods 3)` */
export const formatBudgetStatus = (s: PodDisruptionBudgetStatus) =>
  `disruptionsAllowed ${s.disruptionsAllowed} (currentHealthy ${s.currentHealthy}, desiredHealthy ${s.desiredHealthy}, expectedPods ${s.expectedPods})`;

export class DisruptionController {
  readonly budgets: Budget[];

  /**
   * `pdbs`: the cluster's budgets; `readyAfter`: seconds from a pod's binding to its Ready condition (the model has
   * no container start-up or readiness probe: 0, the default, makes a bound pod Ready at once, as the timeline counts
   * it running).
   */
  constructor(private readonly world: World, pdbs: readonly PodDisruptionBudget[], private readonly readyAfter = 0) {
    this.budgets = pdbs.map((pdb) => ({ pdb, label: budgetLabel(pdb) }));
    if (!this.budgets.length) return;
    world.on('podBound', () => {
      this.sync();
      if (readyAfter > 0) world.at(world.now + readyAfter, () => this.sync());
    });
    world.on('podDeleted', () => this.sync());
    world.on('podRemoved', () => this.sync());
  }

  /** Pods bound before the run (the placement's and the existing ones): Ready from the start. */
  private readonly before = new Set<SimPod>();

  /** Second 0: the pods already running, each budget's workload, then its first status. */
  start() {
    for (const p of this.world.pods) if (p.node !== undefined) this.before.add(p);
    const byPod = this.apiPods();
    for (const b of this.budgets) {
      for (const [pod, p] of byPod) {
        if (p.owner && pdbSelects(b.pdb, pod)) {
          b.workload = p.owner.label;
          break;
        }
      }
    }
    this.sync();
  }

  /** The pod as the API server holds it now: its labels and owner, the deletionTimestamp, the phase and Ready. */
  apiPod(p: SimPod): Pod {
    const { world } = this;
    const bound = p.node !== undefined;
    const own = p.pod.status;
    const ready = bound && world.runningAndReady(p) && (this.before.has(p) || world.now >= (p.boundAt ?? 0) + this.readyAfter) && (p.owner || !own || readyIn(p.pod));
    return {
      ...p.pod,
      metadata: { ...p.pod.metadata, name: p.name, namespace: p.namespace, ...(p.deletedAt !== undefined ? { deletionTimestamp: virtualTime(p.deletedAt) } : {}) },
      status: { ...(own ?? {}), phase: bound ? 'Running' : 'Pending', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
    };
  }

  /** The pods the API server holds (not yet removed), as Pods, with the SimPod each stands for. */
  private apiPods(): Map<Pod, SimPod> {
    const out = new Map<Pod, SimPod>();
    for (const p of this.world.pods) if (p.removedAt === undefined) out.set(this.apiPod(p), p);
    return out;
  }

  /** The scale of a pod's controller: its workload's replicas, or by its ownerReferences among the workloads given. */
  private scaleOf(byPod: Map<Pod, SimPod>): (pod: Pod) => ControllerScale {
    const objects = this.world.workloads.map((w) => w.object);
    return (pod) => {
      const owner = byPod.get(pod)?.owner;
      if (!owner) return scalesFrom(objects)(pod);
      if (owner.kind === 'Pod') return undefined;
      if (NO_SCALE[owner.kind]) return { error: `${NO_SCALE[owner.kind]} does not implement the scale subresource` };
      return SCALED.includes(owner.kind) ? { controller: owner.label, scale: desiredReplicas(owner.object) } : { error: `found no controllers for pod ${JSON.stringify(pod.metadata?.name ?? '')}` };
    };
  }

  /** trySync of every budget; a changed status is written (and shown in the timeline). */
  sync() {
    if (!this.budgets.length) return;
    const byPod = this.apiPods();
    const pods = [...byPod.keys()];
    const scaleOf = this.scaleOf(byPod);
    for (const b of this.budgets) {
      const result = pdbStatus(b.pdb, pods, scaleOf, this.world.now);
      const before = b.pdb.status;
      b.pdb = { ...b.pdb, status: result.status };
      if (result.recheckAt !== undefined) this.recheck(result.recheckAt);
      if (before && formatBudgetStatus(before) === formatBudgetStatus(result.status)) continue;
      const why = result.error ? `; the sync failed: ${result.error}` : result.unmanagedPods.length ? `; pods without a controller: ${result.unmanagedPods.join(', ')}` : '';
      this.world.emit('disruption-controller', b.label, 'StatusUpdated', `${formatBudgetStatus(result.status)}${why}`, b.workload);
    }
  }

  /** The seconds a recheck is queued for (enqueuePdbForRecheck keeps one per budget at the earliest time). */
  private readonly rechecks = new Set<number>();

  /** enqueuePdbForRecheck: a sync when an approved eviction's DeletionTimeout ends (a whole second after it, at the least). */
  private recheck(at: number) {
    const t = Math.max(Math.ceil(at), this.world.now + 1);
    if (this.rechecks.has(t)) return;
    this.rechecks.add(t);
    this.world.at(t, () => {
      this.rechecks.delete(t);
      this.sync();
    });
  }

  /** The Eviction API for one pod; a decrement is written to its budget's status at once. */
  evict(p: SimPod): EvictionDecision {
    const decision = evictionDecision(this.apiPod(p), this.budgets.map((b) => b.pdb), this.world.now);
    if (decision.allowed && decision.status) {
      const b = this.budgets.find((x) => x.pdb.metadata?.name === decision.pdb && pdbSelects(x.pdb, this.apiPod(p)))!;
      b.pdb = { ...b.pdb, status: decision.status };
    }
    return decision;
  }

  /** The budget of that name selecting the pod (for the words of a decision). */
  budgetOf(p: SimPod, name: string | undefined): Budget | undefined {
    const pod = this.apiPod(p);
    return this.budgets.find((b) => b.pdb.metadata?.name === name && pdbSelects(b.pdb, pod));
  }
}

/** A pod's own Ready condition: a pod read from a cluster keeps it (k8s/disruption.ts isPodReady). */
function readyIn(pod: Pod): boolean {
  return (pod.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}
