// The JSON types the API server's decoder insists on, for the fields placement reads. A manifest that
// `kubectl apply` would refuse (`value: true` unquoted, `tolerationSeconds: "300"`, `hostPort: 99999999999`)
// is refused here too. Integer widths follow the Go types (k8s.io/api core/v1, apps/v1, batch/v1 types.go).
// Strings in these fields must not hold Helm template markers: a quoted `"{{ .Values.pool }}"` is a chart
// that was never rendered.
import type { FieldError, KubeObject } from '../core/types';
import { isNodePool } from '../k8s/nodepool';

// intOrString: intstr.IntOrString (a string, or an integer within int32: its UnmarshalJSON reads an int32)
type Scalar = 'string' | 'text' | 'int32' | 'int64' | 'bool' | 'quantity' | 'intOrString';
export type Shape = Scalar | { obj: Record<string, Shape> } | { arr: Shape } | { map: Shape };

const obj = (fields: Record<string, Shape>): Shape => ({ obj: fields });
const arr = (item: Shape): Shape => ({ arr: item });
const map = (value: Shape): Shape => ({ map: value });

// annotations may legitimately hold `{{ }}` (operators' own templates): 'text' is a string without that check
const metadata = obj({ name: 'string', namespace: 'string', generateName: 'string', labels: map('string'), annotations: map('text') });
/** A template's metadata (a claim template's, a NodePool's): the labels and annotations its objects get. */
const templateMetadata = obj({ labels: map('string'), annotations: map('text') });
const resources = obj({ requests: map('quantity'), limits: map('quantity') });
// a container's env and envFrom (core/v1 EnvVar, EnvFromSource): values of any text (`$(VAR)`, operators' own templates)
const keySelector = obj({ name: 'text', key: 'text', optional: 'bool' });
const env = arr(obj({
  name: 'text', value: 'text',
  valueFrom: obj({
    fieldRef: obj({ apiVersion: 'text', fieldPath: 'text' }),
    resourceFieldRef: obj({ containerName: 'text', resource: 'text', divisor: 'quantity' }),
    configMapKeyRef: keySelector, secretKeyRef: keySelector,
    fileKeyRef: obj({ volumeName: 'text', path: 'text', key: 'text', optional: 'bool' }),
  }),
}));
const envSource = obj({ name: 'text', optional: 'bool' });
const envFrom = arr(obj({ prefix: 'text', configMapRef: envSource, secretRef: envSource }));
const container = obj({
  name: 'string', image: 'string', restartPolicy: 'string', resources, env, envFrom,
  ports: arr(obj({ containerPort: 'int32', hostPort: 'int32', hostIP: 'string', protocol: 'string', name: 'string' })),
  volumeMounts: arr(obj({ name: 'text', mountPath: 'text', subPath: 'text', subPathExpr: 'text', readOnly: 'bool', mountPropagation: 'text', recursiveReadOnly: 'text' })),
  volumeDevices: arr(obj({ name: 'text', devicePath: 'text' })),
});
// a pod's volumes as the volume plugins and ValidateVolumes read them (the claims and classes they name are 'string':
// placement reads them, so an unrendered one is refused)
const claimSpec = obj({ storageClassName: 'string', accessModes: arr('string'), volumeName: 'string', volumeMode: 'string', resources });
const keyToPath = arr(obj({ key: 'text', path: 'text', mode: 'int32' }));
// downwardAPI files (a mode is an *int32: `mode: 1.5` or `"0644"` is the decoder's refusal, json: cannot unmarshal …
// of type int32), in a downwardAPI volume or a projected source
const downwardItems = arr(obj({
  path: 'text', mode: 'int32',
  fieldRef: obj({ apiVersion: 'text', fieldPath: 'text' }),
  resourceFieldRef: obj({ containerName: 'text', resource: 'text', divisor: 'quantity' }),
}));
const projectedObject = obj({ name: 'text', optional: 'bool', items: keyToPath });
const projectionSource = obj({
  secret: projectedObject, configMap: projectedObject, downwardAPI: obj({ items: downwardItems }),
  serviceAccountToken: obj({ audience: 'text', expirationSeconds: 'int64', path: 'text' }),
});
const volume = obj({
  name: 'text',
  persistentVolumeClaim: obj({ claimName: 'string', readOnly: 'bool' }),
  ephemeral: obj({ volumeClaimTemplate: obj({ metadata: templateMetadata, spec: claimSpec }) }),
  emptyDir: obj({ medium: 'text', sizeLimit: 'quantity' }),
  hostPath: obj({ path: 'text', type: 'text' }),
  configMap: obj({ name: 'text', defaultMode: 'int32', optional: 'bool', items: keyToPath }),
  secret: obj({ secretName: 'text', defaultMode: 'int32', optional: 'bool', items: keyToPath }),
  csi: obj({ driver: 'string', readOnly: 'bool', volumeAttributes: map('text') }),
  downwardAPI: obj({ defaultMode: 'int32', items: downwardItems }),
  projected: obj({ defaultMode: 'int32', sources: arr(projectionSource) }),
  image: obj({ reference: 'text', pullPolicy: 'text' }),
});
const requirement = obj({ key: 'string', operator: 'string', values: arr('string') });
const term = obj({ matchExpressions: arr(requirement), matchFields: arr(requirement) });
const labelSelector = obj({ matchLabels: map('string'), matchExpressions: arr(requirement) });
const podAffinityTerm = obj({
  labelSelector, namespaceSelector: labelSelector, namespaces: arr('string'), topologyKey: 'string',
  matchLabelKeys: arr('string'), mismatchLabelKeys: arr('string'),
});
const podAffinity = obj({
  requiredDuringSchedulingIgnoredDuringExecution: arr(podAffinityTerm),
  preferredDuringSchedulingIgnoredDuringExecution: arr(obj({ weight: 'int32', podAffinityTerm })),
});
const taint = obj({ key: 'string', value: 'string', effect: 'string' });
const toleration = obj({ key: 'string', operator: 'string', value: 'string', effect: 'string', tolerationSeconds: 'int64' });
const podSpec = obj({
  nodeName: 'string', nodeSelector: map('string'), hostNetwork: 'bool', priorityClassName: 'string', priority: 'int32',
  schedulerName: 'string', preemptionPolicy: 'string', runtimeClassName: 'string', restartPolicy: 'string',
  terminationGracePeriodSeconds: 'int64', activeDeadlineSeconds: 'int64',
  tolerations: arr(toleration),
  containers: arr(container), initContainers: arr(container), overhead: map('quantity'), resources, volumes: arr(volume),
  schedulingGates: arr(obj({ name: 'string' })),
  affinity: obj({
    nodeAffinity: obj({
      requiredDuringSchedulingIgnoredDuringExecution: obj({ nodeSelectorTerms: arr(term) }),
      preferredDuringSchedulingIgnoredDuringExecution: arr(obj({ weight: 'int32', preference: term })),
    }),
    podAffinity,
    podAntiAffinity: podAffinity,
  }),
  topologySpreadConstraints: arr(obj({
    maxSkew: 'int32', minDomains: 'int32', topologyKey: 'string', whenUnsatisfiable: 'string', labelSelector,
    nodeAffinityPolicy: 'string', nodeTaintsPolicy: 'string', matchLabelKeys: arr('string'),
  })),
});
const template = obj({ metadata, spec: podSpec });
// a PersistentVolume as the volume plugins and ValidatePersistentVolume read it (k8s/validation-pv.ts)
const pvSpec = obj({
  capacity: map('quantity'), accessModes: arr('string'), persistentVolumeReclaimPolicy: 'string', storageClassName: 'string',
  volumeMode: 'string', volumeAttributesClassName: 'string', mountOptions: arr('text'),
  nodeAffinity: obj({ required: obj({ nodeSelectorTerms: arr(term) }) }),
  claimRef: obj({ kind: 'string', namespace: 'string', name: 'string', uid: 'string', apiVersion: 'string' }),
  local: obj({ path: 'text', fsType: 'text' }), hostPath: obj({ path: 'text', type: 'text' }), nfs: obj({ server: 'text', path: 'text', readOnly: 'bool' }),
  csi: obj({ driver: 'string', volumeHandle: 'text', readOnly: 'bool', fsType: 'text', volumeAttributes: map('text') }),
  awsElasticBlockStore: obj({ volumeID: 'text', partition: 'int32' }), gcePersistentDisk: obj({ pdName: 'text', partition: 'int32' }),
});
const workload = (spec: Record<string, Shape>) =>
  obj({ metadata, spec: obj({ replicas: 'int32', minReadySeconds: 'int32', revisionHistoryLimit: 'int32', selector: labelSelector, template, ...spec }) });
