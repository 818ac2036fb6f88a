// The outage's inputs, checked before anything runs, so nothing below meets a null or a string where an object or
// array belongs: the cluster, the failure (which nodes, how they fail) and the options.
import type { KubeObject, Node, Taint } from '../core/types';
import { assertNode, describeObject, preview } from '../k8s/subject';
import { parseTaint } from '../k8s/kubectl-taint';
import { assertNodeInput, assertObjects, assertPod, assertStorage, assertWorkload, listOf } from '../placement/inputs';
import { structureMessage, structureProblem } from '../loader/structure';
import { NODE_MONITOR_GRACE_PERIOD } from '../controllers/node-lifecycle';
import type { Down } from '../controllers/world';
import { OutageError } from './errors';
import type { Cluster, Failure, OutageOptions } from './types';
import type { DrainOptions } from './drain';
import type { PodDisruptionBudget } from '../k8s/disruption';
import { validatePodDisruptionBudget } from '../k8s/validation-pdb';
import { rejectedByApiServer } from '../k8s/validation-field';
import { typeErrors } from '../loader/typecheck';
import { settings } from '../core/config';

const nodeName = (n: Node) => n.metadata?.name ?? '';
const ZONE_LABELS = ['topology.kubernetes.io/zone', 'failure-domain.beta.kubernetes.io/zone'];

function failedNodes(nodes: readonly Node[], failure: Failure): Set<string> {
  if (typeof failure !== 'object' || failure === null) throw new OutageError(`expected a failure such as zone('a') or nodesDown(['a1']), received ${JSON.stringify(failure)}`);
  const { nodes: listed, zone: z, selector } = failure;
  if (listed === undefined && z === undefined && selector === undefined) {
    throw new OutageError('the failure names no nodes: give nodes, zone or selector (zone("a"), nodesDown(["a1"]))');
  }
  const names = new Set(nodes.map(nodeName));
  let chosen = nodes.map(nodeName);
  if (listed !== undefined) {
    const wanted = listed.map((n) => (typeof n === 'string' ? n : nodeName(assertNode(n, 'failed node'))));
    const unknown = wanted.filter((n) => !names.has(n));
    if (unknown.length) throw new OutageError(`failure.nodes names ${unknown.join(', ')}, not among the cluster's nodes (${[...names].join(', ')})`);
    chosen = chosen.filter((n) => wanted.includes(n));
  }
  const byName = new Map(nodes.map((n) => [nodeName(n), n]));
  if (z !== undefined) {
    chosen = chosen.filter((n) => ZONE_LABELS.some((l) => byName.get(n)!.metadata?.labels?.[l] === z));
    if (!chosen.length) {
      const zones = [...new Set(nodes.map((n) => ZONE_LABELS.map((l) => n.metadata?.labels?.[l]).find((v) => v !== undefined)).filter((v) => v !== undefined))];
      throw new OutageError(`failure.zone "${z}" matches no node (zones of the cluster's nodes: ${zones.join(', ') || 'none — no node has a topology.kubernetes.io/zone label'})`);
    }
  }
  if (selector !== undefined) {
    chosen = chosen.filter((n) => Object.entries(selector).every(([k, v]) => byName.get(n)!.metadata?.labels?.[k] === v));
  }
  if (!chosen.length) throw new OutageError(`the failure matches no node (${JSON.stringify(failure)})`);
  return new Set(chosen);
}

/**
 * The object with the fields the engine reads of the JSON structure it reads (loader/structure.ts), else an
 * OutageError naming the argument, the object and the field. Outside `inputs`: what the walk meets (a getter that
 * throws) surfaces as itself.
 */
function readable<T extends KubeObject>(x: T, what: string): T {
  const problem = structureProblem(x);
  if (problem) throw new OutageError(structureMessage(x, what, problem));
  return x;
}

/** Turn an entry check's InputError into an OutageError (the outage's usage error). */
function inputs<T>(check: () => T): T {
  try {
    return check();
  } catch (e) {
    if (e instanceof TypeError) throw new OutageError((e as Error).message);
    throw e;
  }
}

