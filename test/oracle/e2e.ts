// The end-to-end domain: what a user passes (a workload as written, nodes as dumped, the cluster's pods, namespaces,
// Services, RuntimeClasses) against what the cluster does with it (oracle/shared/e2e.go: the API server's create
// path, the workload's controller, the node lifecycle controller, kube-scheduler). The library answers through the
// entry points the matchers use: the argument checks (inputCheckedOnce, decodedOnce: an object the API server
// refuses gets no verdict; a dumped object is checked as an update of itself), `checkedSchedule`
// (toBeSchedulableOnAnyOf's arguments and engine question; its `noPod`, the nodes a DaemonSet's controller makes no
// pod for), `rankNodes` for the scores, `daemonShouldRun` (whether any pod is made, for the refusals), `noPodsReason`,
// and the library's own controller model (`podFrom`) for the replicas a workload already runs. Compared:
// - rejected: which object (workload, job, pod, nodes[i]) and how (decode, strict, the field errors as a multiset,
//   an admission refusal);
// - scheduled: as the scheduling domain (compare.ts), ImageLocality included (the nodes list status.images; the run
//   tallies the cases where upstream's ImageLocality scored, see `tally`);
// - a DaemonSet: per node whether the controller makes a pod, that pod's status on its node, and its own FitError when
//   it stays Pending.
import type { Difference } from './compare';
import { compareScheduling, imageLocalityTally } from './compare';
import type { Domain } from './domains';
import type { NodeScore, NodeStatus, SchedulingOutput } from './adapter';
import { e2eInputArb, statefulInputArb, type E2EInput } from './generators-e2e';
import { compareCreate, stripHints, type UpstreamCreate } from './create';
import {
  admissionRefusedOnce, checkedSchedule, CLAIM_VOLUME, daemonShouldRun, decodedOnce, inputCheckedOnce, noPodsReason, podFrom, rankNodes, releaseAtLeast, validateClaimSpec, storageFor, toSubject, typeErrors, UsageError,
  withConfiguration, workloadClaims, type KubeObject, type Node, type Pod,
} from './lib';
import { volumesTally } from './volumes';

export interface DaemonNode { node: string; run: boolean; status?: NodeStatus; fitError?: string }

/** What the API server refuses: the object (workload, job, pod, nodes[i]) and the refusal (create.go createOutput). */
export type Refusal = { object: string; decodeFields?: string[] } & Omit<UpstreamCreate, 'object'>;

export interface E2EOutput {
  rejected?: Refusal;
  noPods?: string;
  scheduling?: SchedulingOutput;
  daemon?: DaemonNode[];
  /** The claims a StatefulSet's controller created for the pod in question (after DefaultStorageClass admission). */
  claims?: Array<Record<string, any>>;
  /** The library refuses the case (`rejected`) but the matchers' argument checks do not: a verdict where upstream refuses. */
  matchersAccept?: true;
  /** The library's: the claim volumes it answers "not modelled" for (its scheduling answer is then not compared). */
  notModelled?: string[];
}

const POD_NOTE = / \(the API server accepts the \w+ but refuses every Pod it creates\)$/;
const goList = (xs: readonly string[]) => `[${xs.join(' ')}]`;

/** A field of the workload's pod template as the Pod's own: its pod-spec path is the Pod's `spec`, its metadata the Pod's. */
function podField(specPath: string): (field: string) => string {
  const metaPath = specPath.replace(/\.spec$/, '.metadata');
  return (field) => (field === specPath ? 'spec' : field.startsWith(`${specPath}.`) ? `spec.${field.slice(specPath.length + 1)}`
    : field.startsWith(`${metaPath}.`) ? `metadata.${field.slice(metaPath.length + 1)}` : field);
}