const jobSpec = {
  template, selector: labelSelector, parallelism: 'int32', completions: 'int32', backoffLimit: 'int32', backoffLimitPerIndex: 'int32',
  maxFailedIndexes: 'int32', ttlSecondsAfterFinished: 'int32', activeDeadlineSeconds: 'int64', suspend: 'bool',
} as const satisfies Record<string, Shape>;

export const SHAPES: Record<string, Shape> = {
  Pod: obj({ metadata, spec: podSpec, status: obj({ phase: 'string' }) }),
  PodTemplate: obj({ metadata, template }),
  Deployment: workload({ progressDeadlineSeconds: 'int32', paused: 'bool' }),
  StatefulSet: workload({ serviceName: 'string', ordinals: obj({ start: 'int32' }) }),
  DaemonSet: workload({}),
  ReplicaSet: workload({}),
  // a ReplicationController's selector is a plain map of labels
  ReplicationController: obj({ metadata, spec: obj({ replicas: 'int32', minReadySeconds: 'int32', selector: map('string'), template }) }),
  Job: obj({ metadata, spec: obj(jobSpec) }),
  CronJob: obj({
    metadata,
    spec: obj({
      schedule: 'string', timeZone: 'string', startingDeadlineSeconds: 'int64', suspend: 'bool',
      successfulJobsHistoryLimit: 'int32', failedJobsHistoryLimit: 'int32', jobTemplate: obj({ metadata, spec: obj(jobSpec) }),
    }),
  }),
  Node: obj({
    metadata,
    spec: obj({ unschedulable: 'bool', taints: arr(taint) }),
    status: obj({
      allocatable: map('quantity'), capacity: map('quantity'), conditions: arr(obj({ type: 'string', status: 'string' })),
      // ImageLocality reads them (v1.ContainerImage: names []string, sizeBytes int64)
      images: arr(obj({ names: arr('string'), sizeBytes: 'int64' })),
    }),
  }),
  Namespace: obj({ metadata }),
  // PodTopologySpread's system default spreading reads a Service's selector (a plain map of labels)
  Service: obj({ metadata, spec: obj({ selector: map('string') }) }),
  PriorityClass: obj({ metadata, value: 'int32', globalDefault: 'bool', preemptionPolicy: 'string', description: 'text' }),
  PodDisruptionBudget: obj({
    metadata, spec: obj({ minAvailable: 'intOrString', maxUnavailable: 'intOrString', selector: labelSelector, unhealthyPodEvictionPolicy: 'string' }),
  }),
  PersistentVolume: obj({ metadata, spec: pvSpec }),
  // the storage objects the volume plugins read and the RuntimeClasses the RuntimeClass admission reads (storage/v1, node/v1)
  StorageClass: obj({
    metadata, provisioner: 'string', parameters: map('text'), reclaimPolicy: 'string', volumeBindingMode: 'string', allowVolumeExpansion: 'bool',
    mountOptions: arr('text'), allowedTopologies: arr(obj({ matchLabelExpressions: arr(obj({ key: 'string', values: arr('string') })) })),
  }),
  CSINode: obj({ metadata, spec: obj({ drivers: arr(obj({ name: 'string', nodeID: 'string', topologyKeys: arr('string'), allocatable: obj({ count: 'int32' }) })) }) }),
  CSIDriver: obj({
    metadata,
    spec: obj({
      attachRequired: 'bool', podInfoOnMount: 'bool', storageCapacity: 'bool', requiresRepublish: 'bool', seLinuxMount: 'bool', fsGroupPolicy: 'string',
      volumeLifecycleModes: arr('string'), tokenRequests: arr(obj({ audience: 'text', expirationSeconds: 'int64' })), nodeAllocatableUpdatePeriodSeconds: 'int64',
      serviceAccountTokenInSecrets: 'bool', preventPodSchedulingIfMissing: 'bool',
    }),
  }),
  RuntimeClass: obj({ metadata, handler: 'string', overhead: obj({ podFixed: map('quantity') }), scheduling: obj({ nodeSelector: map('string'), tolerations: arr(toleration) }) }),
};

