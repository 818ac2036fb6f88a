// The PostFilter extension point (pkg/scheduler/schedule_one.go schedulingAlgorithm, runtime/framework.go
// RunPostFilterPlugins): run when no node is feasible, its status message appended to the FitError. The profile lists
// the plugins (DefaultPreemption); no plugin folder is imported here.
import type { Pod } from '../core/types';
import { nodeUsage, podUsage, POD_NUMBERS, type NodeInfo, type NodeUsage, type PodInfo, type Status } from './framework';
import { Memos, type NodeSnapshot } from './snapshot';
import type { ClusterPlugin, CycleState, NodeDryRun, PostFilterHandle, PostFilterPlugin, PreemptionOutcome } from './cycle';

/** A node's entry holding other pods than the snapshot's (a victim removed, or added back). */
class NodeWithPods implements NodeSnapshot {
  #usage?: NodeUsage;
  #memos?: Memos;
  // Stryker disable next-line BlockStatement: without the usage given it is summed from the pods when read (the same usage)
  constructor(readonly info: NodeInfo, readonly pods: Pod[], usage?: NodeUsage) {
    this.#usage = usage;
  }
  get usage(): NodeUsage {
    return (this.#usage ??= nodeUsage(this.pods));
  }
  memo<T>(compute: (pods: readonly Pod[]) => T): T {
    return (this.#memos ??= new Memos()).get(compute, this.pods);
  }
}

/**
 * The node's usage once `pod` (one of the node's, so in the scheduler cache) is added (sign 1) or removed (-1), as
 * nodeUsage would sum it over the new pods: for a pod whose requests are plain numbers without host ports or scalar
 * resources; undefined otherwise (the usage is then summed again from the pods). Preemption's dry run changes a node
 * a pod at a time. `numbers`: the pod's POD_NUMBERS at `at`, when the node's entry kept them (else its requests are
 * read again).
 */
// Stryker disable next-line BlockStatement: a fast path: undefined only means the usage is summed again from the pods (the same usage)
function usageWith(usage: NodeUsage, pod: Pod, sign: 1 | -1, numbers: readonly number[] | undefined, at: number): NodeUsage | undefined {
  const q = usage.requested;
  if (q.exact) return undefined;
  let cpu: number, memory: number, storage: number;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,BooleanLiteral,ArrayDeclaration: a fast path: undefined only means the usage is summed again from the pods (the same usage); without the numbers the sums are NaN (summed again)
  if (numbers && at >= 0 && !Number.isNaN(numbers[at])) [cpu, memory, storage] = [numbers[at], numbers[at + 1], numbers[at + 2]];
  // Stryker disable next-line BlockStatement: without the numbers they are undefined, the sums NaN, and the usage is summed again from the pods
  else {
    const { requests: r, hostPorts } = podUsage(pod);
    // Stryker disable next-line ConditionalExpression: a fast path: undefined only means the usage is summed again from the pods (the same usage)
    if (hostPorts.length || r.scalars.size || r.exact) return undefined;
    // Stryker disable next-line ArrayDeclaration: without the numbers the sums are NaN, and the usage is summed again from the pods
    [cpu, memory, storage] = [r.milliCPU, r.memory, r.ephemeralStorage];
  }
  // Stryker disable next-line ObjectLiteral,ArithmeticOperator: a fast path: undefined only means the usage is summed again from the pods (the same usage); a quotient is no safe integer but where it equals the product (±1)
  const requested = { milliCPU: q.milliCPU + sign * cpu, memory: q.memory + sign * memory, ephemeralStorage: q.ephemeralStorage + sign * storage, scalars: q.scalars };
  // Stryker disable next-line ConditionalExpression,LogicalOperator,BooleanLiteral: a fast path: undefined only means the usage is summed again from the pods (the same usage)
  if (!Number.isSafeInteger(requested.milliCPU) || !Number.isSafeInteger(requested.memory) || !Number.isSafeInteger(requested.ephemeralStorage)) return undefined;
  return { pods: usage.pods + sign, requested, ports: usage.ports };
}

/** How the scheduler filters the pod on a node entry with the cluster plugins' states of `cycle` (scheduler/index.ts). */
export type FilterOnEntry = (pod: PodInfo, entry: NodeSnapshot, cycle: CycleState) => Status | undefined;

type Active = CycleState['active'];

/**
 * One node's dry run over its own copies (preemption.go DryRunPreemption: state.Clone(), nodeInfo.Snapshot()): the
 * node's pods, and the cluster plugins' states, each changed only through its plugin's addPod/removePod
 * (RunPreFilterExtensionAddPod/RemovePod), never worked out again over the cluster. The cycle's own states are
 * shared until a plugin returns a changed one.
 */
class DryRun implements NodeDryRun {
  readonly #pods: Pod[];
  #active: Active;
  #entry?: NodeSnapshot;
  /** The usage of #pods when worked out a pod at a time (usageWith), else undefined. */
  #usage?: NodeUsage;
  constructor(readonly pod: PodInfo, readonly node: NodeSnapshot, readonly cycle: CycleState, readonly run: FilterOnEntry, readonly nominated: readonly Pod[], readonly addPods: AddPods) {
    this.#pods = node.pods.slice();
    this.#active = cycle.active;
    this.#usage = node.usage;
  }
  removePod(p: Pod): void {
    // the remaining pods keep their order, as the library's answers have always listed them
    const i = this.#pods.indexOf(p);
    // Stryker disable next-line ConditionalExpression: the dry run removes only pods the node holds (its victims)
    if (i >= 0) this.#pods.splice(i, 1);
    this.#entry = undefined;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a fast path: undefined only means the usage is summed again from the pods (the same usage)
    this.#usage = this.#usage && i >= 0 ? usageWith(this.#usage, p, -1, this.node.podNumbers, this.#numbersAt(p)) : undefined;
    // Stryker disable next-line ConditionalExpression: a shortcut; #update over no active plugin changes nothing
    if (this.#active.length) this.#update((plugin, state) => plugin.removePod?.(this.pod, state, p, this.node) ?? state);
  }
  addPod(p: Pod): void {
    this.#pods.push(p);
    this.#entry = undefined;
    this.#usage = this.#usage && usageWith(this.#usage, p, 1, this.node.podNumbers, this.#numbersAt(p));
    // Stryker disable next-line ConditionalExpression: a shortcut; #update over no active plugin changes nothing
    if (this.#active.length) this.#update((plugin, state) => plugin.addPod?.(this.pod, state, p, this.node) ?? state);
  }
  filter(): Status | undefined {
    // Stryker disable next-line ConditionalExpression: the cycle's own object or a copy of it with the same states
    const cycle = this.#active === this.cycle.active ? this.cycle : { ...this.cycle, active: this.#active };
    if (this.nominated.length) {
      // RunFilterPluginsWithNominatedPods: first with the pods nominated to the node added (addGENominatedPods)
      const added = new NodeWithPods(this.node.info, [...this.#pods, ...this.nominated]);
      const status = this.run(this.pod, added, { ...cycle, active: this.addPods(this.pod, this.#active, this.nominated, this.node) });
      if (status) return status;
    }
    const entry = (this.#entry ??= new NodeWithPods(this.node.info, this.#pods.slice(), this.#usage));
    return this.run(this.pod, entry, cycle);
  }
  /** Where the node's entry keeps the pod's numbers (NodeSnapshot.podNumbers), -1 for a pod it does not hold. */
  // Stryker disable next-line BlockStatement: undefined only means the pod's requests are read again (the same usage)
  #numbersAt(p: Pod): number {
    const i = this.node.pods.indexOf(p);
    // Stryker disable next-line ConditionalExpression,EqualityOperator,UnaryOperator: a fast path: undefined only means the usage is summed again from the pods (the same usage)
    return i < 0 ? -1 : i * POD_NUMBERS;
  }
  #update(change: (plugin: ClusterPlugin<unknown>, state: unknown) => unknown): void {
    let next: Active | undefined;
    this.#active.forEach(({ plugin, state }, i) => {
      const changed = change(plugin, state);
      // Stryker disable next-line ConditionalExpression: copy-on-write; an unchanged state written again is the same
      if (changed !== state) (next ??= this.#active.slice())[i] = { plugin, state: changed };
    });
    if (next) this.#active = next;
  }
}

/** The cluster plugins' states once `pods` run on `node` too (AddPod for each; scheduler/index.ts withPodsAdded). */
export type AddPods = (pod: PodInfo, active: Active, pods: readonly Pod[], node: NodeSnapshot) => Active;

/**
 * SelectVictimsOnNode's copies for `node`: its pods and the CycleState's cluster plugin states; `nominated`, the pods
 * nominated to the node that count for the pod, join each Filter run's first pass (RunFilterPluginsWithNominatedPods).
 */
export const nodeDryRun = (pod: PodInfo, node: NodeSnapshot, cycle: CycleState, run: FilterOnEntry, nominated: readonly Pod[], addPods: AddPods): NodeDryRun =>
  new DryRun(pod, node, cycle, run, nominated, addPods);

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