/** The library's refusal, in the order the API server meets the objects: the workload, the nodes, the pod. */
function libraryRefusal(input: E2EInput): Refusal | undefined {
  const workload = input.workload as KubeObject;
  const decode = [...typeErrors(workload), ...decodedOnce(workload)];
  if (decode.length) return { object: 'workload', decode: 'decode', decodeFields: decode.map((e) => e.field) };
  const errors = inputCheckedOnce(workload).errors;
  // the RuntimeClass plugin refuses the pod in the mutating phase (before validation) or the validating one (after)
  const admission = admissionRefusedOnce(workload);
  const podObject = workload.kind === 'Pod' ? 'workload' : 'pod';
  if (workload.kind === 'Pod' && admission?.phase === 'admit') return { object: podObject, refused: admission.message };
  const own = errors.filter((e) => !POD_NOTE.test(e.message));
  if (own.length) return { object: 'workload', errors: own.map((e) => ({ type: '', field: e.field, body: stripHints(e.message) })) };
  if (workload.kind === 'Pod' && admission) return { object: podObject, refused: admission.message };
  for (const [i, node] of input.nodes.entries()) {
    const undecodable = decodedOnce(node as Node);
    if (undecodable.length) return { object: `nodes[${i}]`, decode: 'decode', decodeFields: undecodable.map((e) => e.field) };
    const bad = inputCheckedOnce(node as Node).errors;
    if (bad.length) return { object: `nodes[${i}]`, errors: bad.map((e) => ({ type: '', field: e.field, body: stripHints(e.message) })) };
  }
  // before 1.34 the StatefulSet's claims are refused when its controller creates them, before any pod
  const claim = refusedClaim(input);
  if (claim) return claim;
  // a controller that creates no pod (a suspended Job or CronJob; a DaemonSet without a node it should run on) has
  // none refused
  if (noPodsReason(workload, input.storage as KubeObject[]) || (workload.kind === 'DaemonSet' && !input.nodes.some((n) => daemonShouldRun(workload, n as Node).run))) return podsRefused(input);
  if (admission?.phase === 'admit') return { object: podObject, refused: admission.message };
  if (errors.length) {
    const field = podField(toSubject(workload).specPath);
    return { object: 'pod', errors: errors.map((e) => ({ type: '', field: field(e.field), body: stripHints(e.message.replace(POD_NOTE, '')) })) };
  }
  if (admission) return { object: podObject, refused: admission.message };
  return podsRefused(input);
}

/**
 * Before 1.34: the first claim (in template name order, those the storage objects hold left out) that the API server
 * refuses when the StatefulSet controller creates it for the pod in question (ordinal 0).
 */
