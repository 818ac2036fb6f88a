// What a matcher can be asked about: a Pod, or a workload whose pod template is used.
import type { KubeObject, Node, PodSpec, Toleration } from '../core/types';
import { setStorageObjectLabel } from '../core/storage-kinds';

/** Pod-bearing kinds and where their pod spec lives (no prototype: `kind: constructor` is no pod-bearing kind). */
export const POD_SPEC_PATHS: Record<string, string[]> = Object.assign(Object.create(null) as Record<string, string[]>, {
  Pod: ['spec'],
  PodTemplate: ['template', 'spec'],
  Deployment: ['spec', 'template', 'spec'],
  StatefulSet: ['spec', 'template', 'spec'],
  DaemonSet: ['spec', 'template', 'spec'],
  ReplicaSet: ['spec', 'template', 'spec'],
  ReplicationController: ['spec', 'template', 'spec'],
  Job: ['spec', 'template', 'spec'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
});

export interface Subject {
  object: KubeObject;
  kind: string;
  /** `Deployment default/web` */
  label: string;
  /** The pod spec as written (not admitted). */
  spec: PodSpec;
  /** Field path of the pod spec inside the object, e.g. `spec.template.spec`. */
  specPath: string;
}

type Origin = { file: string; line: number; values?: string; overlay?: string };
let originOf: (o: object) => Origin | undefined = () => undefined;
/** The loader registers how to find where an object came from, so labels can cite file:line. */
export function setOriginLookup(lookup: (o: object) => Origin | undefined): void {
  originOf = lookup;
}

let fieldLineOf: (o: object, field: string) => number | undefined = () => undefined;
/** The loader registers how to find the line of a field (`spec.template.spec.tolerations[0].value`) in an object's file. */
export function setFieldLineLookup(lookup: (o: object, field: string) => number | undefined): void {
  fieldLineOf = lookup;
}

/**
 * An object read from a cluster (a dump, `kubectl get -o yaml`): it carries what only the API server sets
 * (metadata.uid, resourceVersion, creationTimestamp) or a status. `kubectl create --dry-run -o yaml` writes
 * `creationTimestamp: null` and `status: {}`, which do not count.
 */
export function readFromCluster(object: KubeObject): boolean {
  const meta = object.metadata as { uid?: unknown; resourceVersion?: unknown; creationTimestamp?: unknown } | undefined;
  const status = (object as { status?: unknown }).status;
  return !!(meta?.uid || meta?.resourceVersion || meta?.creationTimestamp) ||
    (typeof status === 'object' && status !== null && Object.keys(status).length > 0);
}

/** `file:line` of a field of a loaded object (the object's own line when the field is not in the file); undefined otherwise. */
export function fieldLocation(object: object, field: string): string | undefined {
  const origin = originOf(object);
  if (!origin) return undefined;
  const line = fieldLineOf(object, field) ?? origin.line;
  return line ? `${origin.file}:${line}` : origin.file;
}

/** A name as written: a string, or what was there instead (`{"a":"b"}`: an object whose metadata is malformed). */
const nameText = (x: unknown): string | undefined => (typeof x === 'string' || x === undefined || x === null ? (x ?? undefined) : JSON.stringify(x));

export function describeObject(object: KubeObject): string {
  const kind = object.kind ?? 'object';
  const metadata = isObject(object.metadata) ? object.metadata : undefined;
  const name = nameText(metadata?.name) ?? '<unnamed>';
  // Pod-bearing kinds without a namespace land in "default"; for other kinds we cannot tell cluster-scoped ones apart.
  const namespace = nameText(metadata?.namespace) ?? (POD_SPEC_PATHS[kind] ? 'default' : undefined);
  const base = namespace ? `${kind} ${namespace}/${name}` : `${kind} ${name}`;
  const origin = originOf(object);
  return origin ? `${base} (${originText(origin)})` : base;
}

// a storage input of another kind is named as every other object is: with its file and line when it was loaded
setStorageObjectLabel(describeObject);

/** `deploy/web.yaml:12`; a rendered object adds its values set or overlay: `charts/web/templates/deployment.yaml, values: prod`. */
function originText(origin: Origin): string {
  const at = origin.line ? `${origin.file}:${origin.line}` : origin.file;
  return `${at}${variantText(origin) ? `, ${variantText(origin)}` : ''}`;
}

const variantText = (origin: Origin) =>
  [origin.values !== undefined ? `values: ${origin.values}` : '', origin.overlay !== undefined ? `overlay: ${origin.overlay}` : ''].filter(Boolean).join(', ');

/** The values set or overlay a rendered object was made with (`values: prod`): what sets renders of one template apart. */
export function renderVariant(object: KubeObject): string | undefined {
  const origin = originOf(object);
  return (origin && variantText(origin)) || undefined;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

const cache = new WeakMap<object, Subject>();
// the joined paths, once: toSubject runs for every workload a call reads
const SPEC_PATH_TEXT = new Map(Object.entries(POD_SPEC_PATHS).map(([kind, path]) => [kind, path.join('.')]));

// Pods a controller creates from a workload's template (the replica matchers, outages): their fields are edited in
// the workload, so messages name the workload's pod-spec path (spec.template.spec…), not the Pod's `spec`.
const templatePaths = new WeakMap<object, string>();

/** Mark `pod` as created from `workload`'s template (or from a pod so marked); returns `pod`. */
export function fromTemplateOf<T extends object>(pod: T, workload: KubeObject): T {
  // Stryker disable next-line StringLiteral: POD_SPEC_PATHS has neither '' nor another made-up kind (the 'spec' literals are killed)
  const path = templatePaths.get(workload) ?? (POD_SPEC_PATHS[workload.kind ?? ''] ?? ['spec']).join('.');
  // Stryker disable next-line ConditionalExpression,StringLiteral: `pod` is a Pod, whose own spec path is 'spec' already
  if (path !== 'spec') templatePaths.set(pod, path);
  return pod;
}

/** Resolve a Pod or workload to its pod spec; throws a readable error for anything else. */
export function toSubject(received: unknown): Subject {
  // Stryker disable next-line ConditionalExpression,BlockStatement: the cache read; a WeakMap lookup of a primitive misses, and a miss builds an equal Subject
  if (isObject(received)) {
    const hit = cache.get(received);
    // Stryker disable next-line ConditionalExpression: the cache read; a miss builds an equal Subject
    if (hit) return hit;
  }
  if (!isObject(received) || typeof received.kind !== 'string' || !POD_SPEC_PATHS[received.kind]) {
    throw new TypeError(
      `expected a Pod or a workload (${Object.keys(POD_SPEC_PATHS).filter((k) => k !== 'Pod').join(', ')}), received ${preview(received)}`,
    );
  }
  const object = received as KubeObject;
  const path = POD_SPEC_PATHS[object.kind!];
  let spec: unknown = object;
  for (let i = 0; i < path.length; i++) spec = isObject(spec) ? spec[path[i]] : undefined;
  const subject: Subject = {
    object,
    kind: object.kind!,
    label: describeObject(object),
    spec: (isObject(spec) ? spec : {}) as unknown as PodSpec,
    // Stryker disable next-line StringLiteral: SPEC_PATH_TEXT has every kind toSubject accepts, so path.join is never reached
    specPath: templatePaths.get(object) ?? SPEC_PATH_TEXT.get(object.kind!) ?? path.join('.'),
  };
  cache.set(object, subject);
  return subject;
}

export function isNode(x: unknown): x is Node {
  return isObject(x) && x.kind === 'Node';
}

export function assertNode(x: unknown, what = 'node'): Node {
  if (!isNode(x)) throw new TypeError(`expected a ${what} (a v1 Node object with kind: Node), received ${preview(x)}`);
  return x;
}

export function isToleration(x: unknown): x is Toleration {
  return isObject(x) && !('kind' in x) && ['key', 'operator', 'value', 'effect', 'tolerationSeconds'].some((k) => k in x);
}

export function preview(x: unknown): string {
  // Stryker disable next-line ConditionalExpression: JSON.stringify(undefined) is undefined, which String() prints the same (the text is killed)
  if (x === undefined) return 'undefined';
  if (isObject(x) && typeof x.kind === 'string') return describeObject(x as KubeObject);
  const s = JSON.stringify(x);
  return s === undefined ? String(x) : s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A Subject from toSubject (not a Kubernetes object: those have no `specPath`). */
export function isSubject(x: unknown): x is Subject {
  return isPlainObject(x) && typeof x.specPath === 'string' && typeof x.label === 'string' && isPlainObject(x.object) && isPlainObject(x.spec);
}

/** A Pod or workload (or a Subject) as the internal Subject; throws for anything else. */
export function subjectOf(x: unknown): Subject {
  return isSubject(x) ? x : toSubject(x);
}

/** The subject as it would be with these tolerations appended to its pod spec (admission then runs again on it). */
export function withAddedTolerations(subject: Subject, tolerations: readonly Toleration[]): Subject {
  return { ...subject, spec: { ...subject.spec, tolerations: [...(subject.spec.tolerations ?? []), ...tolerations] } };
}

/** A suspended Job or CronJob (spec.suspend, or a CronJob's jobTemplate's): why its controller creates no pods; undefined otherwise. */
export function suspendedReason(workload: KubeObject): string | undefined {
  const s = (workload as { spec?: { suspend?: unknown; jobTemplate?: { spec?: { suspend?: unknown } } } }).spec;
  if (workload.kind === 'Job' && s?.suspend === true) return 'spec.suspend is true: the Job controller creates no pods for a suspended Job';
  if (workload.kind !== 'CronJob') return undefined;
  if (s?.suspend === true) return 'spec.suspend is true: the CronJob controller creates no Jobs while the CronJob is suspended';
  if (s?.jobTemplate?.spec?.suspend === true) return 'spec.jobTemplate.spec.suspend is true: its Jobs are created suspended, and the Job controller creates no pods for a suspended Job';
  return undefined;
}
