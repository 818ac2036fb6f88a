// NodeResourcesFit Filter (pkg/scheduler/framework/plugins/noderesources/fit.go fitsRequest).
import type { FilterPlugin, Resources } from './framework';

export const formatMilliCPU = (m: number) => (m % 1000 === 0 ? `${m / 1000}` : `${m}m`);
export function formatBytes(n: number): string {
  for (const [suffix, size] of [['Gi', 2 ** 30], ['Mi', 2 ** 20], ['Ki', 2 ** 10]] as const) {
    if (n !== 0 && n % size === 0) return `${n / size}${suffix}`;
  }
  return `${n}`;
}

interface Check { name: string; requested: number; allocatable: number; used: number; format: (n: number) => string }

export const NodeResourcesFit: FilterPlugin = {
  name: 'NodeResourcesFit',
  filter(pod, node, usage) {
    // Hand-written nodes seldom declare capacity: no allocatable at all means unconstrained.
    const alloc = node.allocatable;
    if (!alloc) return undefined;
    const reasons: string[] = [];
    const details: string[] = [];
    let unresolvable = false;
    if (usage.pods + 1 > alloc.pods) {
      reasons.push('Too many pods');
      details.push(
        alloc.has.has('pods')
          ? `Too many pods: allocatable pods ${alloc.pods}, ${usage.pods} already on the node`
          : `Too many pods: node ${node.name} has no "pods" entry in status.allocatable, so no pod fits`,
      );
    }
    const req: Resources = pod.requests;
    if (req.milliCPU === 0 && req.memory === 0 && req.ephemeralStorage === 0 && req.scalars.size === 0) {
      return reasons.length ? { plugin: 'NodeResourcesFit', code: 'Unschedulable', reasons, details } : undefined;
    }
    const checks: Check[] = [
      { name: 'cpu', requested: req.milliCPU, allocatable: alloc.milliCPU, used: usage.requested.milliCPU, format: formatMilliCPU },
      { name: 'memory', requested: req.memory, allocatable: alloc.memory, used: usage.requested.memory, format: formatBytes },
      { name: 'ephemeral-storage', requested: req.ephemeralStorage, allocatable: alloc.ephemeralStorage, used: usage.requested.ephemeralStorage, format: formatBytes },
      // Upstream visits scalar resources in Go map order; we keep the pod's order.
      ...[...req.scalars].map(([name, requested]) => ({
        name, requested, allocatable: alloc.scalars.get(name) ?? 0, used: usage.requested.scalars.get(name) ?? 0, format: String,
      })),
    ];
    for (const c of checks) {
      if (c.requested === 0 || c.requested <= c.allocatable - c.used) continue;
      reasons.push(`Insufficient ${c.name}`);
      if (c.requested > c.allocatable) unresolvable = true;
      const missing = alloc.has.has(c.name) ? '' : ` (node ${node.name} has no "${c.name}" entry in status.allocatable, which counts as 0)`;
      details.push(
        `Insufficient ${c.name}: requested ${c.format(c.requested)}, allocatable ${c.format(c.allocatable)}, ` +
          `already requested by ${usage.pods} pod(s) ${c.format(c.used)}, free ${c.format(c.allocatable - c.used)}${missing}`,
      );
    }
    if (reasons.length === 0) return undefined;
    return { plugin: 'NodeResourcesFit', code: unresolvable ? 'UnschedulableAndUnresolvable' : 'Unschedulable', reasons, details };
  },
};
