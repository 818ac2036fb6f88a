// The small part of kube-scheduler's framework the plugins need: the pod and node, prepared once
// each (pod: per subject; node: per node object), and the status a Filter returns.
import type { KubeObject, Node, Pod, Taint, Toleration } from '../core/types';
import { toSubject, type Subject } from '../k8s/subject';
import { admitPod, controllerPod, nodeTaints, type AdmittedPod, type TolerationSource } from '../admission';
import { createdSpec, storedPod } from '../admission/create';
import { assertDecodes, decodeRefusal, undecodableQuantities } from '../k8s/decode';
import { nodeAllocatable } from '../k8s/defaults';
import { settings } from '../core/config';
import { cachedPerObject, PerObjectCache } from '../core/cache';
import { isScalarResourceName, podRequests, podRequestsInUnits, ResourceError, standardPodRequests, standardRequestsInto, type PodResourceStatus, type ResourceList } from '../k8s/resources';
import { parseTerms, preFilterNodeNames, type ParsedTerm } from '../k8s/node-selector';
import { decodeQuantity, Quantity, QuantityError } from '../k8s/quantity';
import { toleratesTaint } from '../k8s/toleration';
import type { StorageListers } from './storage';

export type Code = 'Unschedulable' | 'UnschedulableAndUnresolvable';

export interface Status {
  plugin: string;
  code: Code;
  /** kube-scheduler's reason strings, verbatim. */
  reasons: string[];
  /** Our concrete explanation: which taint, label, resource… */
  details: string[];
}

/** The scheduler's integer view of a resource list (framework.Resource). */
export interface Resources {
  milliCPU: number;
  memory: number;
  ephemeralStorage: number;
  scalars: Map<string, number>;
  /** Exact values (keyed `cpu` in milli-units, else by resource name) where a number cannot hold them (beyond 2^53). */
  exact?: Map<string, bigint>;
}

export interface HostPort {
  ip: string;
  protocol: string;
  port: number;
  /** e.g. `containers[0].ports[1]` */
  where: string;
  /** The pod has hostNetwork: its hostPort is its containerPort (SetDefaults_Pod sets it where the manifest gives none). */
  hostNetwork?: true;
}

/** Everything about the pod that does not depend on the node, computed once per subject. */
export interface PodInfo {
  subject: Subject;
  tolerations: Toleration[];
  tolerationSources: TolerationSource[];
  comparisonOperators: boolean;
  nodeSelector: Record<string, string>;
  /** Parsed required node affinity terms; undefined when the pod has none. */
  requiredTerms?: ParsedTerm[];
  preferredTerms: Array<{ weight: number; term: ParsedTerm }>;
  /** NodeAffinity PreFilterResult: node names from `matchFields metadata.name In`; undefined = all nodes. */
  nodeNames?: Set<string>;
  requests: Resources;
  /** The created pod's host ports (with hostNetwork, the API server's hostPort = containerPort included). */
  hostPorts: HostPort[];
  /** spec.nodeName (read once: pod specs come in many shapes). */
  nodeName: string | undefined;
  /** The pod tolerates the node.kubernetes.io/unschedulable:NoSchedule taint (passes NodeUnschedulable on cordoned nodes). */
  toleratesUnschedulable: boolean;
  /** spec.nodeSelector as parallel arrays, for the per-node loop. */
  selectorKeys: string[];
  selectorValues: string[];
  /** Some request is non-zero (NodeResourcesFit checks nothing but the pod count otherwise). */
  hasRequests: boolean;
  /** By taint id: 1 when the pod's tolerations tolerate that taint, 2 when not; filled as taints are met. */
  toleratedTaints: number[];
  /** requests.scalars as parallel arrays, in the pod's order. */
  scalarNames: string[];
  scalarAmounts: number[];
}

export interface NodeInfo {
  node: Node;
  name: string;
  labels: Record<string, string>;
  /** Node taints after the node lifecycle controller's condition taints. */
  taints: Taint[];
  ownTaintCount: number;
  /** The NoSchedule and NoExecute taints of `taints`, in order: the ones TaintToleration's Filter looks at. */
  filterTaints: Taint[];
  /** An id per filterTaints entry, the same for equal (key, value, effect) on every node (see taintId). */
  filterTaintIds: number[];
  unschedulable: boolean;
  /**
   * status.allocatable, or its capacity when it has none (SetDefaults_NodeStatus); undefined when the node declares
   * neither (treated as unconstrained).
   */
  allocatable?: Resources & { pods: number; has: Set<string> };
}

/** What the pods already bound to a node use (NodeInfo.Requested, UsedPorts). */
export interface NodeUsage {
  pods: number;
  requested: Resources;
  ports: Array<HostPort & { pod: string }>;
}

/** nanos / divisor rounded away from zero, as Quantity.Value()/MilliValue() round. */
function roundUp(nanos: bigint, divisor: bigint): bigint {
  const q = nanos / divisor;
  const rem = nanos % divisor;
  return rem > 0n ? q + 1n : rem < 0n ? q - 1n : q;
}

