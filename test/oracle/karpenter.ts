// The Karpenter domains (oracle/karpenter-1.14): Requirements.Compatible/Intersects and Provisioner.Validate, each
// against the library's own functions. Upstream walks Go maps in both (see the Go files), so some answers are a set.
import fc from 'fast-check';
import type { Difference } from './compare';
import type { Domain } from './domains';
import {
  addRequirement, compatible, formatRequirement, ignoredBecause, intersects, labelRequirements, podRequirements, poolModel,
  provision, requirement, toSubject, vocabulary, type Requirements,
} from './lib';

const same = (fields: string[], ours: Record<string, unknown>, upstream: Record<string, unknown>): Difference[] =>
  fields.filter((f) => JSON.stringify(ours[f]) !== JSON.stringify(upstream[f])).map((field) => ({ field, ours: ours[field], upstream: upstream[field] }));

// Keys: custom, well-known (core), beta aliases (NormalizedLabels), restricted, typos of well-known ones (labelHint).
const KEYS = ['team', 'example.com/gpu', 'topology.kubernetes.io/zone', 'kubernetes.io/arch', 'node.kubernetes.io/instance-type',
  'karpenter.sh/capacity-type', 'karpenter.sh/nodepool', 'failure-domain.beta.kubernetes.io/zone', 'beta.kubernetes.io/arch',
  'zone', 'arch', 'example.com/zone', 'karpenter.k8s.aws/instance-cpu', 'kubernetes.io/hostname', 'karpenter.sh/foo',
  'sub.karpenter.sh/x', 'kubernetes.io/os', 'node.kubernetes.io/windows-build', 'topology.kubernetes.io/region'];
const VALUES = ['a', 'b', 'c', '1', '2', '10', '0', 'us-east-1a', 'amd64', 'spot', 'on-demand', 'reserved', 'linux'];
const INTS = ['0', '1', '2', '5', '10', '100', '9223372036854775807', '9223372036854775806'];
const POD_INTS = [...INTS, '-1', '-10', '-9223372036854775808'];

const valuesArb = fc.uniqueArray(fc.constantFrom(...VALUES), { minLength: 1, maxLength: 7 });
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

/** A NodePool requirement as the CRD admits it: In needs values, Gt/Lt/Gte/Lte one non-negative integer. */
const poolRequirementArb = fc.record({
  key: fc.constantFrom(...KEYS),
  operator: fc.constantFrom('In', 'In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt', 'Gte', 'Lte'),
  values: valuesArb,
  int: fc.constantFrom(...INTS),
  minValues: maybe(fc.integer({ min: 1, max: 3 })),
}).map(({ key, operator, values, int, minValues }) => ({
  key, operator,
  ...(operator === 'In' || operator === 'NotIn' ? { values } : ['Gt', 'Lt', 'Gte', 'Lte'].includes(operator) ? { values: [int] } : {}),
  ...(minValues !== undefined && !(operator === 'In' && values.length < minValues) ? { minValues } : {}),
}));

/** A pod node-selector requirement as the API server admits it (ValidateNodeSelectorRequirement). */
const podExprArb = fc.record({
  key: fc.constantFrom(...KEYS),
  operator: fc.constantFrom('In', 'In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt'),
  values: valuesArb,
  int: fc.constantFrom(...POD_INTS),
}).map(({ key, operator, values, int }) => ({
  key, operator, ...(operator === 'In' || operator === 'NotIn' ? { values } : operator === 'Gt' || operator === 'Lt' ? { values: [int] } : {}),
}));

const termArb = fc.record({ matchExpressions: fc.array(podExprArb, { maxLength: 3 }) });
const podArb = (extraTerm: fc.Arbitrary<Record<string, unknown>> = termArb) => fc.record({
  nodeSelector: fc.dictionary(fc.constantFrom(...KEYS), fc.constantFrom(...VALUES), { maxKeys: 2 }),
  required: fc.array(extraTerm, { maxLength: 2 }),
  preferred: fc.array(fc.record({ weight: fc.constantFrom(1, 1, 50, 100), preference: termArb }), { maxLength: 2 }),
}).map(({ nodeSelector, required, preferred }) => {
  const nodeAffinity: Record<string, unknown> = {};
  if (required.length) nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = { nodeSelectorTerms: required };
  if (preferred.length) nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution = preferred;
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' },
    spec: {
      containers: [{ name: 'c', image: 'registry.example/app:1' }],
      ...(Object.keys(nodeSelector).length ? { nodeSelector } : {}),
      ...(Object.keys(nodeAffinity).length ? { affinity: { nodeAffinity } } : {}),
    },
  };
});

// --- karpenterRequirements ------------------------------------------------------------------------------------
export interface RequirementsInput {
  requirements: Array<{ key: string; operator: string; values?: string[]; minValues?: number }>;
  labels: Record<string, string>;
  pod: unknown;
}
export interface RequirementsOutput { existing: string[]; incoming: string[]; compatible: string | string[]; intersects: string[] }

