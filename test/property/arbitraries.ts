// fast-check generators of VALID Kubernetes objects for the property tests: every object here passes
// the API server's validation (ValidateTolerations, validateNodeTaints, required fields), so matchers
// always reach a verdict and never take the "fails both ways" path for rejected input.
import fc from 'fast-check';
import type { Node, Pod, Taint, Toleration } from '../../src/core/types';

export const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;
export const NOT_READY = 'node.kubernetes.io/not-ready';
export const UNREACHABLE = 'node.kubernetes.io/unreachable';

// fc.stringMatching is costly to build, so the character arbitraries are built once.
const alnumLower = fc.stringMatching(/^[a-z0-9]$/);
const dnsMiddle = fc.stringMatching(/^[-a-z0-9]{0,10}$/);
const dnsLabels = new Map<number, fc.Arbitrary<string>>();

/** A DNS-1123 label: [a-z0-9]([-a-z0-9]*[a-z0-9])?, at most `max` characters. */
export function dnsLabel(max = 12): fc.Arbitrary<string> {
  let arb = dnsLabels.get(max);
  if (!arb) {
    arb = fc
      .tuple(alnumLower, dnsMiddle, alnumLower)
      .map(([a, mid, z]) => (a + mid + z).slice(0, max))
      .filter((s) => /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(s));
    dnsLabels.set(max, arb);
  }
  return arb;
}

/** The name part of a qualified name: alphanumeric at both ends, `-_.` inside. */
const qualifiedNamePart = fc
  .tuple(fc.stringMatching(/^[A-Za-z0-9]$/), fc.stringMatching(/^[-_.A-Za-z0-9]{0,8}$/), fc.stringMatching(/^[A-Za-z0-9]$/))
  .map(([a, mid, z]) => a + mid + z);

/** Taint/toleration/label keys: a small pool (so keys collide) and, sometimes, a random qualified name. */
export const taintKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('dedicated', 'example.com/gpu', NOT_READY, UNREACHABLE, 'spot', 'team') },
  { weight: 1, arbitrary: fc.tuple(fc.option(dnsLabel(), { nil: undefined }), qualifiedNamePart).map(([p, n]) => (p ? `${p}/${n}` : n)) },
);

/** Label values (taint values, Equal toleration values): empty or a valid label value. */
export const labelValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('', 'gpu', 'true', 'a-1', 'A.b_c') },
  { weight: 1, arbitrary: qualifiedNamePart },
);

export const effect = fc.constantFrom(...EFFECTS);

export const taintArb: fc.Arbitrary<Taint> = fc
  .record({ key: taintKey, value: labelValue, effect, valueStyle: fc.constantFrom('set', 'omitted') })
  .map(({ key, value, effect, valueStyle }) => (valueStyle === 'omitted' && value === '' ? { key, effect } : { key, value, effect }));

/** Taints unique by key and effect (validateNodeTaints refuses duplicates). */
export const taintsArb = (maxLength = 4): fc.Arbitrary<Taint[]> =>
  fc.uniqueArray(taintArb, { maxLength, selector: (t) => `${t.effect}\u0000${t.key}` });

/**
 * Tolerations valid by ValidateTolerations: an empty key needs operator Exists; Exists has no value;
 * Equal (or no operator) has a valid label value; tolerationSeconds only with effect NoExecute.
 */
const anyToleration: fc.Arbitrary<Toleration> = fc
  .record({
    key: fc.oneof({ weight: 5, arbitrary: taintKey }, { weight: 1, arbitrary: fc.constantFrom(undefined, '') }),
    operator: fc.constantFrom(undefined, 'Equal', 'Exists'),
    value: labelValue,
    effect: fc.constantFrom(undefined, '', ...EFFECTS),
    seconds: fc.oneof(
      { weight: 2, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 4, arbitrary: fc.integer({ min: -5, max: 700 }) },
    ),
  })
  .map(({ key, operator, value, effect, seconds }) => {
    const t: Toleration = {};
    if (key !== undefined) t.key = key;
    const op = key ? operator : 'Exists';
    if (op !== undefined) t.operator = op;
    if (op !== 'Exists' && (value !== '' || operator === 'Equal')) t.value = value;
    if (effect !== undefined) t.effect = effect;
    if (effect === 'NoExecute' && seconds !== undefined) t.tolerationSeconds = seconds as number;
    return t;
  });

