// NodeResourcesFit Filter (pkg/scheduler/framework/plugins/noderesources/fit.go fitsRequest).
import { exactAmount, filterPlugin, rejection, type NodeInfo, type NodeUsage, type PodInfo, type Rejection, type Resources } from '../../framework';
import { releaseAtLeast } from '../../../core/config';
import { isExtendedResourceName } from '../../../k8s/resources';
import { pluginArgs } from '../../plugin-args';

/**
 * v1.33.13's Filter answers Unschedulable whatever the shortfall; from 1.34 a request beyond the node's allocatable
 * makes it UnschedulableAndUnresolvable (fit.go Filter, InsufficientResource.Unresolvable). Found by the 1.33 oracle.
 */
const unresolvableCode = () => releaseAtLeast('1.34');

export const formatMilliCPU = (m: number | bigint) => (BigInt(m) % 1000n === 0n ? `${BigInt(m) / 1000n}` : `${m}m`);
/**
 * One unit for the cpu amounts of one line: cores when every amount is whole, else millicores for all (a bare core
 * count beside millicores, "already requested by 2 pod(s) 3, free 500m", reads as 3 millicores or as a count).
 */
const cpuFormatFor = (amounts: readonly bigint[]) =>
  (amounts.every((m) => m % 1000n === 0n) ? formatMilliCPU : (m: bigint) => `${m}m`);
export function formatBytes(n: number | bigint): string {
  const b = BigInt(n);
  for (const [suffix, size] of [['Gi', 2n ** 30n], ['Mi', 2n ** 20n], ['Ki', 2n ** 10n]] as const) {
    if (b !== 0n && b % size === 0n) return `${b / size}${suffix}`;
  }
  return `${b}`;
}

/** Why NodeResourcesFit checked nothing on this node (it passes every pod), or undefined when it checked. */
export function resourcesNotChecked(node: NodeInfo): string | undefined {
  if (node.allocatable) return undefined;
  return `resources not checked: Node ${node.name} declares no status.allocatable`;
}

/**
 * requested > allocatable - used (zero requests are never checked; the comparison is strict). Numbers are
 * exact unless a Resources kept a bigint for a value beyond 2^53; then the comparison is done on those.
 */
function short(key: string, requested: number, allocatable: number, used: number, req: Resources, alloc: Resources, usage: Resources): boolean {
  if (requested === 0) return false;
  // A bigint kept only for the request or the used amount cannot change the answer: that amount is beyond 2^53 and
  // the allocatable is not, so the numbers compare as the exact amounts do (for the non-negative amounts validation admits).
  if (
    alloc.exact === undefined &&
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, as said above
    req.exact === undefined && usage.exact === undefined
  ) return requested > allocatable - used;
  return exactAmount(req, key, requested) > exactAmount(alloc, key, allocatable) - exactAmount(usage, key, used);
}

/** requested > allocatable: no amount of preemption frees enough (UnschedulableAndUnresolvable). */
function beyond(key: string, requested: number, allocatable: number, req: Resources, alloc: Resources): boolean {
  // Only a bigint kept on both sides can change the answer: one side beyond 2^53 against a safe amount compares right.
  if (
    // Stryker disable next-line LogicalOperator,EqualityOperator: equivalent, as said above
    req.exact === undefined &&
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, as said above
    alloc.exact === undefined
  ) return requested > allocatable;
  return exactAmount(req, key, requested) > exactAmount(alloc, key, allocatable);
}

/** @upstream pkg/scheduler/framework/plugins/noderesources/fit.go */
export const ErrReasonTooManyPods = 'Too many pods';

/**
 * The extended resources the configuration tells the Filter not to check (NodeResourcesFitArgs ignoredResources, and
 * ignoredResourceGroups by the part before the `/`; fit.go fitsRequest): the node's devices are managed elsewhere
 * (an extender). Only extended resources are ever ignored, never cpu, memory or hugepages.
 */
function ignored(name: string): boolean {
  const args = pluginArgs('NodeResourcesFit');
  if (args.ignoredResources.length === 0 && args.ignoredResourceGroups.length === 0) return false;
  if (!isExtendedResourceName(name)) return false;
  return args.ignoredResources.includes(name) || args.ignoredResourceGroups.includes(name.split('/')[0]);
}

const PODS = 1, CPU = 2, MEMORY = 4, EPHEMERAL = 8, UNRESOLVABLE = 16;
const FIXED_REASONS: ReadonlyArray<readonly [number, string]> =
  [[PODS, ErrReasonTooManyPods], [CPU, 'Insufficient cpu'], [MEMORY, 'Insufficient memory'], [EPHEMERAL, 'Insufficient ephemeral-storage']];
// The shared rejections for the fixed resources, by bit mask.
const BY_MASK: Rejection[] = [];
function byMask(mask: number): Rejection {
  return (BY_MASK[mask] ??= rejection(
    'NodeResourcesFit',
    mask & UNRESOLVABLE ? 'UnschedulableAndUnresolvable' : 'Unschedulable',
    FIXED_REASONS.filter(([bit]) => mask & bit).map(([, reason]) => reason),
  ));
}