/** The failure's shape: nodes an array of Nodes or names, zone a string, selector an object of strings, condition a string. */
function checkFailure(failure: Failure) {
  if (typeof failure !== 'object' || failure === null || Array.isArray(failure)) {
    throw new OutageError(`expected a failure such as zone('a') or nodesDown(['a1']), received ${preview(failure)}`);
  }
  const { nodes, zone: z, selector, condition } = failure as Record<string, unknown>;
  if (nodes !== undefined) {
    if (!Array.isArray(nodes)) throw new OutageError(`failure.nodes must be an array of Node objects or node names, received ${preview(nodes)}`);
    nodes.forEach((n, i) => {
      if (typeof n !== 'string') inputs(() => assertNode(n, `failure.nodes[${i}]`));
    });
  }
  if (z !== undefined && typeof z !== 'string') throw new OutageError(`failure.zone must be a zone name (string), received ${preview(z)}`);
  if (selector !== undefined && (typeof selector !== 'object' || selector === null || Array.isArray(selector) || Object.values(selector).some((v) => typeof v !== 'string'))) {
    throw new OutageError(`failure.selector must be an object of label values, e.g. { pool: 'batch' }, received ${preview(selector)}`);
  }
  if (condition !== undefined && typeof condition !== 'string') throw new OutageError(`failure.condition must be 'unreachable', 'notReady' or a taint such as "drain=now:NoExecute" (or 'drain': kubectl drain), received ${preview(condition)}`);
  checkDrain(failure);
}

/** failure.drain: only with condition 'drain'; timeout and readyAfter seconds, force and deleteEmptyDirData booleans. */
function checkDrain(failure: Failure): DrainOptions | undefined {
  const d = (failure as { drain?: unknown }).drain;
  if (d === undefined) return undefined;
  if (failure.condition !== 'drain') throw new OutageError(`failure.drain is kubectl drain's options: give it with condition: 'drain', received condition ${preview(failure.condition ?? 'unreachable')}`);
  if (typeof d !== 'object' || d === null || Array.isArray(d)) throw new OutageError(`failure.drain must be { timeout?, force?, deleteEmptyDirData?, readyAfter? }, received ${preview(d)}`);
  const o = d as Record<string, unknown>;
  const unknown = Object.keys(o).filter((k) => !['timeout', 'force', 'deleteEmptyDirData', 'readyAfter'].includes(k));
  if (unknown.length) throw new OutageError(`failure.drain: unknown option ${unknown.join(', ')} (known: timeout, force, deleteEmptyDirData, readyAfter)`);
  for (const k of ['force', 'deleteEmptyDirData']) if (o[k] !== undefined && typeof o[k] !== 'boolean') throw new OutageError(`failure.drain.${k} must be true or false, received ${preview(o[k])}`);
  checkSeconds(o.timeout, 'failure.drain.timeout');
  checkSeconds(o.readyAfter, 'failure.drain.readyAfter');
  return d as DrainOptions;
}

/**
 * cluster.podDisruptionBudgets: PodDisruptionBudget objects with a name, each as the API server would store it: one
 * its decoder refuses (a wrong JSON type: `minAvailable: 1.5`) or, unless configure({ validate: false }), its
 * validation refuses (k8s/validation-pdb.ts, the check every client of a budget runs) is an error naming the field.
 */
function checkBudgets(list: unknown): PodDisruptionBudget[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new OutageError(`cluster.podDisruptionBudgets must be an array of PodDisruptionBudget objects, received ${preview(list)}`);
  return list.map((b, i) => {
    const o = b as PodDisruptionBudget | null;
    if (typeof o !== 'object' || o === null || (o as { kind?: unknown }).kind !== 'PodDisruptionBudget' || typeof o.metadata?.name !== 'string') {
      throw new OutageError(`cluster.podDisruptionBudgets[${i}] must be a PodDisruptionBudget with metadata.name, received ${preview(b)}`);
    }
    const what = `cluster.podDisruptionBudgets[${i}] (PodDisruptionBudget ${o.metadata.name})`;
    const wrongType = typeErrors(o as KubeObject);
    if (wrongType.length) throw new OutageError(`${what} cannot be decoded by the API server:\n${wrongType.map((e) => `  ${e.field}: ${e.message}`).join('\n')}`);
    const errors = settings().validate ? validatePodDisruptionBudget(o as never) : [];
    if (errors.length) throw new OutageError(rejectedByApiServer(what, errors));
    return o;
  });
}