const strs = (rs: Requirements) => [...rs.values()].map(formatRequirement).sort();
/** An error's parts sorted: upstream's order is a Go map walk's (Intersects appends per key). */
const canonical = (parts: string[]) => [...parts].sort().join('; ');

export const karpenterRequirements: Domain<RequirementsInput, RequirementsOutput> = {
  name: 'karpenterRequirements',
  oracle: 'karpenter',
  arbitrary: fc.record({
    requirements: fc.array(poolRequirementArb, { maxLength: 4 }),
    labels: fc.dictionary(fc.constantFrom('team', 'example.com/gpu', 'tier', 'arch'), fc.constantFrom(...VALUES), { maxKeys: 2 }),
    pod: podArb(),
  }),
  ours: (i) => {
    const existing: Requirements = new Map();
    for (const r of i.requirements) addRequirement(existing, requirement(r.key, r.operator, r.values ?? [], r.minValues));
    labelRequirements(i.labels, existing);
    const incoming = podRequirements(toSubject(i.pod));
    const c = compatible(existing, incoming, vocabulary(undefined).wellKnown);
    return {
      existing: strs(existing), incoming: strs(incoming),
      compatible: c.ok ? '' : c.kind === 'conflict' ? canonical(c.conflicts.map((k) => k.message)) : c.message,
      intersects: intersects(existing, incoming).map((k) => k.message).sort(),
    };
  },
  // The library's one answer must be among upstream's (every distinct answer of 1024 calls).
  compare: (ours, upstream) => [
    ...same(['existing', 'incoming', 'intersects'], ours as any, upstream as any),
    ...((upstream.compatible as string[]).includes(ours.compatible as string) ? [] : [{ field: 'compatible', ours: ours.compatible, upstream: upstream.compatible }]),
  ],
};

// --- karpenterValidate -----------------------------------------------------------------------------------------
export interface ValidateOutput {
  error: string;
  parts: string[];
  /** ours only: parts[nodeSelector[0]..nodeSelector[1]) come from spec.nodeSelector, whose order upstream leaves to a map walk. */
  nodeSelector?: [number, number];
}

const matchFieldsTerm = fc.record({
  matchExpressions: fc.array(podExprArb, { maxLength: 2 }),
  matchFields: fc.constant([{ key: 'metadata.name', operator: 'In', values: ['n0'] }]),
});
/** A core-provider pool (kwok: Karpenter core's vocabulary), so Validate sees core's well-known labels. */
const CORE_POOL = {
  apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name: 'default' },
  spec: { template: { spec: { requirements: [], nodeClassRef: { group: 'karpenter.kwok.sh', kind: 'KWOKNodeClass', name: 'default' } } } },
};
const sorted = (xs: string[]) => [...xs].sort();

export const karpenterValidate: Domain<{ pod: any }, ValidateOutput> = {
  name: 'karpenterValidate',
  oracle: 'karpenter',
  arbitrary: fc.record({ pod: podArb(fc.oneof(termArb, matchFieldsTerm, fc.constant({ matchExpressions: [{ key: 'karpenter.sh/nodepool', operator: 'DoesNotExist' }] }))) }),
  ours: ({ pod }) => {
    const subject = toSubject(pod);
    const model = poolModel(CORE_POOL as any);
    const parts = ignoredBecause(subject, model.vocab);
    const { affinity: _, ...selectorOnly } = pod.spec;
    const fromSelector = ignoredBecause(toSubject({ ...pod, spec: selectorOnly }), model.vocab).length;
    const start = parts[0]?.startsWith('configured to not run') ? 1 : 0;
    const verdict = provision(subject, [model]).pools[0];
    // The text Karpenter logs and puts in the pod's event: the verdict's error when the pod is ignored.
    return { error: verdict.stage === 'pod ignored' ? verdict.error ?? '' : '', parts, nodeSelector: [start, start + fromSelector] };
  },
  // Upstream's text with its nodeSelector parts in the library's order, when they are the same multiset.
  compare: (ours, upstream) => {
    const [s, e] = ours.nodeSelector!;
    const outside = (xs: string[]) => [...xs.slice(0, s), ...xs.slice(e)];
    const upEnd = upstream.parts.length - (ours.parts.length - e);
    const diffs: Difference[] = [];
    if (JSON.stringify(outside(ours.parts)) !== JSON.stringify([...upstream.parts.slice(0, s), ...upstream.parts.slice(upEnd)]) ||
      JSON.stringify(sorted(ours.parts.slice(s, e))) !== JSON.stringify(sorted(upstream.parts.slice(s, upEnd)))) {
      diffs.push({ field: 'parts', ours: ours.parts, upstream: upstream.parts });
      return diffs;
    }
    const expected = upstream.parts.length ? [...upstream.parts.slice(0, s), ...ours.parts.slice(s, e), ...upstream.parts.slice(upEnd)].join('; ') : '';
    if (ours.error !== expected) diffs.push({ field: 'error', ours: ours.error, upstream: upstream.error });
    return diffs;
  },
};