function check(pod: PodInfo, node: NodeInfo, usage: NodeUsage): Rejection | undefined {
  // Hand-written nodes seldom declare capacity: no allocatable at all means unconstrained.
  const alloc = node.allocatable;
  if (!alloc) return undefined;
  let mask = usage.pods + 1 > alloc.pods ? PODS : 0;
  if (pod.hasRequests) {
    const req = pod.requests;
    const used = usage.requested;
    if (short('cpu', req.milliCPU, alloc.milliCPU, used.milliCPU, req, alloc, used)) {
      mask |= CPU | (beyond('cpu', req.milliCPU, alloc.milliCPU, req, alloc) ? UNRESOLVABLE : 0);
    }
    if (short('memory', req.memory, alloc.memory, used.memory, req, alloc, used)) {
      mask |= MEMORY | (beyond('memory', req.memory, alloc.memory, req, alloc) ? UNRESOLVABLE : 0);
    }
    if (short('ephemeral-storage', req.ephemeralStorage, alloc.ephemeralStorage, used.ephemeralStorage, req, alloc, used)) {
      mask |= EPHEMERAL | (beyond('ephemeral-storage', req.ephemeralStorage, alloc.ephemeralStorage, req, alloc) ? UNRESOLVABLE : 0);
    }
    const names = pod.scalarNames;
    for (let i = 0; i < names.length; i++) {
      if (!ignored(names[i]) && short(names[i], pod.scalarAmounts[i], alloc.scalars.get(names[i]) ?? 0, used.scalars.get(names[i]) ?? 0, req, alloc, used)) {
        const unresolvable = unresolvableCode() && shortfalls(pod, node, usage).some((s) => s.unresolvable);
        return rejection('NodeResourcesFit', unresolvable ? 'UnschedulableAndUnresolvable' : 'Unschedulable', reasons(pod, node, usage));
      }
    }
  }
  return mask === 0 ? undefined : byMask(unresolvableCode() ? mask : mask & ~UNRESOLVABLE);
}

interface Shortfall { name: string; requested: bigint; allocatable: bigint; used: bigint; unresolvable: boolean; format: (n: bigint) => string }

/** Every resource the pod asks more of than the node has free, in upstream's order (scalars: the pod's order). */
function shortfalls(pod: PodInfo, node: NodeInfo, usage: NodeUsage): Shortfall[] {
  const alloc = node.allocatable!;
  const req = pod.requests;
  const used = usage.requested;
  const out: Shortfall[] = [];
  const add = (name: string, requested: number, allocatable: number, usedN: number, format: (n: bigint) => string) => {
    if (!short(name, requested, allocatable, usedN, req, alloc, used)) return;
    out.push({
      name, format,
      requested: exactAmount(req, name, requested), allocatable: exactAmount(alloc, name, allocatable), used: exactAmount(used, name, usedN),
      unresolvable: beyond(name, requested, allocatable, req, alloc),
    });
  };
  add('cpu', req.milliCPU, alloc.milliCPU, used.milliCPU, formatMilliCPU);
  add('memory', req.memory, alloc.memory, used.memory, formatBytes);
  add('ephemeral-storage', req.ephemeralStorage, alloc.ephemeralStorage, used.ephemeralStorage, formatBytes);
  // Upstream visits scalar resources in Go map order; we keep the pod's order.
  pod.scalarNames.forEach((name, i) => ignored(name) || add(name, pod.scalarAmounts[i], alloc.scalars.get(name) ?? 0, used.scalars.get(name) ?? 0, String));
  return out;
}

function reasons(pod: PodInfo, node: NodeInfo, usage: NodeUsage): string[] {
  const tooManyPods = usage.pods + 1 > node.allocatable!.pods;
  return [...(tooManyPods ? [ErrReasonTooManyPods] : []), ...shortfalls(pod, node, usage).map((s) => `Insufficient ${s.name}`)];
}

// Pods already on the node may request more than it has (a dump of an overcommitted node, or allocatable that shrank
// under them): then nothing is free, and the amount over is what to say.
const free = (c: Shortfall, format: (n: bigint) => string) =>
  c.used > c.allocatable ? `nothing free (the pods there already request ${format(c.used - c.allocatable)} more than allocatable)` : `free ${format(c.allocatable - c.used)}`;

export const NodeResourcesFit = filterPlugin('NodeResourcesFit', { node: ['allocatable', 'usage'] }, check, (pod, node, usage) => {
  const alloc = node.allocatable!;
  const tooManyPods = usage.pods + 1 > alloc.pods;
  return [
    ...(!tooManyPods
      ? []
      : alloc.has.has('pods')
        ? [`Too many pods: allocatable pods ${alloc.pods}, ${usage.pods} already on the node`]
        : [`Too many pods: node ${node.name} has no "pods" entry in status.allocatable, so no pod fits`]),
    ...shortfalls(pod, node, usage).map((c) => {
      const missing = alloc.has.has(c.name) ? '' : ` (node ${node.name} has no "${c.name}" entry in status.allocatable, which counts as 0)`;
      const f = c.name === 'cpu' ? cpuFormatFor([c.requested, c.allocatable, c.used]) : c.format;
      return `Insufficient ${c.name}: requested ${f(c.requested)}, allocatable ${f(c.allocatable)}, ` +
        `already requested by ${usage.pods} pod(s) ${f(c.used)}, ${free(c, f)}${missing}`;
    }),
  ];
}, { readsPods: true });