/** Karpenter's NodePool (karpenter.sh/v1 and v1beta1): the fields a provisioning check reads. */
export const NODE_POOL_SHAPE: Shape = obj({
  metadata,
  spec: obj({
    weight: 'int32',
    limits: map('quantity'),
    template: obj({
      metadata: templateMetadata,
      spec: obj({
        taints: arr(taint), startupTaints: arr(taint),
        requirements: arr(obj({ key: 'string', operator: 'string', values: arr('string'), minValues: 'int64' })),
      }),
    }),
  }),
});

export interface TypeProblem {
  path: Array<string | number>;
  message: string;
}

/** The JSON value as messages name it: `a list`, `the string "x"` (null and undefined for structure.ts). */
export function describe(v: unknown): string {
  if (v === null || v === undefined) return String(v);
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'string') return `the string ${JSON.stringify(v)}`;
  if (typeof v === 'boolean') return `the boolean ${v}`;
  return `the number ${v}`;
}

export function expected(shape: Shape): string {
  if (typeof shape === 'string') {
    return { string: 'a string', text: 'a string', int32: 'an integer', int64: 'an integer', bool: 'a boolean', quantity: 'a quantity (string or number)', intOrString: 'an integer or a string' }[shape];
  }
  return 'obj' in shape ? 'a mapping' : 'arr' in shape ? 'a list' : 'a mapping';
}

