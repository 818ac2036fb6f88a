// The package's engine functions (src/index.ts; imported from their modules) given existing Pods, Nodes or the pod asked about with a null or a
// value of the wrong JSON type at a random spot among the fields the scheduler reads (affinity terms, spread
// constraints, tolerations, containers, ports, resources, volumes, taints, labels, allocatable): each call answers,
// or throws an Error naming the argument, the object and the field (loader/structure.ts), never a TypeError or a
// RangeError from inside the engine (a `requiredDuringSchedulingIgnoredDuringExecution: [null]` in an existing pod
// was one, from InterPodAffinity's terms.ts).
import fc from 'fast-check';
import { admitPod, evictionVerdict, rankNodes, scheduleOn, schedulingVerdict } from './objects';
import { scheduleMatrix } from '../scheduler/matrix';
import { placeReplicas } from '../placement/place';
import { nodesDown, simulateOutage } from '../outage';
import { configure } from '../core/config';
import { formatPath } from '../loader/typecheck';
import { describeObject } from '../k8s/subject';
import { resetConfiguration } from '../core/config';
import type { KubeObject, Node, Pod } from '../core/types';

// the pod that preempts has its priority from a PriorityClass, as admission wants
beforeEach(() => configure({ priorityClasses: [{ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 }] }));
afterEach(() => resetConfiguration());

const ZONE = 'topology.kubernetes.io/zone';
const HOST = 'kubernetes.io/hostname';
const selector = { matchLabels: { app: 'db' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }] };
const podTerm = { labelSelector: selector, topologyKey: HOST, namespaces: ['default'], namespaceSelector: { matchLabels: { team: 'x' } }, matchLabelKeys: ['tier'] };

/** A node with every field the engine reads set. */
function node(name: string, z: string): Node {
  return {
    apiVersion: 'v1', kind: 'Node',
    metadata: { name, labels: { [HOST]: name, [ZONE]: z, pool: 'p' }, annotations: { note: 'x' } },
    spec: { taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }, { key: 'soft', effect: 'PreferNoSchedule' }] },
    status: {
      allocatable: { cpu: '4', memory: '8Gi', pods: '110', 'example.com/gpu': '1' },
      capacity: { cpu: '4', memory: '8Gi', pods: '110' },
      conditions: [{ type: 'Ready', status: 'True' }],
      images: [{ names: ['nginx:1'], sizeBytes: 1000 }],
    },
  } as Node;
}

/** An existing pod bound to n1 with every field the scheduler reads of an existing pod set. */
function existing(): Pod {
  const container = (name: string) => ({
    name, image: 'nginx:1',
    resources: { requests: { cpu: '100m', memory: '64Mi' }, limits: { memory: '128Mi' } },
    ports: [{ containerPort: 80, hostPort: 8080, protocol: 'TCP' }],
    volumeMounts: [{ name: 'data', mountPath: '/data' }],
    env: [{ name: 'A', value: 'b' }],
  });
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: 'old', namespace: 'default', labels: { app: 'db', tier: 'a' } },
    spec: {
      nodeName: 'n1', schedulerName: 'default-scheduler',
      nodeSelector: { pool: 'p' },
      containers: [container('c')], initContainers: [container('init')],
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'db', effect: 'NoSchedule' }, { operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }],
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }, { name: 'tmp', emptyDir: { sizeLimit: '1Gi' } }],
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'pool', operator: 'In', values: ['p'] }] }] },
          preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchExpressions: [{ key: 'pool', operator: 'Exists' }] } }],
        },
        podAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [podTerm],
          preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 5, podAffinityTerm: podTerm }],
        },
        podAntiAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: [{ ...podTerm, labelSelector: { matchLabels: { app: 'web' } } }],
          preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 5, podAffinityTerm: { ...podTerm, labelSelector: { matchLabels: { app: 'web' } } } }],
        },
      },
      topologySpreadConstraints: [{ maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: 'DoNotSchedule', labelSelector: selector, matchLabelKeys: ['tier'] }],
    },
  } as Pod;
}