/** The tolerations people write for node failures, which admission and the DaemonSet controller look at. */
const nodeFailureToleration: fc.Arbitrary<Toleration> = fc
  .record({
    key: fc.constantFrom(NOT_READY, UNREACHABLE),
    seconds: fc.option(fc.integer({ min: 0, max: 600 }), { nil: undefined }),
    effect: fc.constantFrom('NoExecute', 'NoExecute', undefined),
  })
  .map(({ key, seconds, effect }) => ({
    key,
    operator: 'Exists',
    ...(effect ? { effect } : {}),
    ...(effect && seconds !== undefined ? { tolerationSeconds: seconds } : {}),
  }));

export const tolerationArb: fc.Arbitrary<Toleration> = fc.oneof({ weight: 4, arbitrary: anyToleration }, { weight: 1, arbitrary: nodeFailureToleration });

export const tolerationsArb = fc.array(tolerationArb, { maxLength: 4 });

const LABEL_KEYS = ['pool', 'zone', 'kubernetes.io/arch'] as const;
const LABEL_VALUES = ['a', 'b', 'gpu'] as const;
const labelsArb = fc.dictionary(fc.constantFrom(...LABEL_KEYS), fc.constantFrom(...LABEL_VALUES), { maxKeys: 3 });

const selectorRequirement = fc.oneof(
  fc.record({ key: fc.constantFrom(...LABEL_KEYS), operator: fc.constantFrom('In', 'NotIn'), values: fc.uniqueArray(fc.constantFrom(...LABEL_VALUES), { minLength: 1, maxLength: 2 }) }),
  fc.record({ key: fc.constantFrom(...LABEL_KEYS), operator: fc.constantFrom('Exists', 'DoesNotExist') }),
);
const nodeSelectorTerm = fc.record({ matchExpressions: fc.array(selectorRequirement, { minLength: 1, maxLength: 2 }) });

/** Node affinity: optional required terms and optional preferred terms (weights 1..100). */
const affinityArb = fc.record(
  {
    required: fc.array(nodeSelectorTerm, { minLength: 1, maxLength: 2 }),
    preferred: fc.array(fc.record({ weight: fc.integer({ min: 1, max: 100 }), preference: nodeSelectorTerm }), { minLength: 1, maxLength: 2 }),
  },
  { requiredKeys: [] },
).map(({ required, preferred }) => ({
  nodeAffinity: {
    ...(required ? { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: required } } : {}),
    ...(preferred ? { preferredDuringSchedulingIgnoredDuringExecution: preferred } : {}),
  },
}));

const requestsArb = fc.record(
  { cpu: fc.constantFrom('100m', '500m', '1', '2'), memory: fc.constantFrom('128Mi', '1Gi', '3Gi') },
  { requiredKeys: [] },
);

function container(name: string, requests: Record<string, string> | undefined, hostPort: number | undefined) {
  return {
    name,
    image: 'registry.example/app:1',
    ...(requests && Object.keys(requests).length ? { resources: { requests } } : {}),
    ...(hostPort ? { ports: [{ containerPort: 8080, hostPort }] } : {}),
  };
}

/** `arb` in `weight` of `weight + absent` draws, otherwise undefined. */
const sometimes = <T>(arb: fc.Arbitrary<T>, weight: number, absent: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: absent, arbitrary: fc.constant(undefined) }, { weight, arbitrary: arb });

export interface PodSpecOptions {
  /** Subject kinds to draw from (default Pod, Deployment, DaemonSet). */
  kinds?: ReadonlyArray<'Pod' | 'Deployment' | 'DaemonSet'>;
  /** Draw scheduling constraints (nodeSelector, affinity, requests, host ports); default true. */
  constraints?: boolean;
}