const HINT_BOOL = ' (unquoted yes/no/on/off/true/false are booleans in the YAML Kubernetes reads: quote the value)';
const HINT_NUMBER = ' (unquoted numbers are numbers: quote the value)';
export const HELM_HINT = 'unrendered Helm template: render it with helm template first';

const RANGE = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
} as const;

/**
 * An integer as go-yaml v2 reads its text (`_` ignored, 0x/0o/0b, a leading 0 is octal), exactly,
 * or undefined for float forms (`3e2`, `300.0`), whose float64 value is what the decoder sees.
 */
export function exactInteger(source: string): bigint | undefined {
  const m = /^([-+]?)(0b[01_]+|0x[0-9a-fA-F_]+|0o?[0-7_]+|[0-9][0-9_]*)$/.exec(source.trim());
  if (!m) return undefined;
  let digits = m[2].replace(/_/g, '');
  if (/^0[0-7]/.test(digits)) digits = `0o${digits.slice(1)}`;
  const n = BigInt(digits);
  return m[1] === '-' ? -n : n;
}

export interface TypeCheckContext {
  /** The scalar's text as written, for integers beyond a double's precision. */
  sourceOf?: (path: Array<string | number>) => string | undefined;
  /** Decode as Go does: a null list item or map value becomes its type's zero value (the loader's objects only). */
  zeroNulls?: boolean;
}

/**
 * What encoding/json leaves for a null list item or map value: `{}` for a struct, `""` for a string, and so on
 * (`nodeSelector: {pool: }` selects pool=""; `tolerations: [null]` is an empty toleration). Quantity's
 * UnmarshalJSON reads null as zero.
 */
function zeroValue(shape: Shape): unknown {
  if (typeof shape !== 'string') return 'obj' in shape || 'map' in shape ? {} : [];
  return { string: '', text: '', int32: 0, int64: 0, bool: false, quantity: '0', intOrString: 0 }[shape];
}