/** The pod asked about: spread, pod (anti-)affinity and a host port, so the cluster plugins read the existing pods. */
function incoming(): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: 'web', namespace: 'default', labels: { app: 'web', tier: 'a' } },
    spec: {
      containers: [{ name: 'c', image: 'nginx:1', resources: { requests: { cpu: '100m' } }, ports: [{ containerPort: 80, hostPort: 8080 }] }],
      tolerations: [{ key: 'dedicated', operator: 'Exists' }],
      topologySpreadConstraints: [{ maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } }],
      affinity: {
        podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: { labelSelector: selector, topologyKey: ZONE } }] },
        podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: HOST }] },
      },
    },
  } as Pod;
}

/** A pod that fits nowhere unless DefaultPreemption evicts the existing pod: preemption reads it as a victim. */
function preemptor(): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'big', namespace: 'default' },
    spec: { priorityClassName: 'high', tolerations: [{ operator: 'Exists' }], containers: [{ name: 'c', image: 'nginx:1', resources: { requests: { cpu: '3950m' } } }] },
  } as Pod;
}

const deployment = (template: Pod): KubeObject => (<KubeObject>{
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
  spec: { replicas: 2, selector: { matchLabels: template.metadata!.labels ?? {} }, template: { metadata: { labels: template.metadata!.labels }, spec: template.spec } },
});

type Step = string | number;
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** Every path in `value` below the roots given (the fields the scheduler reads). */
function paths(value: unknown, roots: Step[][]): Step[][] {
  const out: Step[][] = [];
  const walk = (v: unknown, at: Step[]) => {
    out.push(at);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...at, i]));
    else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
  };
  for (const root of roots) walk(root.reduce<unknown>((v, s) => (v as Record<Step, unknown>)[s], value), root);
  return out;
}

const POD_ROOTS: Step[][] = [['metadata', 'labels'], ['metadata', 'namespace'], ['spec']];
const NODE_ROOTS: Step[][] = [['metadata', 'labels'], ['spec'], ['status']];

/** What goes at the spot: a value in place of the one there, or a null added to the list there. */
const BAD = ['null', 'string', 'object', 'list', 'number', 'null item'] as const;
type Bad = (typeof BAD)[number];
const REPLACEMENT: Record<Exclude<Bad, 'null item'>, unknown> = { null: null, string: 'x', object: { a: 'b' }, list: ['x'], number: 7 };

/** `object` with the spot changed; the path of the value put there. */
function broken<T>(object: T, at: Step[], bad: Bad): { object: T; field: Step[] } {
  const copy = clone(object);
  const parent = at.slice(0, -1).reduce<unknown>((v, s) => (v as Record<Step, unknown>)[s], copy) as Record<Step, unknown>;
  const key = at[at.length - 1];
  if (bad !== 'null item') {
    parent[key] = REPLACEMENT[bad];
    return { object: copy, field: at };
  }
  const list = parent[key];
  if (!Array.isArray(list)) return { object: copy, field: at };
  list.push(null);
  return { object: copy, field: [...at, list.length - 1] };
}

/**
 * How the messages name the object: `Pod default/old`; with its name or namespace the spot changed, as describeObject
 * names any object (`Pod {"a":"b"}/old`).
 */
function labelOf(object: KubeObject, field: Step[]): string {
  if (field[0] === 'metadata' && (field[1] === 'name' || field[1] === 'namespace')) return describeObject(object);
  return object.kind === 'Node' ? `Node ${object.metadata!.name}` : `Pod default/${object.metadata!.name}`;
}

