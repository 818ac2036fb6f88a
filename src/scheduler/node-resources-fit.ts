// NodeResourcesFit Filter (pkg/scheduler/framework/plugins/noderesources/fit.go fitsRequest).
import { failure, type FilterPlugin, type NodeInfo, type Resources } from './framework';

export const formatMilliCPU = (m: number) => (m % 1000 === 0 ? `${m / 1000}` : `${m}m`);
export function formatBytes(n: number): string {
  for (const [suffix, size] of [['Gi', 2 ** 30], ['Mi', 2 ** 20], ['Ki', 2 ** 10]] as const) {
    if (n !== 0 && n % size === 0) return `${n / size}${suffix}`;
  }
  return `${n}`;
}

/** Why NodeResourcesFit checked nothing on this node (it passes every pod), or undefined when it checked. */
export function resourcesNotChecked(node: NodeInfo): string | undefined {
  if (node.allocatable) return undefined;
  if (node.allocatableError) return `resources not checked: Node ${node.name} has an unreadable ${node.allocatableError}`;
  return `resources not checked: Node ${node.name} declares no status.allocatable`;
}

interface Shortfall { name: string; requested: number; allocatable: number; used: number; format: (n: number) => string }

export const NodeResourcesFit: FilterPlugin = {
  name: 'NodeResourcesFit',
  filter(pod, node, usage) {
    // Hand-written nodes seldom declare capacity: no allocatable at all means unconstrained.
    const alloc = node.allocatable;
    if (!alloc) return undefined;
    const tooManyPods = usage.pods + 1 > alloc.pods;
    const req: Resources = pod.requests;
    const short: Shortfall[] = [];
    if (req.milliCPU !== 0 || req.memory !== 0 || req.ephemeralStorage !== 0 || req.scalars.size !== 0) {
      const check = (name: string, requested: number, allocatable: number, used: number, format: (n: number) => string) => {
        // zero requests are never checked; the comparison is strict
        if (requested !== 0 && requested > allocatable - used) short.push({ name, requested, allocatable, used, format });
      };
      check('cpu', req.milliCPU, alloc.milliCPU, usage.requested.milliCPU, formatMilliCPU);
      check('memory', req.memory, alloc.memory, usage.requested.memory, formatBytes);
      check('ephemeral-storage', req.ephemeralStorage, alloc.ephemeralStorage, usage.requested.ephemeralStorage, formatBytes);
      // Upstream visits scalar resources in Go map order; we keep the pod's order.
      for (const [name, requested] of req.scalars) {
        check(name, requested, alloc.scalars.get(name) ?? 0, usage.requested.scalars.get(name) ?? 0, String);
      }
    }
    if (!tooManyPods && short.length === 0) return undefined;
    const reasons = [...(tooManyPods ? ['Too many pods'] : []), ...short.map((s) => `Insufficient ${s.name}`)];
    const unresolvable = short.some((s) => s.requested > s.allocatable);
    return failure('NodeResourcesFit', unresolvable ? 'UnschedulableAndUnresolvable' : 'Unschedulable', reasons, () => [
      ...(!tooManyPods
        ? []
        : alloc.has.has('pods')
          ? [`Too many pods: allocatable pods ${alloc.pods}, ${usage.pods} already on the node`]
          : [`Too many pods: node ${node.name} has no "pods" entry in status.allocatable, so no pod fits`]),
      ...short.map((c) => {
        const missing = alloc.has.has(c.name) ? '' : ` (node ${node.name} has no "${c.name}" entry in status.allocatable, which counts as 0)`;
        return `Insufficient ${c.name}: requested ${c.format(c.requested)}, allocatable ${c.format(c.allocatable)}, ` +
          `already requested by ${usage.pods} pod(s) ${c.format(c.used)}, free ${c.format(c.allocatable - c.used)}${missing}`;
      }),
    ]);
  },
};