function refusedClaim(input: E2EInput): Refusal | undefined {
  const set = input.workload;
  if (set.kind !== 'StatefulSet' || releaseAtLeast('1.34')) return undefined;
  const ns = set.metadata?.namespace || 'default';
  const given = new Set((input.storage ?? []).filter((o) => o.kind === 'PersistentVolumeClaim').map((o) => `${o.metadata?.namespace || 'default'}/${o.metadata?.name}`));
  const templates: Array<Record<string, any>> = [...(set.spec?.volumeClaimTemplates ?? [])]
    .sort((a, b) => ((a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1));
  for (const t of templates) {
    if (given.has(`${ns}/${t.metadata?.name}-${set.metadata?.name}-0`)) continue;
    const errors = validateClaimSpec(t.spec, 'spec');
    if (errors.length) return { object: 'claim', errors: errors.map((e) => ({ type: '', field: e.field, body: e.message })) };
  }
  return undefined;
}

/** The matchers' options for the case's cluster, with `existingPods` as given. */
const clusterOptions = (input: E2EInput, existingPods: Pod[]) => ({
  existingPods, namespaces: input.namespaces as KubeObject[], services: input.services as KubeObject[],
  ...(input.storage?.length ? { storage: input.storage as KubeObject[] } : {}),
});

/**
 * The matchers give a verdict for a case the API server refuses (their argument checks do not refuse it as
 * libraryRefusal, which names the object as upstream does, found): compared as a difference, so that the refusal
 * the oracle checks is the matchers' too.
 */
function matchersAccept(input: E2EInput): boolean {
  try {
    checkedSchedule(input.workload as KubeObject, input.nodes as Node[], clusterOptions(input, input.pods as Pod[]));
    return true;
  } catch (e) {
    if (e instanceof UsageError) return false;
    throw e;
  }
}

/** The cluster's pods the API server would refuse (dumped: checked as an update of themselves). */
function podsRefused(input: E2EInput): Refusal | undefined {
  for (const [i, pod] of input.pods.entries()) {
    const bad = inputCheckedOnce(pod as Pod).errors;
    if (bad.length) return { object: `pods[${i}]`, errors: bad.map((e) => ({ type: '', field: e.field, body: stripHints(e.message) })) };
  }
  return undefined;
}

/**
 * The replicas the workload's controller made before, as the library models them (ordinals or indexes 1, 2, …: the
 * subject is the controller's pod 0), bound and running.
 */
function replicaPods(input: E2EInput): Pod[] {
  const name = input.workload.metadata?.name ?? '<unnamed>';
  return input.replicas.map((node, i) => {
    const pod = podFrom(input.workload as KubeObject, `${name}-${i + 1}`, { ordinal: i + 1 });
    // running: bound, and its scheduling gates long removed (the API server refuses a nodeName before that)
    const { schedulingGates: _, ...spec } = pod.spec ?? {};
    return { ...pod, spec: { ...spec, nodeName: node }, status: { phase: 'Running' } } as Pod;
  });
}

function statusOf(v: { node: string; feasible: boolean; status?: { code: string; plugin: string; reasons: readonly string[] } }): NodeStatus {
  return v.feasible ? { node: v.node, code: 'Success', plugin: '', reasons: [] } : { node: v.node, code: v.status!.code, plugin: v.status!.plugin, reasons: [...v.status!.reasons] };
}

const byNode = <T extends { node: string }>(a: T, b: T) => (a.node < b.node ? -1 : a.node > b.node ? 1 : 0);

export function libraryE2E(input: E2EInput): E2EOutput {
  const admission = { extendedResourceToleration: input.extendedResourceToleration, runtimeClass: true };
  return withConfiguration({ admission, runtimeClasses: input.runtimeClasses as KubeObject[] }, () => {
    const refused = libraryRefusal(input);
    if (refused) return { rejected: refused, ...(matchersAccept(input) ? { matchersAccept: true } : {}) };
    const workload = input.workload as KubeObject;
    const none = noPodsReason(workload, input.storage as KubeObject[]);
    if (none) return { noPods: 'suspended' };
    const nodes = input.nodes as Node[];
    // no node to run on: the controller creates no pod, so none is refused (the matchers' argument checks would name
    // the refusal its pods would meet) or scheduled
    if (workload.kind === 'DaemonSet' && !nodes.some((n) => daemonShouldRun(workload, n).run)) return { daemon: nodes.map((n) => ({ node: n.metadata!.name!, run: false })) };
    const options = clusterOptions(input, [...(input.pods as Pod[]), ...replicaPods(input)]);
    const claims = createdClaims(input);
    let answer;
    try {
      answer = checkedSchedule(workload, nodes, options).answer;
    } catch (e) {
      if (e instanceof UsageError) return { rejected: { object: 'arguments', refused: e.message } };
      throw e;
    }
    const gated = answer.gated ? `waiting for scheduling gates: ${goList(answer.gated.gates)}` : undefined;
    const statuses = [...answer.feasible, ...answer.rejected].map(statusOf).sort(byNode);
    if (workload.kind === 'DaemonSet') {
      // the matchers' own answer says where the controller makes no pod (`noPod`, engine/daemon.ts), not a second
      // reading of its rule here: the path the matchers take is the one compared
      const noPod = new Set((answer.noPod ?? []).map((n) => n.node));
      // each Pending pod's own FitError (engine/daemon.ts withDaemonPods), as its FailedScheduling event says it
      const fitErrors = new Map((answer.daemonPods ?? []).map((p) => [p.node, p.fitError]));
      return {
        daemon: nodes.map((n) => {
          const name = n.metadata!.name!;
          if (noPod.has(name)) return { node: name, run: false };
          const status = gated ? { node: name, code: 'Gated', plugin: '', reasons: [gated] } : statuses.find((s) => s.node === name)!;
          const fitError = fitErrors.get(name);
          return { node: name, run: true, status, ...(fitError !== undefined ? { fitError } : {}) };
        }),
      };
    }
    if (gated) return { scheduling: { gated, nodes: [], feasible: [] }, ...claims };
    const notModelled = (answer.notModelled ?? []).filter((n) => n.what === CLAIM_VOLUME).map((n) => n.detail);
    if (notModelled.length) return { notModelled, ...claims };
    const scheduling: SchedulingOutput = { nodes: statuses, feasible: answer.feasible.map((v) => v.node).sort() };
    if (answer.fitError !== undefined) scheduling.fitError = answer.fitError;
    // schedulePod scores only when two or more nodes are feasible
    if (scheduling.feasible.length >= 2) {
      const scores: NodeScore[] = rankNodes(workload, nodes, options).map((s) => ({
        node: s.node,
        plugins: Object.fromEntries(s.plugins.map((p) => [p.plugin, p.score * p.weight])),
        total: s.total,
      })).sort(byNode);
      const best = Math.max(...scores.map((s) => s.total));
      scheduling.scores = scores;
      scheduling.top = scores.filter((s) => s.total === best).map((s) => s.node).sort();
    }
    return { scheduling, ...claims };
  });
}

/**
 * The claims the library's StatefulSet controller model creates for its pod 0 (admission/storage.ts workloadClaims:
 * getPersistentVolumeClaims, the retention policy's ownerReferences, DefaultStorageClass admission), those of a name
 * the storage objects hold left out (the controller uses them as they are).
 */
function createdClaims(input: E2EInput): { claims?: Array<Record<string, any>> } {
  const workload = input.workload as KubeObject;
  if (workload.kind !== 'StatefulSet' || !(input.workload.spec?.volumeClaimTemplates ?? []).length) return {};
  const storage = storageFor((input.storage ?? []) as KubeObject[]);
  const given = (c: { metadata?: { namespace?: string; name?: string } }) => (input.storage ?? []).some((o) => o.kind === 'PersistentVolumeClaim'
    && o.metadata?.name === c.metadata?.name && (o.metadata?.namespace || 'default') === (c.metadata?.namespace || 'default'));
  const claims = workloadClaims(workload, 0, storage).filter((c) => !given(c)).map(claimFacts);
  return claims.length ? { claims } : {};
}

/**
 * What is compared of a created claim: its name, namespace, labels, annotations, class and ownerReferences (their
 * uids left out: the API server assigns them; the library's objects often have none).
 */
function claimFacts(c: Record<string, any>): Record<string, any> {
  const m = c.metadata ?? {};
  const refs = (m.ownerReferences ?? []).map(({ uid: _, ...r }: Record<string, unknown>) => r);
  return compactFacts({
    name: m.name, namespace: m.namespace, labels: m.labels, annotations: m.annotations,
    storageClassName: c.spec?.storageClassName, ownerReferences: refs.length ? refs : undefined,
  });
}
const compactFacts = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));
/** JSON with object keys sorted (Go writes maps sorted; the library keeps insertion order). */
const canonical = (x: unknown): string => JSON.stringify(x, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));