/** Keep the exact value next to the number when the number is not exact. */
function keepExact(r: Resources, key: string, n: number, exact: () => bigint): void {
  if (!Number.isSafeInteger(n)) (r.exact ??= new Map()).set(key, exact());
}

const MILLI = 10n ** 6n;
const UNIT = 10n ** 9n;

/** toResources for amounts already in the scheduler's units (podRequestsInUnits): numbers, all exact. */
function resourcesFromUnits(list: Map<string, number>): Resources {
  const r: Resources = { milliCPU: 0, memory: 0, ephemeralStorage: 0, scalars: new Map() };
  for (const [name, n] of list) {
    if (name === 'cpu') r.milliCPU = n;
    else if (name === 'memory') r.memory = n;
    else if (name === 'ephemeral-storage') r.ephemeralStorage = n;
    else if (isScalarResourceName(name)) r.scalars.set(name, n);
  }
  return r;
}

export function toResources(list: ResourceList): Resources {
  const r: Resources = { milliCPU: 0, memory: 0, ephemeralStorage: 0, scalars: new Map() };
  for (const [name, nanos] of list) {
    // the exact sum is rounded only now, away from zero as Quantity does: cpu with MilliValue(), the rest with Value()
    if (name === 'cpu') {
      const v = roundUp(nanos, MILLI);
      keepExact(r, name, (r.milliCPU = Number(v)), () => v);
    } else if (name === 'memory' || name === 'ephemeral-storage' || isScalarResourceName(name)) {
      const v = roundUp(nanos, UNIT);
      const n = Number(v);
      if (name === 'memory') r.memory = n;
      else if (name === 'ephemeral-storage') r.ephemeralStorage = n;
      else r.scalars.set(name, n);
      keepExact(r, name, n, () => v);
    }
  }
  return r;
}

/** A resource amount exactly: the kept bigint, or the number (exact when no bigint was kept). */
export function exactAmount(r: Resources, key: string, n: number): bigint {
  return r.exact?.get(key) ?? BigInt(n);
}

/** Add `r` into `sum`, keeping exact values where the sum outgrows a number. */
export function addResources(sum: Resources, r: Resources): void {
  // plain sums first: nodeUsage adds every existing pod, and a sum beyond 2^53 is rare
  const cpu = sum.milliCPU + r.milliCPU;
  const memory = sum.memory + r.memory;
  const storage = sum.ephemeralStorage + r.ephemeralStorage;
  if (!Number.isSafeInteger(cpu)) keepSum(sum, r, 'cpu', sum.milliCPU, r.milliCPU);
  if (!Number.isSafeInteger(memory)) keepSum(sum, r, 'memory', sum.memory, r.memory);
  if (!Number.isSafeInteger(storage)) keepSum(sum, r, 'ephemeral-storage', sum.ephemeralStorage, r.ephemeralStorage);
  sum.milliCPU = cpu;
  sum.memory = memory;
  sum.ephemeralStorage = storage;
  if (r.scalars.size === 0) return;
  if (sum.scalars === NO_SCALARS) sum.scalars = new Map();
  for (const [k, v] of r.scalars) {
    const a = sum.scalars.get(k) ?? 0;
    if (!Number.isSafeInteger(a + v)) keepSum(sum, r, k, a, v);
    sum.scalars.set(k, a + v);
  }
}

/** The exact sum of `key`, kept next to the number (read before `sum`'s number is updated). */
function keepSum(sum: Resources, r: Resources, key: string, a: number, b: number): void {
  (sum.exact ??= new Map()).set(key, exactAmount(sum, key, a) + exactAmount(r, key, b));
}

/** Appends the host ports of `containers` to `out`, made on the first one (most pods have none); returns `out`. */
function collectHostPorts(out: HostPort[] | undefined, containers: Subject['spec']['containers'] | undefined, field: string, sidecarsOnly: boolean, hostNetwork: boolean): HostPort[] | undefined {
  if (!containers) return out;
  for (let i = 0; i < containers.length; i++) {
    const c = containers[i];
    if ((sidecarsOnly && c.restartPolicy !== 'Always') || !c.ports) continue;
    for (let j = 0; j < c.ports.length; j++) {
      const p = c.ports[j];
      if (!p.hostPort || p.hostPort <= 0) continue;
      const port: HostPort = { ip: p.hostIP || '0.0.0.0', protocol: p.protocol || 'TCP', port: p.hostPort, where: `${field}[${i}].ports[${j}]` };
      if (hostNetwork) port.hostNetwork = true;
      (out ??= []).push(port);
    }
  }
  return out;
}

// shared by every pod without host ports (most pods); nothing appends to a pod's list
const NO_HOST_PORTS: HostPort[] = Object.freeze([]) as unknown as HostPort[];

