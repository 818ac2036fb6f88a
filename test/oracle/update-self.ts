// The update-of-itself domain: an object read from a cluster and written back unchanged. The library's answer is
// validateInput (engine/validate.ts: an object with a uid, resourceVersion or creationTimestamp is validated as an
// update of itself), upstream's the update path (oracle/shared/update_self.go: rest.BeforeUpdate with the registry
// strategy, the object its own stored version). Compared as a create is (create.ts compareCreate): the decode verdict
// and the field errors. `--domains storageUpdates` asks it of the StorageClasses, CSINodes, CSIDrivers and
// RuntimeClasses of generators-storage-objects.ts, `--domains persistentVolumeUpdates` of the PersistentVolumes of
// generators-pv.ts, `--domains nodePodUpdates` of the Pods and Nodes of generators-create.ts, each given a uid (as `kubectl get -o yaml` has it).
import type { Domain } from './domains';
import { compareCreate, stripHints, type OursCreate, type UpstreamCreate } from './create';
import { appsWorkloadInputArb, jobInputArb, nodePodInputArb, type CreateInput } from './generators-create';
import { budgetArb, priorityClassInputArb } from './generators-policy';
import fc from 'fast-check';
import { storageObjectInputArb } from './generators-storage-objects';
import { persistentVolumeInputArb } from './generators-pv';
import { decodeErrors, typeErrors, validateInput, withConfiguration, type KubernetesVersion } from './lib';

const POD_NOTE = / \(the API server accepts the \w+ but refuses every Pod it creates\)$/;
const READ_FROM_CLUSTER = { uid: '00000000-0000-4000-8000-000000000001', resourceVersion: '12345' };

/** The library's answer for an object read from a cluster; `version` overrides the configured kubernetesVersion. */
export function libraryUpdateSelf(input: CreateInput, version?: KubernetesVersion): OursCreate {
  return withConfiguration({ ...(version ? { kubernetesVersion: version } : {}) }, () => {
    const object = structuredClone(input.object);
    const wrongType = typeErrors(object);
    if (wrongType.length) return { decode: wrongType.map((e) => e.field) };
    const quantities = decodeErrors(object as never);
    if (quantities.length) return { decode: quantities.map((e) => e.field) };
    // the errors on fields placement never reads (a Node's podCIDRs, a pod's hostAliases) are reported, not refused
    // (engine/validate.ts UNREAD): compared with upstream's all the same
    // a workload's errors about the Pods its controller creates (each marked by POD_NOTE) are a create's, of the Pods
    // (the create domain compares them): the workload's own update verdict is what is compared
    const checked = validateInput(object as never);
    const errors = [...checked.errors, ...checked.unchecked].filter((e) => !POD_NOTE.test(e.message));
    return errors.length ? { errors: errors.map((e) => ({ field: e.field, body: stripHints(e.message) })) } : {};
  });
}

const readFromCluster = (input: CreateInput): CreateInput =>
  ({ ...input, object: { ...input.object, metadata: { ...(input.object.metadata ?? {}), ...READ_FROM_CLUSTER } } });

/**
 * go-cmp's Diff (the text of ValidatePodUpdate's `pod updates may not change fields` refusal) indents its lines with
 * spaces or with no-break spaces, chosen at random once per process (github.com/google/go-cmp cmp/report_text.go
 * randBool: "intentionally introduces instability"): upstream's text read with spaces, as the library writes it.
 */
export function withCmpSpaces(upstream: UpstreamCreate): UpstreamCreate {
  if (!upstream.errors) return upstream;
  const spaces = (body: string) => body.replace(/\n(\u00a0\u00a0|-\u00a0|\+\u00a0)/g, (_m, p: string) => `\n${p.replace(/\u00a0/g, ' ')}`);
  return { ...upstream, errors: upstream.errors.map((e) => ({ ...e, body: spaces(e.body) })) };
}

/** compareCreate of an update of itself: upstream's go-cmp text read with spaces, its accepted object not compared. */
export const compareUpdateSelf = (ours: OursCreate, upstream: OursCreate | UpstreamCreate) =>
  compareCreate(ours, { ...withCmpSpaces(upstream as UpstreamCreate), object: undefined });

export const storageUpdates: Domain<CreateInput, OursCreate> = {
  name: 'storageUpdates',
  asks: 'updateSelf',
  named: true,
  arbitrary: storageObjectInputArb.map(readFromCluster),
  ours: (input) => libraryUpdateSelf(input),
  // an accepted update answers the object's kind alone: nothing of the object is compared (create.ts compares the
  // defaults a create gives)
  compare: compareUpdateSelf,
};