const json = (x: unknown) => JSON.stringify(x);
const sortedReasons = (s?: NodeStatus) => s && { ...s, reasons: [...s.reasons].sort() };

/**
 * A Forbidden message without the pod's name: a controller's pod is named by the API server (generateName, and a
 * Deployment's pod-template-hash the library cannot compute), `<name>-<index>` in the library.
 */
const podNameless = (message: string | undefined) => message?.replace(/^pods "[^"]*" is forbidden: /, 'pods is forbidden: ');

function compareRefusal(ours: Refusal, upstream: Refusal): Difference[] {
  if (ours.object !== upstream.object) return [{ field: 'refused object', ours, upstream }];
  if (ours.decode !== undefined || upstream.decode !== undefined) {
    // a quantity's decode error names no field: the verdict is compared (create.ts does the same)
    return (ours.decode !== undefined) === (upstream.decode !== undefined) ? [] : [{ field: `refused ${ours.object} how`, ours, upstream }];
  }
  if (ours.refused !== undefined || upstream.refused !== undefined || upstream.strict) {
    const same = ours.object === 'pod' ? json(podNameless(ours.refused)) === json(podNameless(upstream.refused)) : json(ours.refused) === json(upstream.refused);
    return same && !upstream.strict ? [] : [{ field: `refused ${ours.object} how`, ours, upstream }];
  }
  return compareCreate({ errors: ours.errors?.map(({ field, body }) => statefulSetPodNormal({ field, body })) }, { errors: upstream.errors?.map(statefulSetPodNormal) })
    .map((d) => ({ ...d, field: `refused ${ours.object} ${d.field}` }));
}

/**
 * A StatefulSet's Pod's controller-made values in an error, as the library can state them
 * (validation-workloads.ts statefulSetPodLabelErrors): the revision hash in `controller-revision-hash: <name>-<hash>`
 * (rand.SafeEncodeString of fnv32's sum in decimal, up to 10 characters, which the library cannot compute) as its
 * placeholder `xxxxxxxxxx`; the ordinal in the Pod's name (hostname, pod-name label) as `N`, since the library
 * reports the set's first Pod and the case asks about the next one the controller makes.
 */