/** A valid Pod, Deployment or DaemonSet (selector matching the template labels, containers with name and image). */
export function subjectArb(options: PodSpecOptions = {}): fc.Arbitrary<Record<string, any>> {
  const kinds = options.kinds ?? ['Pod', 'Deployment', 'DaemonSet'];
  const constraints = options.constraints ?? true;
  const none = fc.constant(undefined);
  return fc
    .record({
      kind: fc.constantFrom(...kinds),
      name: dnsLabel(),
      tolerations: tolerationsArb,
      nodeSelector: constraints ? sometimes(labelsArb, 1, 2) : none,
      affinity: constraints ? sometimes(affinityArb, 1, 2) : none,
      requests: constraints ? fc.option(requestsArb, { nil: undefined }) : none,
      hostPort: constraints ? fc.option(fc.constantFrom(80, 443), { nil: undefined, freq: 3 }) : none,
      hostNetwork: fc.boolean(),
    })
    .map(({ kind, name, tolerations, nodeSelector, affinity, requests, hostPort, hostNetwork }) => {
      const spec: Record<string, unknown> = { containers: [container('app', requests, hostPort)] };
      if (tolerations.length) spec.tolerations = tolerations;
      if (nodeSelector && Object.keys(nodeSelector).length) spec.nodeSelector = nodeSelector;
      if (affinity) spec.affinity = affinity;
      // hostNetwork needs hostPort == containerPort, so only without host ports
      if (kind === 'DaemonSet' && hostNetwork && !hostPort) spec.hostNetwork = true;
      if (kind === 'Pod') return { apiVersion: 'v1', kind, metadata: { name, namespace: 'default' }, spec };
      return {
        apiVersion: 'apps/v1',
        kind,
        metadata: { name, namespace: 'default' },
        spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec } },
      };
    });
}

export interface NodeOptions {
  /** Draw Ready conditions, cordons and allocatable; default true. */
  status?: boolean;
}

export function nodeArb(name: fc.Arbitrary<string> = dnsLabel(), options: NodeOptions = {}): fc.Arbitrary<Node> {
  const withStatus = options.status ?? true;
  return fc
    .record({
      name,
      labels: labelsArb,
      taints: fc.oneof({ weight: 1, arbitrary: fc.constant<Taint[]>([]) }, { weight: 2, arbitrary: taintsArb(3) }),
      unschedulable: withStatus ? fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }) : fc.constant(false),
      ready: withStatus ? fc.constantFrom(undefined, 'True', 'False', 'Unknown') : fc.constant(undefined),
      allocatable: withStatus
        ? fc.option(fc.record({ cpu: fc.constantFrom('1', '2', '4'), memory: fc.constantFrom('1Gi', '4Gi'), pods: fc.constantFrom('0', '1', '110') }), { nil: undefined })
        : fc.constant(undefined),
    })
    .map(({ name, labels, taints, unschedulable, ready, allocatable }) => {
      const status: Record<string, unknown> = {};
      if (ready) status.conditions = [{ type: 'Ready', status: ready }];
      if (allocatable) status.allocatable = allocatable;
      const node: Node = {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name, labels: { ...labels, 'kubernetes.io/hostname': name } },
        spec: { ...(taints.length ? { taints } : {}), ...(unschedulable ? { unschedulable: true } : {}) },
        ...(Object.keys(status).length ? { status: status as Node['status'] } : {}),
      };
      return node;
    });
}

/** Several nodes with distinct names (the many-node matchers match existing pods by name). */
export const nodesArb = (maxLength = 4) =>
  fc
    .uniqueArray(dnsLabel(), { minLength: 1, maxLength })
    .chain((names) => fc.tuple(...names.map((n) => nodeArb(fc.constant(n)))));

/** Pods already bound (spec.nodeName) to one of `nodeNames`, or to no node. */
export const existingPodsArb = (nodeNames: readonly string[]): fc.Arbitrary<Pod[]> =>
  fc.array(
    fc.record({
      name: dnsLabel(),
      nodeName: fc.option(fc.constantFrom(...nodeNames), { nil: undefined, freq: 6 }),
      requests: fc.option(requestsArb, { nil: undefined }),
      hostPort: fc.option(fc.constantFrom(80, 443), { nil: undefined }),
      phase: fc.constantFrom(undefined, 'Running', 'Succeeded'),
    }),
    { maxLength: 4 },
  ).map((pods) =>
    pods.map(({ name, nodeName, requests, hostPort, phase }, i) => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: `${name}-${i}`, namespace: 'default' },
      spec: { ...(nodeName ? { nodeName } : {}), containers: [container('c', requests, hostPort)] },
      ...(phase ? { status: { phase } } : {}),
    })) as Pod[],
  );

/** Integer seconds to ask `.after(n)` about: the usual ones (so both answers occur) and any other. */
export const afterSeconds = fc.oneof(fc.constantFrom(0, 1, 30, 60, 300), fc.integer({ min: 0, max: 700 }));

/** A value nothing may mutate: freezes every object and array reachable from it. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