/** PersistentVolumes read from a cluster (a `kubectl get pv -o yaml` dump, the matchers' storage option). */
export const persistentVolumeUpdates: Domain<CreateInput, OursCreate> = {
  ...storageUpdates,
  name: 'persistentVolumeUpdates',
  arbitrary: persistentVolumeInputArb.map(readFromCluster),
};

/** Nodes and Pods read from a cluster (`kubectl get nodes -o yaml`, `kubectl get pods -A -o yaml`: the nodes and existingPods options, node dumps). */
export const nodePodUpdates: Domain<CreateInput, OursCreate> = {
  ...storageUpdates,
  name: 'nodePodUpdates',
  // a dumped Pod has its namespace (upstream's update of a Pod without one moves it to the request's: immutable)
  arbitrary: nodePodInputArb.map(readFromCluster).map((input) => (input.object.kind !== 'Pod' || input.object.metadata?.namespace ? input
    : { ...input, object: { ...input.object, metadata: { ...input.object.metadata, namespace: 'default' } } })),
};

/** A namespaced object as a dump has it: with its namespace (upstream's update of one without moves it to the request's: immutable). */
const withNamespace = (input: CreateInput): CreateInput => (input.object.kind === 'PriorityClass' || input.object.metadata?.namespace ? input
  : { ...input, object: { ...input.object, metadata: { ...input.object.metadata, namespace: 'default' } } });

/**
 * A Job as `kubectl get jobs -o yaml` has it: the create's generateSelectorIfNeeded (pkg/registry/batch/job/strategy.go)
 * gave it the selector `batch.kubernetes.io/controller-uid: <uid>` and its template the controller-uid and job-name
 * labels, prefixed and legacy; SetDefaults_Job's Job labels were the template's map itself (when the Job had none), so
 * they carry them too. A name it has (a generateName was resolved). `legacy`: a Job created before 1.27, with the
 * unprefixed labels and the selector `controller-uid: <uid>` alone. `written`: as its author wrote it, given a uid.
 */
export function asDumpedJob(input: CreateInput, written = false, legacy = false): CreateInput {
  const object = structuredClone(input.object) as Record<string, any>;
  if (written || object.kind !== 'Job') return input;
  const meta = (object.metadata ??= {});
  meta.name ??= `${meta.generateName ?? 'job-'}x7k2p`;
  const uid = READ_FROM_CLUSTER.uid;
  const spec = (object.spec ??= {});
  const generated = legacy ? { 'controller-uid': uid, 'job-name': meta.name }
    : { 'batch.kubernetes.io/controller-uid': uid, 'batch.kubernetes.io/job-name': meta.name, 'controller-uid': uid, 'job-name': meta.name };
  if (spec.manualSelector !== true) {
    spec.selector = { matchLabels: { [legacy ? 'controller-uid' : 'batch.kubernetes.io/controller-uid']: uid } };
    const t = (spec.template ??= {});
    t.metadata = { ...t.metadata, labels: { ...(t.metadata?.labels ?? {}), ...generated } };
    if (t.metadata.labels && (!meta.labels || !Object.keys(meta.labels).length)) meta.labels = t.metadata.labels;
  }
  return { ...input, object };
}

/**
 * Workloads, PriorityClasses and PodDisruptionBudgets read from a cluster (`kubectl get deploy,sts,ds,rs,job,cronjob
 * -o yaml`, `kubectl get priorityclasses -o yaml` into configure({ priorityClasses }), `kubectl get pdb -o yaml`):
 * the workload's own update verdict (its created Pods' errors left out: libraryUpdateSelf). Jobs as a dump has them
 * (asDumpedJob), and some as written.
 */
export const workloadUpdates: Domain<CreateInput, OursCreate> = {
  ...storageUpdates,
  name: 'workloadUpdates',
  arbitrary: fc.oneof(
    { weight: 6, arbitrary: appsWorkloadInputArb },
    // Jobs as a dump has them (one in eight created before 1.27), one in four as written (given a uid)
    { weight: 2, arbitrary: fc.tuple(jobInputArb, fc.nat(7)).map(([input, n]) => asDumpedJob(input, n < 2, n === 2)) },
    { weight: 1, arbitrary: priorityClassInputArb.map(({ object }) => ({ object, extendedResourceToleration: false })) },
    { weight: 1, arbitrary: budgetArb.map((object) => ({ object: object as Record<string, any>, extendedResourceToleration: false })) },
  ).map(readFromCluster).map(withNamespace),
};
