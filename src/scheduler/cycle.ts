// The cluster-aware part of a scheduling cycle (pkg/scheduler/framework/interface.go PreFilterPlugin/FilterPlugin,
// runtime/framework.go RunPreFilterPlugins): each plugin's PreFilter runs once per pod over the snapshot and
// returns Skip, a rejection of the whole pod, or its own state; its Filter then runs per node with that state.
import type { KubeObject, Pod } from '../core/types';
import type { PodInfo, Status } from './framework';
import type { NodeSnapshot, Snapshot } from './snapshot';

/** A PreFilter that fails with an Error status: the attempt aborts (PodScheduled=False, reason SchedulerError), no verdict. */
export class SchedulerError extends Error {}

/**
 * A plugin that panics in kube-scheduler: the parallelizer re-panics (HandleCrash), the process exits and restarts,
 * and the pod, tried again, takes it down again; no status is ever written. The message says what panics and why.
 */
export class SchedulerCrash extends SchedulerError {}

/** What a PreFilter returns. `nodeNames` narrows the candidate nodes (a PreFilterResult); undefined = all nodes. */
export type PreFilterResult<S> =
  | { skip: true }
  | { reject: Status }
  | { state: S; nodeNames?: ReadonlySet<string> };

export interface ClusterPlugin<S> {
  name: string;
  /** Once per pod and snapshot. */
  preFilter(pod: PodInfo, snapshot: Snapshot): PreFilterResult<S>;
  /** Per node, with this plugin's own PreFilter state; undefined = the node passes. */
  filter(pod: PodInfo, node: NodeSnapshot, state: S): Status | undefined;
  /**
   * The node label keys the Filter reads with this state (their values, and whether the node has each): nodes
   * alike in those get the same verdict (node shapes in scheduleMatrix). Without it (or undefined) every node is
   * evaluated.
   */
  reads?(state: S): readonly string[] | undefined;
  /** Why a node passed, for messages (what `.not` reports); only called for a node the Filter accepted. */
  explainPass?(pod: PodInfo, node: NodeSnapshot, state: S): string[];
  /**
   * PreFilterExtensions AddPod (framework interface.go): the state once `added` runs on `node` too (preemption's dry
   * run puts a reprieved victim back). It returns a new state when the pod changes it, else `state` itself, and
   * never changes the state given: DryRunPreemption evaluates each node on its own copy of the CycleState
   * (preemption.go: state.Clone()). A plugin without the extensions keeps its state as PreFilter left it (upstream's
   * PreFilterExtensions() is nil: its state does not count the cluster's pods).
   */
  addPod?(pod: PodInfo, state: S, added: Pod, node: NodeSnapshot): S;
  /** PreFilterExtensions RemovePod: the state once `removed` no longer runs on `node` (a potential victim), as addPod. */
  removePod?(pod: PodInfo, state: S, removed: Pod, node: NodeSnapshot): S;
}

/** CycleState for one pod over one snapshot: each plugin's state, keyed by plugin name; Skip leaves a plugin out. */
export interface CycleState {
  snapshot: Snapshot;
  /** The plugins that did not Skip, in filter order, with their state. */
  active: Array<{ plugin: ClusterPlugin<unknown>; state: unknown }>;
  /** A PreFilter rejected the pod as a whole (every node gets this status). */
  rejection?: Status;
  /** Intersection of the plugins' PreFilterResults; undefined = no narrowing. */
  nodeNames?: ReadonlySet<string>;
  /** The plugins that narrowed, for the status of the nodes left out. */
  narrowedBy: string[];
}

/**
 * RunPreFilterPlugins for the cluster plugins: UnschedulableAndUnresolvable stops the loop at once; an
 * Unschedulable rejection lets the rest run and the last one is reported (issue #119770).
 */
export function runPreFilters(pod: PodInfo, snapshot: Snapshot, plugins: ReadonlyArray<ClusterPlugin<unknown>>): CycleState {
  const cycle: CycleState = { snapshot, active: [], narrowedBy: [] };
  for (const plugin of plugins) {
    const r = plugin.preFilter(pod, snapshot);
    if ('skip' in r) continue;
    if ('reject' in r) {
      cycle.rejection = r.reject;
      if (r.reject.code === 'UnschedulableAndUnresolvable') break;
      continue;
    }
    cycle.active.push({ plugin, state: r.state });
    if (r.nodeNames) cycle.narrowedBy.push(plugin.name);
    if (r.nodeNames) cycle.nodeNames = cycle.nodeNames ? new Set([...cycle.nodeNames].filter((n) => r.nodeNames!.has(n))) : r.nodeNames;
  }
  return cycle;
}

/** The cluster plugins' Filter for one node, in order; the first rejection is the node's status. */
export function runClusterFilters(pod: PodInfo, node: NodeSnapshot, cycle: CycleState): Status | undefined {
  for (const { plugin, state } of cycle.active) {
    const status = plugin.filter(pod, node, state);
    if (status) return status;
  }
  return undefined;
}

