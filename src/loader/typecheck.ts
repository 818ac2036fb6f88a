// The JSON types the API server's decoder insists on, for the fields placement reads. A manifest that
// `kubectl apply` would refuse (`value: true` unquoted, `tolerationSeconds: "300"`) is refused here too.
type Shape = 'string' | 'int' | 'bool' | 'quantity' | { obj: Record<string, Shape> } | { arr: Shape } | { map: Shape };

const obj = (fields: Record<string, Shape>): Shape => ({ obj: fields });
const arr = (item: Shape): Shape => ({ arr: item });
const map = (value: Shape): Shape => ({ map: value });

const metadata = obj({ name: 'string', namespace: 'string', labels: map('string'), annotations: map('string') });
const resources = obj({ requests: map('quantity'), limits: map('quantity') });
const container = obj({
  name: 'string', image: 'string', restartPolicy: 'string', resources,
  ports: arr(obj({ containerPort: 'int', hostPort: 'int', hostIP: 'string', protocol: 'string' })),
});
const requirement = obj({ key: 'string', operator: 'string', values: arr('string') });
const term = obj({ matchExpressions: arr(requirement), matchFields: arr(requirement) });
const podSpec = obj({
  nodeName: 'string', nodeSelector: map('string'), hostNetwork: 'bool', priorityClassName: 'string', priority: 'int',
  tolerations: arr(obj({ key: 'string', operator: 'string', value: 'string', effect: 'string', tolerationSeconds: 'int' })),
  containers: arr(container), initContainers: arr(container), overhead: map('quantity'), resources,
  schedulingGates: arr(obj({ name: 'string' })),
  affinity: obj({
    nodeAffinity: obj({
      requiredDuringSchedulingIgnoredDuringExecution: obj({ nodeSelectorTerms: arr(term) }),
      preferredDuringSchedulingIgnoredDuringExecution: arr(obj({ weight: 'int', preference: term })),
    }),
  }),
});
const template = obj({ metadata, spec: podSpec });
const withTemplate = obj({ metadata, spec: obj({ replicas: 'int', template }) });

export const SHAPES: Record<string, Shape> = {
  Pod: obj({ metadata, spec: podSpec, status: obj({ phase: 'string' }) }),
  PodTemplate: obj({ metadata, template }),
  Deployment: withTemplate,
  StatefulSet: withTemplate,
  DaemonSet: withTemplate,
  ReplicaSet: withTemplate,
  ReplicationController: withTemplate,
  Job: withTemplate,
  CronJob: obj({ metadata, spec: obj({ jobTemplate: obj({ metadata, spec: obj({ template }) }) }) }),
  Node: obj({
    metadata,
    spec: obj({ unschedulable: 'bool', taints: arr(obj({ key: 'string', value: 'string', effect: 'string' })) }),
    status: obj({ allocatable: map('quantity'), capacity: map('quantity'), conditions: arr(obj({ type: 'string', status: 'string' })) }),
  }),
};

export interface TypeProblem {
  path: Array<string | number>;
  message: string;
}

function describe(v: unknown): string {
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'string') return `the string ${JSON.stringify(v)}`;
  if (typeof v === 'boolean') return `the boolean ${v}`;
  return `the number ${v}`;
}

function expected(shape: Shape): string {
  if (typeof shape === 'string') return { string: 'a string', int: 'an integer', bool: 'a boolean', quantity: 'a quantity (string or number)' }[shape];
  return 'obj' in shape ? 'a mapping' : 'arr' in shape ? 'a list' : 'a mapping';
}

const HINT_BOOL = ' (unquoted yes/no/on/off/true/false are booleans in the YAML Kubernetes reads: quote the value)';
const HINT_NUMBER = ' (unquoted numbers are numbers: quote the value)';

/** Every value at a field of the wrong JSON type. null is always fine (the field stays unset). */
export function typeProblems(value: unknown, shape: Shape, path: Array<string | number> = [], out: TypeProblem[] = []): TypeProblem[] {
  if (value === null || value === undefined) return out;
  const fail = (hint = '') => out.push({ path, message: `expected ${expected(shape)}, got ${describe(value)}${hint}` });
  if (typeof shape === 'string') {
    switch (shape) {
      case 'string':
        if (typeof value !== 'string') fail(typeof value === 'boolean' ? HINT_BOOL : typeof value === 'number' ? HINT_NUMBER : '');
        break;
      case 'int':
        if (typeof value !== 'number' || !Number.isInteger(value)) fail(typeof value === 'string' ? ' (quoted numbers are strings: remove the quotes)' : '');
        break;
      case 'bool':
        if (typeof value !== 'boolean') fail();
        break;
      case 'quantity':
        if (typeof value !== 'string' && typeof value !== 'number') fail();
        break;
    }
    return out;
  }
  if ('obj' in shape) {
    if (typeof value !== 'object' || Array.isArray(value)) return fail(), out;
    for (const key in shape.obj) {
      if (Object.prototype.hasOwnProperty.call(value, key)) typeProblems((value as Record<string, unknown>)[key], shape.obj[key], [...path, key], out);
    }
  } else if ('arr' in shape) {
    if (!Array.isArray(value)) return fail(), out;
    value.forEach((item, i) => typeProblems(item, shape.arr, [...path, i], out));
  } else {
    if (typeof value !== 'object' || Array.isArray(value)) return fail(), out;
    for (const [k, v] of Object.entries(value)) typeProblems(v, shape.map, [...path, k], out);
  }
  return out;
}

export function formatPath(path: ReadonlyArray<string | number>): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : /^[A-Za-z0-9_-]+$/.test(p) ? (i ? `.${p}` : p) : `[${JSON.stringify(p)}]`)).join('');
}