export function conditionOf(failure: Failure): { down: Down; taint?: Taint; drain?: true } {
  const c = failure.condition ?? 'unreachable';
  if (c === 'unreachable' || c === 'notReady') return { down: c as Down };
  if (c === 'drain') return { down: undefined, drain: true };
  let parsed;
  try {
    parsed = parseTaint(c);
  } catch (e) {
    throw new OutageError(`failure.condition: expected 'unreachable', 'notReady' or a taint such as "drain=now:NoExecute" (or 'drain': kubectl drain); ${(e as Error).message}`);
  }
  if ('remove' in parsed) throw new OutageError(`failure.condition "${c}" removes a taint; give the taint to add`);
  if (!('effect' in parsed) || !parsed.effect) throw new OutageError(`failure.condition "${c}" has no effect; write it as key=value:NoExecute`);
  return { down: undefined, taint: { key: parsed.key, ...(parsed.value ? { value: parsed.value } : {}), effect: parsed.effect } };
}

function checkSeconds(value: unknown, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new OutageError(`${what} must be a number of seconds ≥ 0, received ${JSON.stringify(value)}`);
  return value;
}

export const SIMULATED_KINDS = ['Pod', 'Deployment', 'ReplicaSet', 'ReplicationController', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob'];

export interface OutageInputs {
  nodes: Node[];
  /** The cluster with its lists checked. */
  cluster: Cluster;
  failed: Set<string>;
  down: Down;
  /** The taint of a taint condition. */
  conditionTaint?: Taint;
  /** Condition `drain`: kubectl drain's options. */
  drain?: DrainOptions;
  podDisruptionBudgets: PodDisruptionBudget[];
  grace: number;
  until?: number;
  outOfServiceAt?: number;
}

/** Every input checked, in the order the errors are reported. */
export function checkInputs(cluster: Cluster, failure: Failure, options: OutageOptions): OutageInputs {
  if (typeof cluster !== 'object' || cluster === null || !Array.isArray(cluster.nodes)) {
    throw new OutageError(`expected a cluster { workloads, nodes, existingPods?, namespaces?, services?, storage? } with nodes an array of Node objects, received ${
      typeof cluster === 'object' && cluster !== null ? `nodes: ${preview(cluster.nodes)}` : preview(cluster)}`);
  }
  // the nodes' and existing pods' few fields read silently wrong (the rest of theirs: simulateOutage's diagnosed)
  const nodes = cluster.nodes.map((n, i) => inputs(() => assertNodeInput(n, `cluster.nodes[${i}]`)));
  cluster = {
    ...cluster,
    // (an object of another kind gets the message below)
    workloads: inputs(() => listOf(cluster.workloads, 'cluster.workloads'))?.map((w, i) =>
      readable(typeof (w as KubeObject | null)?.kind === 'string' ? (w as KubeObject) : inputs(() => assertWorkload(w, `cluster.workloads[${i}]`, [...SIMULATED_KINDS, 'PodTemplate'], false)), `cluster.workloads[${i}]`)),
    existingPods: inputs(() => listOf(cluster.existingPods, 'cluster.existingPods'))?.map((p, i) => inputs(() => assertPod(p, `cluster.existingPods[${i}]`))),
    namespaces: inputs(() => assertObjects(cluster.namespaces, 'cluster.namespaces')),
    services: inputs(() => assertObjects(cluster.services, 'cluster.services')),
    storage: inputs(() => assertStorage(cluster.storage, 'cluster.storage')),
  };
  checkFailure(failure);
  if (options !== undefined && (typeof options !== 'object' || options === null)) throw new OutageError(`options must be { until?, gracePeriod? }, received ${preview(options)}`);
  const failed = failedNodes(nodes, failure);
  const { down, taint: conditionTaint, drain } = conditionOf(failure);
  const podDisruptionBudgets = checkBudgets(cluster.podDisruptionBudgets);
  const grace = checkSeconds(options.gracePeriod, 'options.gracePeriod') ?? checkSeconds(cluster.gracePeriod, 'cluster.gracePeriod') ?? NODE_MONITOR_GRACE_PERIOD;
  const until = checkSeconds(options.until, 'options.until');
  const outOfServiceAt = checkSeconds(failure.outOfServiceAt, 'failure.outOfServiceAt');
  for (const w of cluster.workloads ?? []) {
    if (!SIMULATED_KINDS.includes(w?.kind ?? '') && w?.kind !== 'PodTemplate') throw new OutageError(`${describeObject(w)}: an outage simulates ${SIMULATED_KINDS.join(', ')}`);
  }
  return { nodes, cluster, failed, down, conditionTaint, grace, until, outOfServiceAt, podDisruptionBudgets, ...(drain ? { drain: failure.drain ?? {} } : {}) };
}