/** Each active cluster plugin's account of why the node passed (`Plugin: …` lines). */
export function explainPasses(pod: PodInfo, node: NodeSnapshot, cycle: CycleState): string[] {
  return cycle.active.flatMap(({ plugin, state }) => (plugin.explainPass?.(pod, node, state) ?? []).map((l) => `${plugin.name}: ${l}`));
}

/**
 * What DefaultPreemption answers (its PostFilter status and result, runtime/framework.go RunPostFilterPlugins), run
 * when no node is feasible and the pod is not gated.
 */
export interface PreemptionAnswer {
  /**
   * The PostFilter status message FitError appends ('preemption: 0/3 nodes are available: …'); '' on success (from
   * 1.37, Preempt's success status carries 'preemption: found a potential placement for pod on node …', which the
   * FitError appends too).
   */
  message: string;
  /** Every node pickOneNodeForPreemption may return (its last criterion can tie: Go map order), sorted; [] on failure. */
  nominatedNodes: string[];
  /**
   * DryRunPreemption's candidates over all potential nodes, sorted by node: victims as 'namespace/name' in
   * SelectVictimsOnNode's order, and how many of them violate a PDB.
   */
  candidates: Array<{ node: string; victims: string[]; numPDBViolations: number }>;
  /** From 1.37, the candidates' pods whose PDB count rested on the PDBs' order, by node; absent when none. */
  pdbOrder?: PDBOrderFact[];
}

/**
 * From 1.37 a pod stops counting down the PDBs at the first it takes below zero (FilterVictimsWithPDBViolation), so
 * a later PDB that counts against it keeps its budget for the pods after it: which pods violate a PDB, and so the
 * victims, can depend on the PDBs' order (upstream's: its PDB lister's, which varies). One such pod on a node.
 */
export interface PDBOrderFact {
  node: string;
  /** 'namespace/name'. */
  pod: string;
  /** The PDB the pod stopped at, then the later ones that count against it too (names, in the pod's namespace). */
  pdbs: string[];
  /** The node's PDB-violating pods ('namespace/name', in importance order) in the order given. */
  violating: string[];
  /** The same with pdbs[1] counted before pdbs[0]. */
  swapped: string[];
}

/** The PostFilter's answer, or why it cannot be given (a priority the inputs leave unknown). */
export type PreemptionOutcome = PreemptionAnswer | { unknown: string };

/** A node as the PostFilter reads it: the node and the pods the scheduler cache holds on it, in their order. */
export interface PostFilterNode {
  entry: NodeSnapshot;
  /** The node's Filter status in this cycle (NodeToStatus); undefined: the node was not filtered (absent). */
  status: Status | undefined;
  /**
   * Nodes with the same `alike` filter the pod alike whenever they hold alike pods (the same requests, in the same
   * order): a dry run on one holds for the others whose pods preemption also reads alike. Undefined: on its own.
   */
  alike: number | undefined;
}

/** What the framework gives a PostFilter plugin (fwk.Handle, the NodeToStatus, the listers it reads). */
export interface PostFilterHandle {
  /** Every node of the cluster, in the snapshot's order, with its Filter status. */
  nodes: readonly PostFilterNode[];
  /**
   * RunPreFilterPlugins stopped before the last PreFilter plugins (an UnschedulableAndUnresolvable status, or a
   * PreFilterResult leaving no node): the PreFilters after it never wrote their CycleState (DynamicResources reads its).
   */
  preFilterStopped: boolean;
  /** The PodDisruptionBudgets given (the PDB lister's). */
  podDisruptionBudgets: readonly KubeObject[];
  /**
   * SelectVictimsOnNode's copies of the CycleState and of `node`'s NodeInfo (preemption.go DryRunPreemption:
   * state.Clone(), nodeInfo.Snapshot()): pods are removed from and added to the copy, the cluster plugins' states
   * follow through their addPod/removePod, and the filters run on it.
   */
  dryRun(node: NodeSnapshot): NodeDryRun;
}

/** One node's dry run (SelectVictimsOnNode's removePod/addPod closures and its Filter runs). */
export interface NodeDryRun {
  /** nodeInfo.RemovePod, then RunPreFilterExtensionRemovePod. */
  removePod(pod: Pod): void;
  /** nodeInfo.AddPodInfo (the pod goes last), then RunPreFilterExtensionAddPod. */
  addPod(pod: Pod): void;
  /**
   * RunFilterPluginsWithNominatedPods: with the pods nominated to the node that count for the pod added, then, when
   * that passes, without them; the first rejection, undefined when the pod fits.
   */
  filter(): Status | undefined;
}

/** A PostFilter plugin (fwk.PostFilterPlugin): its status code and its answer. */
export interface PostFilterPlugin {
  name: string;
  postFilter(pod: PodInfo, handle: PostFilterHandle): { code: 'Success' | 'Error' | Status['code']; answer: PreemptionOutcome };
}
