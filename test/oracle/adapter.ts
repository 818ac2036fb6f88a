// The library's answer to a scheduling question, in the oracle's JSON shape (oracle/k8s-1.35/scheduling.go
// schedulingOutput), through the engine functions: schedule() for the Filter verdicts and the FitError, scoreNodes()
// over the feasible nodes for the scores.
import { nodeInfo, podInfo, schedule, SchedulerCrash, scoreCluster, scoreNodes, toSubject, type KubeObject, type Node, type Pod } from './lib';
import type { SchedulingInput } from './generators';

export interface NodeStatus { node: string; code: string; plugin: string; reasons: string[] }
export interface NodeScore { node: string; plugins: Record<string, number>; total: number }
export interface SchedulingOutput {
  gated?: string;
  nodes: NodeStatus[];
  feasible: string[];
  fitError?: string;
  scores?: NodeScore[];
  top?: string[];
  /** A Score plugin panicked (oracle/shared/scheduling.go): kube-scheduler exits; the library throws SchedulerCrash. */
  panic?: string;
}

const byNode = <T extends { node: string }>(a: T, b: T) => (a.node < b.node ? -1 : a.node > b.node ? 1 : 0);

/** Go's %v of a []string: `[a b]`. */
const goList = (xs: readonly string[]) => `[${xs.join(' ')}]`;

export function librarySchedule(input: SchedulingInput): SchedulingOutput {
  const nodes = input.nodes as Node[];
  const pods = input.pods as Pod[];
  const namespaces = input.namespaces as KubeObject[];
  // the volumes domain's storage objects (generators-volumes.ts), the volume plugins' listers
  const storage = (input as { storage?: KubeObject[] }).storage;
  const subject = toSubject(input.pod);
  let result: ReturnType<typeof schedule>;
  try {
    result = schedule(subject, nodes, pods, namespaces, undefined, storage);
  } catch (e) {
    if (e instanceof SchedulerCrash) return { nodes: [], feasible: [], panic: e.message };
    throw e;
  }
  if (result.gated) {
    // SchedulingGates' PreEnqueue status: "waiting for scheduling gates: %v" (plugins/schedulinggates/scheduling_gates.go)
    return { gated: `waiting for scheduling gates: ${goList(result.gated.gates)}`, nodes: [], feasible: [] };
  }
  const statuses: NodeStatus[] = [
    ...result.feasible.map((v) => ({ node: v.node, code: 'Success', plugin: '', reasons: [] })),
    ...result.rejected.map((v) => ({ node: v.node, code: v.status!.code, plugin: v.status!.plugin, reasons: [...v.status!.reasons] })),
  ].sort(byNode);
  const feasible = result.feasible.map((v) => v.node).sort();
  const out: SchedulingOutput = { nodes: statuses, feasible };
  if (result.fitError !== undefined) out.fitError = result.fitError;
  // schedulePod scores only when two or more nodes are feasible (schedule_one.go: "When only one node after
  // predicate, just use it").
  if (feasible.length >= 2) {
    const infos = nodes.map(nodeInfo).filter((n) => feasible.includes(n.name));
    const scores = scoreNodes(podInfo(subject), infos, scoreCluster(nodes, pods, namespaces, undefined, storage));
    out.scores = scores.map((s) => ({
      node: s.node,
      // upstream's NodePluginScores hold each plugin's score after NormalizeScore times its weight
      plugins: Object.fromEntries(s.plugins.map((p) => [p.plugin, p.score * p.weight])),
      total: s.total,
    })).sort(byNode);
    const best = Math.max(...scores.map((s) => s.total));
    out.top = scores.filter((s) => s.total === best).map((s) => s.node).sort();
  }
  return out;
}
