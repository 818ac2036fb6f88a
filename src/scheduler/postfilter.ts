// The PostFilter extension point (pkg/scheduler/schedule_one.go schedulingAlgorithm, runtime/framework.go
// RunPostFilterPlugins): run when no node is feasible, its status message appended to the FitError. The profile lists
// the plugins (DefaultPreemption); no plugin folder is imported here.
import type { Pod } from '../core/types';
import { nodeUsage, type NodeInfo, type NodeUsage, type PodInfo } from './framework';
import type { NodeSnapshot, Snapshot } from './snapshot';
import type { PostFilterHandle, PostFilterPlugin, PreemptionOutcome } from './cycle';

/** A node's entry holding other pods than the snapshot's (a victim removed, or added back). */
class NodeWithPods implements NodeSnapshot {
  #usage?: NodeUsage;
  #memo = new Map<unknown, unknown>();
  constructor(readonly info: NodeInfo, readonly pods: Pod[]) {}
  get usage(): NodeUsage {
    return (this.#usage ??= nodeUsage(this.pods));
  }
  memo<T>(compute: (pods: readonly Pod[]) => T): T {
    if (!this.#memo.has(compute)) this.#memo.set(compute, compute(this.pods));
    return this.#memo.get(compute) as T;
  }
}

/** The snapshot with `entry`'s pods replaced by `pods` (the other nodes' entries shared). */
export function withPodsOn(snapshot: Snapshot, entry: NodeSnapshot, pods: readonly Pod[]): { snapshot: Snapshot; entry: NodeSnapshot } {
  const replaced = new NodeWithPods(entry.info, pods.slice());
  const nodes = snapshot.nodes.map((n) => (n.info.name === entry.info.name ? replaced : n));
  const byName = new Map(snapshot.byName);
  byName.set(entry.info.name, replaced);
  const out: Snapshot = { nodes, byName, namespaceLabels: snapshot.namespaceLabels, services: snapshot.services, storage: snapshot.storage };
  return { snapshot: out, entry: replaced };
}

/** A node's entry holding `pods`, for a cluster the node is alone in (no cluster plugin reads the others). */
export const nodeWithPods = (info: NodeInfo, pods: readonly Pod[]): NodeSnapshot => new NodeWithPods(info, pods.slice());

/**
 * RunPostFilterPlugins: the first Success, UnschedulableAndUnresolvable or Error status is the result; otherwise the
 * rejected plugins' reasons are joined (Status.Message(): ", "). A plugin without reasons (DynamicResources for a
 * pod without claims returns a bare Unschedulable, dynamicresources.go PostFilter) adds nothing. An answer that
 * cannot be given (unknown) is the result as it is.
 */
export function runPostFilterPlugins(plugins: readonly PostFilterPlugin[], pod: PodInfo, handle: PostFilterHandle): PreemptionOutcome | undefined {
  const messages: string[] = [];
  let last: PreemptionOutcome | undefined;
  for (const plugin of plugins) {
    const { code, answer } = plugin.postFilter(pod, handle);
    if ('unknown' in answer || code === 'Success' || code === 'UnschedulableAndUnresolvable' || code === 'Error') return answer;
    if (answer.message) messages.push(answer.message);
    last = answer;
  }
  return last && { ...last, message: messages.join(', ') };
}

/** FitError.Error(): the Filter part, then the PostFilter's message after a space when it has one. */
export const withPostFilterMessage = (fitError: string, message: string): string => (message ? `${fitError} ${message}` : fitError);