/** The host ports of the pod as created (with hostNetwork, the ones the API server set from containerPort too). */
function hostPorts(spec: Subject['spec']): HostPort[] {
  const hostNetwork = spec.hostNetwork === true;
  const out = collectHostPorts(undefined, spec.containers, 'containers', false, hostNetwork);
  return collectHostPorts(out, spec.initContainers, 'initContainers', true, hostNetwork) ?? NO_HOST_PORTS;
}

/** A Pod's status, where a resize in flight shows (other kinds have no status of their pods). */
export const statusOf = (o: KubeObject): PodResourceStatus | undefined => (o.kind === 'Pod' ? (o as { status?: PodResourceStatus }).status : undefined);

/**
 * PodRequests in the scheduler's integer view. A quantity that does not decode (in a resize's status, the one list the
 * create path does not check) is the API server's refusal of `object`, never an amount of 0.
 */
function requestsOf(object: KubeObject, spec: Subject['spec'], specPath: string, status?: PodResourceStatus): Resources {
  const standard = standardPodRequests(spec, status);
  // Stryker disable next-line ConditionalExpression: a fast path; the general path gives the same numbers for these pods (standardPodRequests)
  if (standard) return { milliCPU: standard[0], memory: standard[1], ephemeralStorage: standard[2], scalars: new Map() };
  try {
    const units = podRequestsInUnits(spec, specPath, status);
    return units ? resourcesFromUnits(units) : toResources(podRequests(spec, specPath, status));
  } catch (e) {
    // Stryker disable next-line LogicalOperator: every ResourceError carries undecodable (its one constructor call, resources.ts parseList), so && and || agree on every error
    if (!(e instanceof ResourceError) || !e.undecodable) throw e;
    const found = undecodableQuantities(object);
    throw decodeRefusal(object, found.length ? found : [e.undecodable]);
  }
}

// The few reads of a bulk input (a Node, an existing Pod) where a value of another JSON type would be taken silently
// as something else, a string list by its characters, a mapping as an empty list (a node's taints written as kubectl
// writes them were no taints): a TypeError instead, which the engine's entry points turn into the name of the object
// and field (loader/structure.ts diagnosed). A test or two on values read anyway, once per object.
function isMapping(x: unknown): boolean {
  return x == null || (typeof x === 'object' && !Array.isArray(x));
}
function isList(x: unknown): boolean {
  return x == null || Array.isArray(x);
}
export function unreadable(object: KubeObject, what: string): never {
  throw new TypeError(`${object.kind ?? 'object'} ${(object.metadata as { name?: unknown } | undefined)?.name}: ${what} of another JSON type than the API server's`);
}

const podInfos = new PerObjectCache<Subject, PodInfo>();

/** PodInfo, once per subject and settings. */
export function podInfo(subject: Subject): PodInfo {
  const hit = podInfos.get(subject);
  // Stryker disable next-line ConditionalExpression: a cache; without it the same value is worked out again
  if (hit !== undefined) return hit;
  // the one create path: the subject's Pod as created, decoded and defaulted, and admission's tolerations
  return podInfos.set(subject, podInfoOf(subject, admitPod(subject)));
}

const controllerInfos = new PerObjectCache<Subject, PodInfo>();

/**
 * PodInfo of the pod as its controller builds it, before admission (admission/index.ts controllerPod): what the
 * DaemonSet controller's NodeShouldRunDaemonPod reads, the template's tolerations and the daemon ones
 * (pkg/controller/daemon/daemon_controller.go NewPod, predicates).
 */
export function controllerPodInfo(subject: Subject): PodInfo {
  const hit = controllerInfos.get(subject);
  // Stryker disable next-line ConditionalExpression: a cache; without it the same value is worked out again
  if (hit !== undefined) return hit;
  return controllerInfos.set(subject, podInfoOf(subject, controllerPod(subject)));
}

function podInfoOf(subject: Subject, admitted: AdmittedPod): PodInfo {
  const spec = admitted.spec;
  const affinity = spec.affinity?.nodeAffinity;
  const required = affinity?.requiredDuringSchedulingIgnoredDuringExecution;
  const requiredTerms = required ? parseTerms(required.nodeSelectorTerms) : undefined;
  const requests = requestsOf(subject.object, spec, subject.specPath, statusOf(subject.object));
  const comparisonOperators = settings().featureGates.TaintTolerationComparisonOperators;
  const nodeSelector = spec.nodeSelector ?? {};
  return {
    subject,
    tolerations: admitted.tolerations,
    tolerationSources: admitted.sources,
    comparisonOperators,
    nodeSelector,
    requiredTerms,
    preferredTerms: preferredTerms(affinity?.preferredDuringSchedulingIgnoredDuringExecution),
    nodeNames: required ? preFilterNodeNames(required.nodeSelectorTerms) : undefined,
    requests,
    hostPorts: hostPorts(spec),
    nodeName: spec.nodeName || undefined,
    toleratesUnschedulable: toleratesAny(admitted.tolerations, UNSCHEDULABLE_TAINT, comparisonOperators),
    selectorKeys: Object.keys(nodeSelector),
    selectorValues: Object.values(nodeSelector),
    hasRequests: requests.milliCPU !== 0 || requests.memory !== 0 || requests.ephemeralStorage !== 0 || requests.scalars.size !== 0,
    toleratedTaints: [],
    scalarNames: requests.scalars.size ? [...requests.scalars.keys()] : NONE,
    scalarAmounts: requests.scalars.size ? [...requests.scalars.values()] : NONE,
  };
}