/** Every value at a field of the wrong JSON type. null is always fine (the field stays unset). */
export function typeProblems(
  value: unknown,
  shape: Shape,
  path: Array<string | number> = [],
  out: TypeProblem[] = [],
  context: TypeCheckContext = {},
): TypeProblem[] {
  if (value === null || value === undefined) return out;
  const fail = (hint = '') => out.push({ path, message: `expected ${expected(shape)}, got ${describe(value)}${hint}` });
  if (typeof shape === 'string') {
    switch (shape) {
      case 'string':
      case 'text':
        if (typeof value !== 'string') fail(typeof value === 'boolean' ? HINT_BOOL : typeof value === 'number' ? HINT_NUMBER : '');
        else if (shape === 'string' && value.includes('{{')) out.push({ path, message: `${HELM_HINT} (${JSON.stringify(value)})` });
        break;
      case 'int32':
      case 'int64':
        if (typeof value !== 'number' || !Number.isInteger(value)) fail(typeof value === 'string' ? ' (quoted numbers are strings: remove the quotes)' : '');
        else {
          // Go's JSON decoder refuses a number beyond the field's type; beyond 2^53 the text is exact, the double is not.
          const source = Number.isSafeInteger(value) ? undefined : context.sourceOf?.(path);
          const exact = (source !== undefined ? exactInteger(source) : undefined) ?? (Number.isSafeInteger(value) ? BigInt(value) : undefined);
          const [min, max] = RANGE[shape];
          const beyond = exact !== undefined ? exact < min || exact > max : value < Number(min) || value >= Number(max) + 1;
          if (beyond) {
            out.push({ path, message: `expected an integer, got the number ${source ?? value}, beyond ${shape} (${min}…${max}): the API server's decoder refuses it` });
          }
        }
        break;
      case 'intOrString':
        // a string as it is; a number as the int32 it must be
        if (typeof value === 'string') typeProblems(value, 'string', path, out, context);
        else if (typeof value !== 'number') fail();
        else typeProblems(value, 'int32', path, out, context);
        break;
      case 'bool':
        if (typeof value !== 'boolean') fail();
        break;
      case 'quantity':
        if (typeof value !== 'string' && typeof value !== 'number') fail();
        else if (typeof value === 'string' && value.includes('{{')) out.push({ path, message: `${HELM_HINT} (${JSON.stringify(value)})` });
        break;
    }
    return out;
  }
  if ('obj' in shape) {
    if (typeof value !== 'object' || Array.isArray(value)) return fail(), out;
    for (const key in shape.obj) {
      if (Object.prototype.hasOwnProperty.call(value, key)) typeProblems((value as Record<string, unknown>)[key], shape.obj[key], [...path, key], out, context);
    }
  } else if ('arr' in shape) {
    if (!Array.isArray(value)) return fail(), out;
    value.forEach((item, i) => {
      if (item === null && context.zeroNulls) value[i] = zeroValue(shape.arr);
      typeProblems(value[i], shape.arr, [...path, i], out, context);
    });
  } else {
    if (typeof value !== 'object' || Array.isArray(value)) return fail(), out;
    for (const [k, v] of Object.entries(value)) {
      if (v === null && context.zeroNulls) (value as Record<string, unknown>)[k] = zeroValue(shape.map);
      if (shape.map !== 'text' && k.includes('{{')) out.push({ path: [...path, k], message: `${HELM_HINT} (${JSON.stringify(k)})` });
      else typeProblems((value as Record<string, unknown>)[k], shape.map, [...path, k], out, context);
    }
  }
  return out;
}

export function formatPath(path: ReadonlyArray<string | number>): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : /^[A-Za-z0-9_-]+$/.test(p) ? (i ? `.${p}` : p) : `[${JSON.stringify(p)}]`)).join('');
}

/** The steps of a field path as written in messages: `a.b[0].c`, `labels["x.y"]`, `labels[x.y]` (upstream field.Path). */
export function parsePath(field: string): string[] {
  const steps: string[] = [];
  let i = 0;
  while (i < field.length) {
    if (field[i] === '.') i++;
    else if (field[i] === '[') {
      if (field[i + 1] === '"') {
        const m = /^"(?:[^"\\]|\\.)*"/.exec(field.slice(i + 1));
        if (m) {
          steps.push(JSON.parse(m[0]) as string);
          i += 1 + m[0].length + 1;
          continue;
        }
      }
      const end = field.indexOf(']', i);
      steps.push(field.slice(i + 1, end < 0 ? field.length : end));
      i = end < 0 ? field.length : end + 1;
    } else {
      const m = /^[^.[]+/.exec(field.slice(i))!;
      steps.push(m[0]);
      i += m[0].length;
    }
  }
  return steps;
}

/**
 * Fields of the wrong JSON type (`tolerations: "x"`, `value: true`), which the API server's decoder refuses before
 * anything else. The loader reports them with file and line; this catches objects written in code.
 */
export function typeErrors(object: object): FieldError[] {
  const kind = (object as KubeObject).kind;
  const shape = (kind && SHAPES[kind]) || (isNodePool(object) ? NODE_POOL_SHAPE : undefined);
  return shape ? typeProblems(object, shape).map((p) => ({ field: formatPath(p.path), message: p.message })) : [];
}