/** The call answers, or throws an Error naming `what`, the object and a field at or below the spot changed. */
function answersOrNames(call: () => unknown, named: { what: string; object: KubeObject; field: Step[] }): void {
  let thrown: unknown;
  try {
    call();
    return;
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(Error);
  const message = (thrown as Error).message;
  const field = formatPath(named.field);
  const label = labelOf(named.object, named.field);
  // the structure check's words (loader/structure.ts), or another readable refusal naming both (a quantity the API
  // server cannot decode: k8s/decode.ts)
  const prefix = `${named.what ? `${named.what} (${label})` : label}: ${field}`;
  const structure = message.startsWith(prefix) && /: expected [^:]+, got [^:]+$/.test(message);
  const dotted = named.field.map((s, i) => (typeof s === 'number' ? `[${s}]` : i ? `.${s}` : s)).join('');
  if (!structure && !(message.startsWith(label) && [field, dotted].some((f) => message.includes(`\n  ${f}`)))) {
    throw new Error(`expected an error naming ${prefix}…, got ${(thrown as Error).stack}`);
  }
}

const nodes = () => [node('n1', 'a'), node('n2', 'b')];
const spot = (object: unknown, roots: Step[][]) => fc.record({ at: fc.constantFrom(...paths(object, roots)), bad: fc.constantFrom(...BAD) });

describe('the engine API given malformed existing pods', () => {
  test('answers or names the existing pod and its field', () => {
    fc.assert(fc.property(spot(existing(), POD_ROOTS), ({ at, bad }) => {
      const { object: pod, field } = broken(existing(), at, bad);
      const cluster = nodes();
      const existingPods = [pod];
      const named = (what: string) => ({ what, object: pod, field });
      answersOrNames(() => scheduleOn(incoming(), cluster, { existingPods }), named('options.existingPods[0]'));
      answersOrNames(() => scheduleOn(preemptor(), cluster, { existingPods }), named('options.existingPods[0]'));
      answersOrNames(() => rankNodes(incoming(), cluster, { existingPods }), named('options.existingPods[0]'));
      answersOrNames(() => schedulingVerdict(incoming(), cluster[0], existingPods), named('existingPods[0]'));
      answersOrNames(() => scheduleMatrix([incoming(), preemptor()], cluster, { existingPods }), named('options.existingPods[0]'));
      answersOrNames(() => placeReplicas(deployment(incoming()), cluster, { existingPods }), named('options.existingPods[0]'));
      answersOrNames(() => simulateOutage({ workloads: [deployment(incoming())], nodes: cluster, existingPods }, nodesDown(['n1'])), named('cluster.existingPods[0]'));
    }), { numRuns: 1000 });
  });
});

describe('the engine API given malformed nodes', () => {
  test('answers or names the node and its field', () => {
    fc.assert(fc.property(spot(node('n1', 'a'), NODE_ROOTS), ({ at, bad }) => {
      const { object: n1, field } = broken(node('n1', 'a'), at, bad);
      const cluster = [n1, node('n2', 'b')];
      const existingPods = [existing()];
      const named = (what: string) => ({ what, object: n1, field });
      answersOrNames(() => scheduleOn(incoming(), cluster, { existingPods }), named('nodes[0]'));
      answersOrNames(() => scheduleOn(preemptor(), cluster, { existingPods }), named('nodes[0]'));
      answersOrNames(() => rankNodes(incoming(), cluster, { existingPods }), named('nodes[0]'));
      answersOrNames(() => schedulingVerdict(incoming(), n1, existingPods), named('node'));
      answersOrNames(() => evictionVerdict(incoming(), n1), named('node'));
      answersOrNames(() => scheduleMatrix([incoming(), preemptor()], cluster, { existingPods }), named('nodes[0]'));
      answersOrNames(() => placeReplicas(deployment(incoming()), cluster, { existingPods }), named('node at index 0'));
      answersOrNames(() => simulateOutage({ workloads: [deployment(incoming())], nodes: cluster, existingPods }, nodesDown(['n1'])), named('cluster.nodes[0]'));
    }), { numRuns: 1000 });
  });
});

describe('the engine API given a malformed pod to place', () => {
  test('answers or names the pod and its field', () => {
    fc.assert(fc.property(spot(incoming(), POD_ROOTS), ({ at, bad }) => {
      const { object: pod, field } = broken(incoming(), at, bad);
      const cluster = nodes();
      const existingPods = [existing()];
      const named = (what: string) => ({ what, object: pod, field });
      answersOrNames(() => scheduleOn(pod, cluster, { existingPods }), named(''));
      answersOrNames(() => rankNodes(pod, cluster, { existingPods }), named(''));
      answersOrNames(() => schedulingVerdict(pod, cluster[0], existingPods), named(''));
      answersOrNames(() => evictionVerdict(pod, cluster[0]), named(''));
      answersOrNames(() => admitPod(pod), named(''));
      answersOrNames(() => scheduleMatrix([pod], cluster, { existingPods }), named('workloads[0]'));
    }), { numRuns: 1000 });
  });
});

describe('the errors, word for word', () => {
  const old = (spec: Record<string, unknown>): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'old', namespace: 'default' }, spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'nginx:1' }], ...spec } } as Pod);
  const nullAntiAffinity = () => old({ affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [null] } } });

  /** What `call` throws (it must throw). */
  const thrown = (call: () => unknown): Error => {
    try {
      call();
    } catch (e) {
      return e as Error;
    }
    throw new Error('expected the call to throw');
  };

  test('a null required anti-affinity term in an existing pod (was a TypeError from terms.ts sharedTerms)', () => {
    // the existing pods' structure is looked at once the engine fails: the crash inside is the readable error's cause
    const e = thrown(() => scheduleOn(incoming(), nodes(), { existingPods: [existing(), nullAntiAffinity()] }));
    expect(e).toBeInstanceOf(TypeError); // the library's usage errors are TypeErrors naming the argument
    expect(e.message).toBe('options.existingPods[1] (Pod default/old): spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]: expected a mapping, got null');
    expect(e.cause).toBeInstanceOf(TypeError);
    expect((e.cause as Error).message).toMatch(/^Cannot read properties of null/);
    expect(thrown(() => scheduleMatrix([incoming()], nodes(), { existingPods: [nullAntiAffinity()] })).message)
      .toBe('options.existingPods[0] (Pod default/old): spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]: expected a mapping, got null');
  });

  test('an outage names the object as its caller gave it, not as the placement inside it does', () => {
    const e = thrown(() => simulateOutage({ workloads: [deployment(incoming())], nodes: nodes(), existingPods: [existing(), nullAntiAffinity()] }, nodesDown(['n1'])));
    expect(e.message).toBe('cluster.existingPods[1] (Pod default/old): spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]: expected a mapping, got null');
    expect((e.cause as Error).message).toMatch(/^Cannot read properties of null/);
  });

  test('what the engine would read silently wrong is refused: taints as a kubectl string, labels as a list, containers as a mapping', () => {
    // a string's characters were the node's taints (none), a list's indices its labels (none): answered as if absent
    const n1 = { ...node('n1', 'a'), spec: { taints: 'dedicated=db:NoSchedule' } } as unknown as Node;
    expect(() => scheduleOn(incoming(), [n1, node('n2', 'b')]))
      .toThrow('nodes[0] (Node n1): spec.taints: expected a list, got the string "dedicated=db:NoSchedule"');
    expect(() => evictionVerdict(incoming(), n1)).toThrow('node (Node n1): spec.taints: expected a list, got the string "dedicated=db:NoSchedule"');
    const listed = { ...old({}), metadata: { name: 'old', namespace: 'default', labels: ['app=db'] } } as unknown as Pod;
    expect(() => scheduleOn(incoming(), nodes(), { existingPods: [listed] }))
      .toThrow('options.existingPods[0] (Pod default/old): metadata.labels: expected a mapping, got a list');
    // containers as one mapping: no requests
    expect(() => placeReplicas(deployment(incoming()), nodes(), { existingPods: [old({ containers: { name: 'c', resources: { requests: { cpu: '1' } } } })] }))
      .toThrow('options.existingPods[0] (Pod default/old): spec.containers: expected a list, got a mapping');
  });

  test('a null toleration in an existing pod, to an outage', () => {
    expect(() => simulateOutage({ workloads: [deployment(incoming())], nodes: nodes(), existingPods: [old({ tolerations: [null] })] }, nodesDown(['n1'])))
      .toThrow('cluster.existingPods[0] (Pod default/old): spec.tolerations[0]: expected a mapping, got null');
  });

  test('containers that are a mapping, and a label value that is a number', () => {
    expect(() => schedulingVerdict(incoming(), nodes()[0], [old({ containers: { name: 'c' } })]))
      .toThrow('existingPods[0] (Pod default/old): spec.containers: expected a list, got a mapping');
    const labelled = (value: unknown) => ({ ...old({}), metadata: { name: 'old', namespace: 'shop', labels: { 'app.kubernetes.io/name': value } } }) as unknown as Pod;
    // the pod asked about is checked whole up front (an existing pod's label values are not: one more walk per pod)
    expect(() => rankNodes({ ...labelled(7), spec: { containers: [{ name: 'c', image: 'nginx:1' }] } } as Pod, nodes()))
      .toThrow(new TypeError('Pod shop/old: metadata.labels["app.kubernetes.io/name"]: expected a string, got the number 7'));
    // a null map value is Go's zero value (a label ""), which the API server takes: answered as that
    const ranked = (value: unknown) => rankNodes(incoming(), nodes(), { existingPods: [labelled(value)] }).map((s) => [s.node, s.total]);
    expect(ranked(null)).toEqual(ranked(''));
  });

  test('a node whose taints are a string, to placeReplicas', () => {
    const n2 = { ...node('n2', 'b'), spec: { taints: 'dedicated=db:NoSchedule' } } as unknown as Node;
    expect(() => placeReplicas(deployment(incoming()), [node('n1', 'a'), n2]))
      .toThrow('node at index 1 (Node n2): spec.taints: expected a list, got the string "dedicated=db:NoSchedule"');
  });

  test('a preferred pod affinity term without its podAffinityTerm in the workload asked about', () => {
    const pod = incoming();
    pod.spec!.affinity = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1 } as never] } };
    expect(() => scheduleMatrix([deployment(pod)], nodes()))
      .toThrow(new TypeError('workloads[0] (Deployment default/web): spec.template.spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm: expected a mapping, got undefined'));
    expect(() => scheduleOn(pod, nodes()))
      .toThrow(new TypeError('Pod default/web: spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm: expected a mapping, got undefined'));
  });

  test('a field set to null is unset, as the API server reads it: the question is answered', () => {
    const unset = old({ affinity: null, tolerations: null, volumes: null, topologySpreadConstraints: null, containers: [{ name: 'c', image: 'nginx:1', ports: [{ containerPort: 80, hostPort: 8080 }], resources: null }] });
    // its host port is read: NodePorts rejects n1
    const answer = scheduleOn(incoming(), nodes(), { existingPods: [unset] });
    expect(answer.feasible.map((v) => v.node)).toEqual(['n2']);
    expect(answer.rejected.map((v) => [v.node, v.status?.plugin])).toEqual([['n1', 'NodePorts']]);
  });

  test('an existing pod replaced in a list checked before is checked', () => {
    const existingPods = [existing()];
    expect(scheduleOn(incoming(), nodes(), { existingPods }).feasible.map((v) => v.node)).toEqual(['n2']);
    existingPods[0] = nullAntiAffinity();
    expect(() => scheduleOn(incoming(), nodes(), { existingPods })).toThrow('options.existingPods[0] (Pod default/old): spec.affinity');
  });
});