// Lists most pods leave empty share one (never written to): PodInfo is built for every workload a call reads.
const NONE: never[] = Object.freeze([]) as unknown as never[];

// loops, not closures: PodInfo is built for every workload a call reads, mostly before V8 optimises it
function toleratesAny(tolerations: readonly Toleration[], taint: Taint, comparisonOperators: boolean): boolean {
  for (let i = 0; i < tolerations.length; i++) if (toleratesTaint(tolerations[i], taint, comparisonOperators)) return true;
  return false;
}

function preferredTerms(preferred: NonNullable<NonNullable<Subject['spec']['affinity']>['nodeAffinity']>['preferredDuringSchedulingIgnoredDuringExecution']): PodInfo['preferredTerms'] {
  if (!preferred?.length) return NONE;
  const out: PodInfo['preferredTerms'] = [];
  for (let i = 0; i < preferred.length; i++) {
    const p = preferred[i];
    const weight = p.weight;
    const term = parseTerms([p.preference])[0];
    if (weight !== 0 && term !== undefined) out.push({ weight, term });
  }
  return out;
}

/** The taint NodeUnschedulable checks tolerations against on a cordoned node (node_unschedulable.go). */
export const UNSCHEDULABLE_TAINT: Taint = { key: 'node.kubernetes.io/unschedulable', value: '', effect: 'NoSchedule' };

const nodeInfos = new PerObjectCache<Node, NodeInfo>();

/** NodeInfo, once per node object and settings. */
export function nodeInfo(node: Node): NodeInfo {
  const hit = nodeInfos.get(node);
  // Stryker disable next-line ConditionalExpression: a cache; without it the same value is worked out again
  if (hit !== undefined) return hit;
  const declared = nodeAllocatable(node);
  if (!isMapping(node.metadata?.labels) || !isList(node.spec?.taints) || !isMapping(declared)) unreadable(node, 'its labels, taints or allocatable');
  const taints = nodeTaints(node);
  const filterTaints: Taint[] = [];
  const filterTaintIds: number[] = [];
  for (let i = 0; i < taints.length; i++) {
    const t = taints[i];
    if (t.effect !== 'NoSchedule' && t.effect !== 'NoExecute') continue;
    filterTaints.push(t);
    filterTaintIds.push(taintId(t));
  }
  const read = declared ? readAllocatable(declared) : undefined;
  // a quantity that does not decode: the API server refuses the Node, so it is no unconstrained node either
  if (typeof read === 'string') throw decodeRefusal(node, undecodableQuantities(node));
  // every field set once, in one literal: one object shape for every node, no field changing kind afterwards
  const info: NodeInfo = {
    node,
    name: node.metadata?.name ?? '',
    labels: node.metadata?.labels ?? {},
    taints,
    ownTaintCount: node.spec?.taints?.length ?? 0,
    filterTaints,
    filterTaintIds,
    unschedulable: !!node.spec?.unschedulable,
    allocatable: read,
  };
  return nodeInfos.set(node, info);
}

// Taints as small numbers: nodes of a pool carry equal taints, and a pod's verdict on one is worked out once.
const taintIds = new Map<string, Map<string, Map<string, number>>>(); // key → effect → value → id
export const taintRegistry: Taint[] = [];

/** The id of a taint's (key, value, effect); equal taints on different nodes share it. */
export function taintId(t: Taint): number {
  let byEffect = taintIds.get(t.key);
  if (!byEffect) taintIds.set(t.key, (byEffect = new Map()));
  let byValue = byEffect.get(t.effect);
  if (!byValue) byEffect.set(t.effect, (byValue = new Map()));
  // Stryker disable next-line StringLiteral: only splits the id of a taint without value from the one with ''; matching and reasons read both as '' (toleration.ts, untoleratedReason)
  const value = t.value ?? '';
  let id = byValue.get(value);
  if (id === undefined) {
    byValue.set(value, (id = taintRegistry.length));
    taintRegistry.push({ key: t.key, value: t.value, effect: t.effect });
  }
  return id;
}

type Allocatable = NonNullable<NodeInfo['allocatable']>;
// Nodes of one pool declare the same allocatable: read each distinct one once (the result is never mutated).
const allocatableRead = new Map<string, Allocatable | string>();

// The last declaration read, as it was then: nodes of a pool usually come one after another. Declared after
// readAllocatableOnce's cache, it starts as the empty declaration's read, so there is always one to compare with.
let lastNames: string[] = [];
let lastValues: Array<string | number> = [];
let lastRead: Allocatable | string = readAllocatableOnce({});