// (a hash of fewer than 6 characters, a sum under 10⁵, is left out: it could be taken for an ordinal)
const REVISION_LABEL = /^(Invalid value: ".*-)[bcdfghjklmnpqrstvwxz2456789]{6,10}(": must be no more than 63 (?:bytes|characters))$/;
const ORDINAL = /^(Invalid value: ".*-)\d{1,5}(": must be no more than 63 (?:bytes|characters))$/;
function statefulSetPodNormal<E extends { field: string; body: string }>(e: E): E {
  if (e.field !== 'metadata.labels' && e.field !== 'spec.hostname') return e;
  const body = e.field === 'metadata.labels' ? e.body.replace(REVISION_LABEL, '$1xxxxxxxxxx$2') : e.body;
  return { ...e, body: body.replace(ORDINAL, '$1N$2') };
}

export function compareE2E(ours: E2EOutput, upstream: E2EOutput): Difference[] {
  if (ours.matchersAccept) return [{ field: 'rejected (the matchers give a verdict)', ours: 'accepted', upstream: upstream.rejected ?? 'accepted' }];
  if (ours.rejected || upstream.rejected) {
    if (!ours.rejected || !upstream.rejected) return [{ field: 'rejected', ours: ours.rejected ?? 'accepted', upstream: upstream.rejected ?? 'accepted' }];
    return compareRefusal(ours.rejected, upstream.rejected);
  }
  if (json(ours.noPods) !== json(upstream.noPods)) return [{ field: 'noPods', ours: ours.noPods, upstream: upstream.noPods }];
  const theirClaims = upstream.claims?.map(claimFacts);
  if (canonical(ours.claims) !== canonical(theirClaims)) return [{ field: 'claims', ours: ours.claims, upstream: theirClaims }];
  // a claim the library does not model (its answer is "unknown" where the modelled filters pass): not compared
  if (ours.notModelled) return [];
  if (ours.noPods) return [];
  if (ours.daemon || upstream.daemon) {
    const diffs: Difference[] = [];
    const theirs = new Map((upstream.daemon ?? []).map((d) => [d.node, d]));
    for (const d of ours.daemon ?? []) {
      const u = theirs.get(d.node);
      if (!u || u.run !== d.run) diffs.push({ field: `daemon ${d.node} run`, ours: d.run, upstream: u?.run });
      else if (json(sortedReasons(d.status)) !== json(sortedReasons(u.status))) diffs.push({ field: `daemon ${d.node} status`, ours: d.status, upstream: u.status });
      else if (d.fitError !== u.fitError) diffs.push({ field: `daemon ${d.node} fitError`, ours: d.fitError, upstream: u.fitError });
    }
    if ((ours.daemon ?? []).length !== (upstream.daemon ?? []).length) diffs.push({ field: 'daemon nodes', ours: ours.daemon, upstream: upstream.daemon });
    return diffs;
  }
  return compareScheduling(ours.scheduling!, upstream.scheduling!);
}

/**
 * What the run counts beside the verdict: how often upstream's ImageLocality scored (the generators exercise it),
 * and for a StatefulSet's claims what the volume plugins answered, or why the library does not model a claim.
 */
export function tallyE2E(input: E2EInput, ours: E2EOutput, upstream: E2EOutput): string[] {
  const out = imageLocalityTally(upstream.scheduling);
  if (!input.workload.spec?.volumeClaimTemplates) return out;
  if (upstream.rejected) return [...out, `claims: rejected ${upstream.rejected.object}`];
  if (ours.notModelled) {
    // the kind of reason, without names: "has no storageClassName", "binds Immediately", …
    const why = ours.notModelled.map((d) => d.replace(/^.*?PersistentVolumeClaim \S+ /, '').replace(/StorageClass \S+/, 'StorageClass …').replace(/[:;(].*$/, '').trim());
    // and what the scheduler alone (without the PV controller) answered there
    const theirs = volumesTally(upstream.scheduling).filter((t) => t !== 'feasible' && t !== 'VolumeBinding scored').sort().join('; ') || 'no volume plugin refused';
    return [...out, ...new Set(why.map((w) => `claims: not modelled: ${w} (upstream: ${theirs})`))];
  }
  return [...out, ...volumesTally(upstream.scheduling).map((t) => `claims: ${t}`)];
}

export const e2e: Domain<E2EInput, E2EOutput> = {
  name: 'e2e',
  arbitrary: e2eInputArb,
  ours: libraryE2E,
  compare: compareE2E,
  tally: tallyE2E,
};

/** The StatefulSets with volumeClaimTemplates of the e2e domain alone (a quarter of its cases), for long runs: `--domains statefulClaims`. */
export const statefulClaims: Domain<E2EInput, E2EOutput> = { ...e2e, name: 'statefulClaims', asks: 'e2e', named: true, arbitrary: statefulInputArb };
