// Matcher inputs for the many-node and existing-pod forms.
import type { KubeObject, Node, Pod } from '../core/types';
import { settings } from '../core/config';
import { nodeAllocatable } from '../engine';
import { apiServerErrors, labelOf, nodeOf, UsageError } from './inputs';

/**
 * With configure({ requireAllocatable: true }), a node without status.allocatable is an error, not "unconstrained";
 * one with status.capacity has it (the API server copies capacity into allocatable, SetDefaults_NodeStatus).
 */
export function checkAllocatable(node: Node): Node {
  if (settings().requireAllocatable && !nodeAllocatable(node)) {
    throw new UsageError(
      `${labelOf(node)} declares no status.allocatable, so its resources cannot be checked; ` +
      'configure({ requireAllocatable: true }) makes that an error (add status.allocatable, e.g. from kubectl get node -o yaml)',
    );
  }
  return node;
}

export function nodesOf(x: unknown): Node[] {
  const list = x && typeof x === 'object' && Symbol.iterator in x ? [...(x as Iterable<unknown>)] : undefined;
  if (!list) throw new UsageError(`expected an array (or iterable) of Node objects, received ${JSON.stringify(x)?.slice(0, 80)}`);
  if (list.length === 0) throw new UsageError('expected at least one node, received an empty list');
  return list.map((n, i) => checkAllocatable(nodeOf(n, `node at index ${i}`)));
}

export function existingPodsOf(options: unknown): Pod[] | undefined {
  return schedulingOptionsOf(options, false).existingPods;
}

export interface ParsedSchedulingOptions {
  existingPods?: Pod[];
  /** toBeSchedulableOn only: the rest of the cluster. */
  nodes?: Node[];
  /** The Namespace objects given (other kinds in a collection are left out). */
  namespaces?: KubeObject[];
}

function listOf(x: unknown, what: string): unknown[] {
  if (Array.isArray(x)) return x;
  if (x && typeof x === 'object' && Symbol.iterator in x) return [...(x as Iterable<unknown>)];
  throw new UsageError(`options.${what} must be an array (or iterable), received ${JSON.stringify(x)?.slice(0, 80)}`);
}

/**
 * `{ existingPods?, nodes?, namespaces? }` (`nodes` only where `allowNodes`: the many-node matchers take the
 * cluster from their own argument). `namespaces` may be a loadManifests collection: its Namespace objects are used.
 */
export function schedulingOptionsOf(options: unknown, allowNodes: boolean): ParsedSchedulingOptions {
  const shape = allowNodes ? '{ existingPods?, nodes?, namespaces? }' : '{ existingPods?, namespaces? }';
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new UsageError(`options must be ${shape}`);
  const o = options as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (key === 'existingPods' || key === 'namespaces' || (allowNodes && key === 'nodes')) continue;
    throw new UsageError(key === 'nodes'
      ? 'options.nodes is not used here: the nodes argument is the cluster (pass every node there)'
      : `unknown option ${JSON.stringify(key)}; options are ${shape}`);
  }
  const out: ParsedSchedulingOptions = {};
  if (o.existingPods !== undefined) {
    out.existingPods = listOf(o.existingPods, 'existingPods').map((p, i) => {
      if ((p as { kind?: string })?.kind !== 'Pod') throw new UsageError(`existingPods[${i}] is not a Pod (kind: Pod)`);
      return p as Pod;
    });
  }
  if (o.nodes !== undefined) out.nodes = listOf(o.nodes, 'nodes').map((n, i) => checkAllocatable(nodeOf(n, `options.nodes[${i}]`)));
  if (o.namespaces !== undefined) {
    out.namespaces = listOf(o.namespaces, 'namespaces').filter((x, i) => {
      if (typeof x !== 'object' || x === null || typeof (x as KubeObject).kind !== 'string') {
        throw new UsageError(`options.namespaces[${i}] is not a Kubernetes object (expected Namespace objects, e.g. from loadManifests)`);
      }
      return (x as KubeObject).kind === 'Namespace';
    }) as KubeObject[];
  }
  return out;
}

/**
 * What the API server would refuse among these objects (as apiServerErrors). Validation is remembered per object
 * (inputCheckedOnce), and a label is only worked out for an object with errors: a spec checking every node of a
 * 5,000-node cluster in turn pays for each node once.
 */
export function clusterErrors(objects: readonly KubeObject[]): string | undefined {
  return apiServerErrors(objects.map((o) => ({ object: o, label: () => labelOf(o) })));
}