function readAllocatable(allocatable: Record<string, string | number>): Allocatable | string {
  let i = 0;
  // Stryker disable next-line BooleanLiteral: skips the memo
  let same = true;
  for (const name in allocatable) {
    // i within lastNames first: a read past the end costs optimised code a deoptimisation
    // Stryker disable next-line BooleanLiteral,EqualityOperator: `same ||` and `i !==` break at once, so skip the memo
    if (!same || i === lastNames.length) {
      same = false;
      break;
    }
    same = name === lastNames[i] && allocatable[name] === lastValues[i];
    // Stryker disable next-line UpdateOperator: a negative i compares with no name and never equals lastNames.length, so skips the memo
    i++;
  }
  if (same && i === lastNames.length) return lastRead;
  lastRead = readAllocatableOnce(allocatable);
  lastNames = Object.keys(allocatable);
  lastValues = Object.values(allocatable);
  return lastRead;
}

function readAllocatableOnce(allocatable: Record<string, string | number>): Allocatable | string {
  // Stryker disable next-line StringLiteral: the same prefix on every key keeps them distinct
  let key = '';
  for (const name in allocatable) {
    const raw = allocatable[name];
    key += `${name}\u0000${typeof raw}\u0000${String(raw)}\u0000`;
  }
  let read = allocatableRead.get(key);
  // Stryker disable next-line ConditionalExpression: a cache; without it the same value is worked out again
  if (read !== undefined) return read;
  try {
    const list: ResourceList = new Map();
    for (const [name, raw] of Object.entries(allocatable)) list.set(name, decodeQuantity(raw).nanos);
    const pods = list.has('pods') ? new Quantity(list.get('pods')!, 'DecimalSI', 'pods').value() : 0;
    read = { ...toResources(list), pods, has: new Set(list.keys()) };
  } catch (e) {
    if (!(e instanceof QuantityError)) throw e;
    // Stryker disable next-line StringLiteral: nodeInfo reads only that it is a string, and refuses the Node with undecodableQuantities' own text
    read = `status.allocatable: ${e.message}`;
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: bounds the cache's memory; a cleared cache works the value out again
  if (allocatableRead.size >= 10_000) allocatableRead.clear();
  allocatableRead.set(key, read);
  return read;
}

const TERMINAL = new Set(['Succeeded', 'Failed']);

/** What an existing pod takes on its node: its requests and host ports (NodeInfo.AddPod reads no more). */
export interface PodUsage {
  requests: Resources;
  hostPorts: HostPort[];
}

/**
 * The requests-only view of an existing pod: a snapshot reads thousands of them, and none needs the rest of PodInfo
 * (admission, node affinity terms, tolerations). The same numbers as podInfo(toSubject(pod)).requests and .hostPorts.
 */
export const podUsage = cachedPerObject((pod: Pod): PodUsage => {
  if (!isList(pod.spec?.containers) || !isList(pod.spec?.initContainers)) unreadable(pod, 'spec.containers');
  // the pod as stored (a hand-written one is defaulted as a dumped one was: hostNetwork host ports), through the same
  // create path as the pod being scheduled; the subject form for what is not a Pod with a spec
  // Stryker disable next-line StringLiteral: a Pod with a spec taken as a subject gets the same spec (createdSpec: the defaulted pod.spec) and specPath 'spec'
  const subject = pod.kind === 'Pod' && pod.spec ? undefined : toSubject(pod);
  const spec = subject ? createdSpec(subject) : storedPod(pod).spec!;
  const status = statusOf(pod);
  const ports = hostPorts(spec);
  const standard = standardPodRequests(spec, status);
  if (standard && !ports.length) return sharedUsage(standard[0], standard[1], standard[2]);
  // standardPodRequests decoded every amount it read; any other pod is checked whole (the API server refuses it)
  if (!standard) assertDecodes(pod);
  // Stryker disable next-line StringLiteral: specPath only names fields in ResourceError texts, and requestsOf's refusal is rebuilt from undecodableQuantities (or a status path) after assertDecodes checked the spec
  return { requests: requestsOf(pod, spec, subject ? subject.specPath : 'spec', status), hostPorts: ports };
});

// Replicas of one workload request the same: pods without host ports whose requests are plain numbers
// (standardPodRequests) share one PodUsage per (milli-cpu, memory, ephemeral-storage).
const usageByAmounts = new Map<number, Map<number, Map<number, PodUsage>>>();
let sharedUsages = 0;

function sharedUsage(milliCPU: number, memory: number, ephemeralStorage: number): PodUsage {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: bounds the shared usages' memory; a dropped one is made again with the same amounts
  if (sharedUsages >= 10_000) {
    usageByAmounts.clear();
    sharedUsages = 0;
  }
  let byMemory = usageByAmounts.get(milliCPU);
  // Stryker disable next-line ConditionalExpression: only sharing; a fresh map holds the same usage
  if (!byMemory) usageByAmounts.set(milliCPU, (byMemory = new Map()));
  let byStorage = byMemory.get(memory);
  // Stryker disable next-line ConditionalExpression: only sharing; a fresh map holds the same usage
  if (!byStorage) byMemory.set(memory, (byStorage = new Map()));
  let usage = byStorage.get(ephemeralStorage);
  // Stryker disable next-line ConditionalExpression: only sharing; a fresh PodUsage has the same amounts and no host ports
  if (!usage) {
    byStorage.set(ephemeralStorage, (usage = { requests: { milliCPU, memory, ephemeralStorage, scalars: new Map() }, hostPorts: [] }));
    // Stryker disable next-line UpdateOperator: the count only bounds memory
    sharedUsages++;
  }
  return usage;
}

/** What pods already bound to a node consume; terminal pods consume nothing (the scheduler cache drops them). */
export function nodeUsage(existingPods: readonly Pod[] | undefined): NodeUsage {
  const usage = emptyUsage();
  if (existingPods) for (let i = 0; i < existingPods.length; i++) addPodUsage(usage, existingPods[i]);
  return usage;
}

// An empty usage's scalars and host ports until a pod adds some: a snapshot makes a usage per node (thousands), and most
// nodes' pods request neither. Never written: addResources and addPodUsage put a list of the usage's own in first.
const NO_SCALARS: Map<string, number> = new Map();
const NO_PORTS: NodeUsage['ports'] = [];

/** The usage of a node without pods, a fresh object to add pods to (addPodUsage). */
export const emptyUsage = (): NodeUsage => ({ pods: 0, requested: { milliCPU: 0, memory: 0, ephemeralStorage: 0, scalars: NO_SCALARS }, ports: NO_PORTS });

/**
 * What preemption's dry run reads of each existing pod as numbers (NodeSnapshot.podNumbers), POD_NUMBERS per pod:
 * its milli-cpu, memory and ephemeral-storage (standardAmounts; NaN for a pod whose requests are read otherwise) and
 * its spec.priority (NaN when unset). Kept from the snapshot's one pass over the pods: read again, pod by pod, they
 * cost a walk through memory over thousands of pods.
 */
export const POD_NUMBERS = 4;

function pushPodNumbers(out: number[], pod: Pod, standardPod: boolean): void {
  const priority = pod.spec?.priority;
  const p = typeof priority === 'number' ? priority : NaN;
  if (standardPod) out.push(standard[0], standard[1], standard[2], p);
  else out.push(NaN, NaN, NaN, p);
}

/**
 * NodeInfo.AddPod's usage part: the pod's requests and host ports added to `usage`; a terminal pod adds nothing.
 * `numbers`, when given, gets the pod's POD_NUMBERS.
 */
export function addPodUsage(usage: NodeUsage, pod: Pod, numbers?: number[]): void {
  // Stryker disable next-line StringLiteral: neither '' nor another non-phase is terminal
  const terminal = TERMINAL.has(pod.status?.phase ?? '');
  const standardPod = !terminal && addStandardUsage(usage.requested, pod);
  if (numbers) pushPodNumbers(numbers, pod, standardPod);
  if (terminal) return;
  usage.pods++;
  if (standardPod) return;
  const used = podUsage(pod);
  addResources(usage.requested, used.requests);
  if (used.hostPorts.length && usage.ports === NO_PORTS) usage.ports = [];
  for (const p of used.hostPorts) usage.ports.push({ ...p, pod: toSubject(pod).label });
}

const standard = [0, 0, 0];

/**
 * podUsage's common case: a Pod with a spec, without hostNetwork (whose defaulting makes host ports) or host ports,
 * whose requests are plain numbers (standardRequestsInto): its milli-cpu, memory and ephemeral-storage written into
 * `out`. False for any other pod: podUsage answers it.
 */
export function standardAmounts(pod: Pod, out: number[]): boolean {
  const spec = pod.spec;
  if (pod.kind !== 'Pod' || !spec || spec.hostNetwork === true || hasHostPorts(spec.containers) || hasHostPorts(spec.initContainers)) return false;
  return standardRequestsInto(spec, statusOf(pod), out);
}

/** NodeSnapshot.podNumbers of `pods` (POD_NUMBERS each; a terminal pod's requests are NaN). */
export function podNumbersOf(pods: readonly Pod[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < pods.length; i++) pushPodNumbers(out, pods[i], !TERMINAL.has(pods[i].status?.phase ?? '') && standardAmounts(pods[i], standard));
  return out;
}

/**
 * standardAmounts added in place, the sums still exact. Worked out again on every read instead of kept per pod: a
 * snapshot's first read of thousands of pods costs less so (no WeakMap entry, no array per pod). False for any other
 * pod, `sum` untouched.
 */
function addStandardUsage(sum: Resources, pod: Pod): boolean {
  if (!standardAmounts(pod, standard)) return false;
  const cpu = sum.milliCPU + standard[0];
  const memory = sum.memory + standard[1];
  const storage = sum.ephemeralStorage + standard[2];
  if (!Number.isSafeInteger(cpu) || !Number.isSafeInteger(memory) || !Number.isSafeInteger(storage)) return false;
  sum.milliCPU = cpu;
  sum.memory = memory;
  sum.ephemeralStorage = storage;
  return true;
}

/** Some container declares a hostPort (hostPorts would list it, or an init container's that it does not: false is what counts). */
function hasHostPorts(containers: Subject['spec']['containers'] | undefined): boolean {
  if (!containers) return false;
  for (let i = 0; i < containers.length; i++) {
    const ports = containers[i].ports;
    if (ports) for (let j = 0; j < ports.length; j++) if (ports[j].hostPort) return true;
  }
  return false;
}

/** A Status whose details are only worked out when a message needs them (thousands of nodes fail silently). */
export function failure(plugin: string, code: Code, reasons: string[], details: () => string[]): Status {
  let memo: string[] | undefined;
  return {
    plugin,
    code,
    reasons,
    get details() {
      return (memo ??= details());
    },
  };
}

/**
 * A Filter verdict without its details: one shared, frozen value per (plugin, code, reasons), so that a
 * rejected pair costs no allocation. The details are worked out from the pair when a message needs them.
 */
export interface Rejection {
  readonly plugin: string;
  readonly code: Code;
  readonly reasons: readonly string[];
}

const interned = new Map<string, Rejection>();

/** The shared Rejection for (plugin, code, reasons). */
export function rejection(plugin: string, code: Code, reasons: readonly string[]): Rejection {
  const key = `${plugin}\0${code}\0${reasons.join('\0')}`;
  let r = interned.get(key);
  // Stryker disable next-line ConditionalExpression: only sharing; nothing compares rejections by identity, and a fresh one has the same fields
  if (!r) interned.set(key, (r = Object.freeze({ plugin, code, reasons: Object.freeze([...reasons]) })));
  return r;
}

/** Why a pair was rejected, in kube-scheduler's words and ours: the plugin's `explain`. */
export type Explain = (pod: PodInfo, node: NodeInfo, usage: NodeUsage, rejected: Rejection) => string[];

/** The Status of one rejected pair: the shared rejection's fields, details computed on first read. */
class PairStatus implements Status {
  readonly plugin: string;
  readonly code: Code;
  readonly reasons: string[];
  // private (#) so that printing or comparing a Status shows its four fields only
  #explain: Explain;
  #pod: PodInfo;
  #node: NodeInfo;
  #usage: NodeUsage;
  #details: string[] | undefined;
  constructor(rejected: Rejection, explain: Explain, pod: PodInfo, node: NodeInfo, usage: NodeUsage) {
    this.plugin = rejected.plugin;
    this.code = rejected.code;
    this.reasons = rejected.reasons as string[];
    this.#explain = explain;
    this.#pod = pod;
    this.#node = node;
    this.#usage = usage;
  }
  get details(): string[] {
    return (this.#details ??= this.#explain(this.#pod, this.#node, this.#usage, this));
  }
  toJSON() {
    return { plugin: this.plugin, code: this.code, reasons: this.reasons, details: this.details };
  }
}

/** The Status for a pair a plugin's `check` rejected. */
export function pairStatus(rejected: Rejection, explain: Explain, pod: PodInfo, node: NodeInfo, usage: NodeUsage): Status {
  return new PairStatus(rejected, explain, pod, node, usage);
}

/** Parts of a node a Filter's verdict can depend on (besides labels and name), for node shapes (matrix.ts). */
export type NodeFacet = 'unschedulable' | 'taints' | 'allocatable' | 'usage' | 'ports';

/**
 * What of a node a Filter plugin reads. Nodes alike in everything the plugins read get one evaluation per pod.
 * A plugin without `reads` (one that looks at other nodes or the pods on them) turns node shapes off: every
 * node is then evaluated on its own. A plugin can add its own part of the key with a function.
 */
export interface NodeReads {
  node: ReadonlyArray<NodeFacet | ((node: NodeInfo, usage: NodeUsage) => string)>;
  /** The label keys the verdict can depend on for this pod. */
  labels?(pod: PodInfo): readonly string[];
  /**
   * The node names the verdict can single out for this pod (nodes with other, non-empty names are alike to it);
   * 'all' when any name may matter. Undefined or empty: the name does not matter.
   */
  names?(pod: PodInfo): readonly string[] | 'all' | undefined;
}

/** The framework's status for nodes outside the PreFilter result (runtime/framework.go, sorted plugin names). */
export const preFilterReason = (plugins: readonly string[]) => `node(s) didn't satisfy plugin(s) [${[...plugins].sort().join(' ')}]`;

/** What the filters say of a node for a changed pod (a fix hint's second run): feasible, or the first rejection. */
export interface Retried { feasible: boolean; status?: Status }

/**
 * A Filter plugin (framework/interface.go FilterPlugin) that reads the node and the pods' usage on it. Everything
 * the clients show of it lives in its folder and hangs off this object: its reasons and details (`filter`), why it
 * passed (`explainPass`), its fix hint (`fixHint`); the profile (profile.ts) lists it, the framework runs it.
 */
export interface FilterPlugin {
  name: string;
  filter(pod: PodInfo, node: NodeInfo, usage: NodeUsage): Status | undefined;
  /** The same verdict as `filter`, as a shared Rejection: no allocation for the many-pairs case. */
  check?(pod: PodInfo, node: NodeInfo, usage: NodeUsage): Rejection | undefined;
  reads?: NodeReads;
  /** Why the node passed, one fact a line without the plugin's name (what `.not` reports); [] when nothing to say. */
  explainPass?(pod: PodInfo, node: NodeInfo): string[];
  /**
   * The verdict depends on the pods already on the node (NodePorts, NodeResourcesFit): `keepApart` leaves such
   * plugins out when it asks whether a node may take a pod at all.
   */
  readsPods?: true;
  /** PreFilter returns Skip for the pod: its Filter is not run and it is not named among the plugins run. */
  skips?(pod: PodInfo): boolean;
  /**
   * The fix hint for the pod's rejections (undefined: none for this pod): lines added to a rejection's details when
   * they are read — a change that would fix it, and (`retry`: the filters run again on the node for the changed
   * pod) whether it would.
   */
  fixHint?(pod: PodInfo): ((node: NodeInfo, retry: (changed: PodInfo) => Retried) => string[]) | undefined;
}

/** The optional parts of a Filter plugin (FilterPlugin), beside its name, reads, check and explain. */
export type FilterPluginExtras = Pick<FilterPlugin, 'explainPass' | 'readsPods' | 'skips' | 'fixHint'>;

/** A Filter plugin from its fast `check` and its `explain`; `filter` wraps the two. */
export function filterPlugin(name: string, reads: NodeReads, check: NonNullable<FilterPlugin['check']>, explain: Explain, extras: FilterPluginExtras = {}): FilterPlugin {
  return {
    name,
    reads,
    check,
    filter(pod, node, usage) {
      const rejected = check(pod, node, usage);
      return rejected && pairStatus(rejected, explain, pod, node, usage);
    },
    ...extras,
  };
}

/** What the Score plugins read of a node: its NodeInfo and the pods bound to it. */
export interface ScoreNode {
  info: NodeInfo;
  pods: readonly Pod[];
  /** A snapshot entry's per-node memo (NodeSnapshot.memo): what scoring derives from the node's pods, kept. */
  memo?<T>(compute: (pods: readonly Pod[]) => T): T;
}

/** What the cluster-aware Score plugins read: every node with its pods, the namespaces' labels and the Services. */
export interface ScoreCluster {
  nodes: readonly ScoreNode[];
  /** Namespace name → labels (with kubernetes.io/metadata.name), for namespaceSelector. */
  namespaceLabels: ReadonlyMap<string, Record<string, string>>;
  /** The Service objects (PodTopologySpread's system defaults select by the selectors of those that select the pod). */
  services?: readonly KubeObject[];
  /** The storage objects as the volume plugins' listers (storage.ts); VolumeBinding's Score reads them where the release has one. */
  storage?: StorageListers;
}

/** PreScore's Skip (framework/interface.go): the plugin adds nothing to any node, for `reason`. */
export class Skip {
  /**
   * `shown` false: a score of 0 on every node that the messages leave out (VolumeBinding's for a pod without claims
   * at 1.37: upstream scores it, 0 everywhere, which changes no total).
   */
  constructor(readonly reason: string, readonly shown = true) {}
}

/**
 * A Score plugin (framework/interface.go PreScorePlugin, ScorePlugin, ScoreExtensions): PreScore once per pod over
 * the feasible nodes (its state, or Skip), Score per node, NormalizeScore over the nodes' scores (none: the score
 * stands). Everything the clients show of it hangs off this object: the detail line of a node's score (`explain`) and
 * its own part of the public NodeScore (`nodeScore`). The profile (profile.ts) lists it with its weight; score.ts runs it.
 */
export interface ScorePlugin<S = unknown> {
  name: string;
  preScore(pod: PodInfo, feasible: readonly ScoreNode[], cluster: ScoreCluster): S | Skip;
  score(state: S, node: ScoreNode): number;
  normalizeScore?(state: S, raw: number[], feasible: readonly ScoreNode[]): number[];
  /** What the node's score was worked out from, one line without the plugin's name (read only for nodes shown). */
  explain(state: S, node: ScoreNode, raw: number): string;
  /**
   * The plugin's own field of NodeScore (TaintToleration's and NodeAffinity's in the default profile), also when
   * PreScore Skipped (`state` undefined, raw and score 0).
   */
  nodeScore?: { key: string; value(state: S | undefined, node: ScoreNode, raw: number, score: number): unknown };
}
