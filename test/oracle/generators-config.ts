// fast-check generators for the schedulerConfig domain (issue 36): a KubeSchedulerConfiguration
// (kubescheduler.config.k8s.io/v1) beside the scheduling domain's cluster, shaped as platform teams write them:
// - NodeResourcesFit's scoringStrategy: LeastAllocated or MostAllocated (bin-packing, as GKE's optimize-utilization)
//   with resource weights, RequestedToCapacityRatio with a shape (rising or falling) over cpu, memory and the extended
//   resource the cluster generator gives nodes (example.com/gpu);
// - PodTopologySpread's defaultConstraints with `defaultingType: List` (DoNotSchedule and ScheduleAnyway, by zone or
//   hostname; an empty list turns the system defaults off), or `System`; a Service selects some pods, because default
//   constraints apply only to pods a Service, ReplicaSet or StatefulSet selects (helper.DefaultSelector);
// - NodeAffinity's addedAffinity (required and preferred), InterPodAffinity's hardPodAffinityWeight and
//   ignorePreferredTermsOfExistingPods, BalancedAllocation's resources;
// - score plugin weights, plugins disabled at score, filter or multiPoint (TaintToleration at filter; DefaultPreemption
//   at postFilter, as clusters that turn preemption off do);
// - one profile or two (`default-scheduler` and `bin-packing`, or `bin-packing` alone), the pod naming either, none
//   (defaulted to default-scheduler) or one no profile has;
// - about one in eight configurations invalid (a negative plugin weight, `System` with constraints, an unsorted or
//   out-of-range shape, weights out of range, maxSkew 0, a duplicate schedulerName, a BalancedAllocation weight other
//   than 1, hardPodAffinityWeight past 100, percentageOfNodesToScore past 100), to compare the refusal texts.
import fc from 'fast-check';
import { rarely, half, compact } from './draw';
import { schedulingInputArb, type SchedulingInput } from './generators';

export interface SchedulerConfigInput extends SchedulingInput {
  configuration: Record<string, any>;
  services: Array<Record<string, any>>;
}

const GPU = 'example.com/gpu';
const API_VERSION = 'kubescheduler.config.k8s.io/v1';

const resourceWeights = fc.subarray([
  { name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }, { name: GPU, weight: 1 },
], { minLength: 1 }).chain((rs) => fc.tuple(...rs.map((r) => fc.integer({ min: 1, max: 5 }).map((weight) => ({ name: r.name, weight })))));

// RequestedToCapacityRatio's shape: rising (bin-packing) or falling (spreading), two or three points
const shape = fc.oneof(
  fc.constant([{ utilization: 0, score: 0 }, { utilization: 100, score: 10 }]),
  fc.constant([{ utilization: 0, score: 10 }, { utilization: 100, score: 0 }]),
  fc.constant([{ utilization: 0, score: 0 }, { utilization: 50, score: 8 }, { utilization: 100, score: 10 }]),
  fc.constant([{ utilization: 20, score: 5 }, { utilization: 80, score: 2 }]),
);

const scoringStrategy = fc.oneof(
  fc.record({ type: fc.constantFrom('LeastAllocated', 'MostAllocated'), resources: half(resourceWeights) }).map((s) => compact(s)),
  fc.record({ type: fc.constant('RequestedToCapacityRatio'), resources: half(resourceWeights), requestedToCapacityRatio: shape.map((sh) => ({ shape: sh })) })
    .map((s) => compact(s)),
);

const defaultConstraint = fc.record({
  maxSkew: fc.constantFrom(1, 1, 2),
  topologyKey: fc.constantFrom('topology.kubernetes.io/zone', 'kubernetes.io/hostname'),
  whenUnsatisfiable: fc.constantFrom('DoNotSchedule', 'ScheduleAnyway'),
});
const spreadArgs = fc.oneof(
  { weight: 4, arbitrary: fc.uniqueArray(defaultConstraint, { minLength: 1, maxLength: 2, selector: (c) => `${c.topologyKey}/${c.whenUnsatisfiable}` })
    .map((defaultConstraints) => ({ defaultingType: 'List', defaultConstraints })) },
  { weight: 1, arbitrary: fc.constant({ defaultingType: 'List' }) }, // no default constraints at all
  { weight: 1, arbitrary: fc.constant({ defaultingType: 'System' }) },
);

const LABELS: Record<string, string[]> = { 'topology.kubernetes.io/zone': ['z1', 'z2'], pool: ['x', 'y'], disk: ['ssd'] };
const requirement = fc.constantFrom(...Object.keys(LABELS)).chain((key) => fc.oneof(
  fc.record({ key: fc.constant(key), operator: fc.constantFrom('In', 'NotIn'), values: fc.uniqueArray(fc.constantFrom(...LABELS[key]), { minLength: 1, maxLength: 2 }) }),
  fc.record({ key: fc.constant(key), operator: fc.constantFrom('Exists', 'DoesNotExist') }),
));
const term = fc.array(requirement, { minLength: 1, maxLength: 2 }).map((matchExpressions) => ({ matchExpressions }));
const addedAffinity = fc.record({
  required: half(fc.array(term, { minLength: 1, maxLength: 2 })),
  preferred: half(fc.array(fc.record({ weight: fc.integer({ min: 1, max: 100 }), preference: term }), { minLength: 1, maxLength: 2 })),
}).filter((a) => a.required !== undefined || a.preferred !== undefined).map(({ required, preferred }) => compact({
  requiredDuringSchedulingIgnoredDuringExecution: required && { nodeSelectorTerms: required },
  preferredDuringSchedulingIgnoredDuringExecution: preferred,
}));

const interPodArgs = fc.record({
  hardPodAffinityWeight: half(fc.constantFrom(0, 1, 50, 100)),
  ignorePreferredTermsOfExistingPods: half(fc.boolean()),
}).map((a) => compact(a));

const pluginConfig = fc.record({
  fit: half(scoringStrategy.map((scoringStrategy) => ({ name: 'NodeResourcesFit', args: { scoringStrategy } }))),
  spread: half(spreadArgs.map((args) => ({ name: 'PodTopologySpread', args }))),
  nodeAffinity: rarely(addedAffinity.map((a) => ({ name: 'NodeAffinity', args: { addedAffinity: a } })), 3),
  interPod: rarely(interPodArgs.map((args) => ({ name: 'InterPodAffinity', args })), 3),
  balanced: rarely(fc.subarray(['cpu', 'memory', GPU], { minLength: 1 }).map((names) => ({
    name: 'NodeResourcesBalancedAllocation', args: { resources: names.map((name) => ({ name, weight: 1 })) } })), 4),
}).map((c) => Object.values(c).filter((x) => x !== undefined));

const SCORE_PLUGINS = ['NodeResourcesFit', 'PodTopologySpread', 'InterPodAffinity', 'NodeAffinity', 'TaintToleration', 'ImageLocality', 'NodeResourcesBalancedAllocation'];
const weights = fc.uniqueArray(fc.record({ name: fc.constantFrom(...SCORE_PLUGINS), weight: fc.integer({ min: 1, max: 5 }) }), { maxLength: 3, selector: (p) => p.name });
const DISABLED: Array<[string, string]> = [
  ['score', 'NodeResourcesBalancedAllocation'], ['score', 'ImageLocality'], ['score', 'PodTopologySpread'], ['score', 'NodeResourcesFit'],
  ['filter', 'TaintToleration'], ['filter', 'NodeAffinity'], ['filter', 'PodTopologySpread'],
  ['multiPoint', 'InterPodAffinity'], ['multiPoint', 'ImageLocality'], ['postFilter', 'DefaultPreemption'],
];
const plugins = fc.record({ weights: half(weights), disabled: half(fc.subarray(DISABLED, { minLength: 1, maxLength: 2 })) }).map(({ weights: w, disabled }) => {
  const out: Record<string, { enabled?: unknown[]; disabled?: unknown[] }> = {};
  // a plugin disabled at multiPoint and enabled at score alone would score without its PreScore state: every pod an
  // Error status (`failed to read "PreScoreInterPodAffinity" from cycleState`), a configuration no cluster keeps
  const off = new Set((disabled ?? []).filter(([point]) => point === 'multiPoint').map(([, name]) => name));
  w = w?.filter((p) => !off.has(p.name));
  if (w?.length) out.score = { enabled: w };
  for (const [point, name] of disabled ?? []) (out[point] ??= {}).disabled = [...(out[point]?.disabled ?? []), { name }];
  return Object.keys(out).length ? out : undefined;
});

const profile = (schedulerName: string) => fc.record({ plugins, pluginConfig }).map((p) => compact({
  schedulerName,
  plugins: p.plugins,
  pluginConfig: p.pluginConfig.length ? p.pluginConfig : undefined,
}));

const validConfiguration = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(profile('default-scheduler')) },
  { weight: 2, arbitrary: fc.tuple(profile('default-scheduler'), profile('bin-packing')) },
  { weight: 1, arbitrary: fc.tuple(profile('bin-packing')) },
).chain((profiles) => fc.record({ percentageOfNodesToScore: rarely(fc.constantFrom(0, 50, 100), 10) }).map((top) => compact({
  apiVersion: API_VERSION, kind: 'KubeSchedulerConfiguration', ...top, profiles,
})));

/**
 * An invalid change to a valid configuration: refused by validation or by scheduler.New (a resource weight of 0 is
 * defaulted to 1 by the v1 defaults, and is kept as the corner it is).
 */
const INVALID: Array<(c: Record<string, any>) => Record<string, any>> = [
  (c) => withConfig(c, { name: 'NodeResourcesFit', weight: -1 }, 'score'),
  (c) => withArgs(c, 'PodTopologySpread', { defaultingType: 'System', defaultConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'ScheduleAnyway' }] }),
  (c) => withArgs(c, 'PodTopologySpread', { defaultingType: 'List', defaultConstraints: [{ maxSkew: 0, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule' }] }),
  (c) => withArgs(c, 'NodeResourcesFit', { scoringStrategy: { type: 'RequestedToCapacityRatio', requestedToCapacityRatio: { shape: [{ utilization: 50, score: 5 }, { utilization: 10, score: 1 }] } } }),
  (c) => withArgs(c, 'NodeResourcesFit', { scoringStrategy: { type: 'RequestedToCapacityRatio', requestedToCapacityRatio: { shape: [{ utilization: 0, score: 11 }] } } }),
  (c) => withArgs(c, 'NodeResourcesFit', { scoringStrategy: { type: 'MostAllocated', resources: [{ name: 'cpu', weight: 0 }] } }),
  (c) => withArgs(c, 'NodeResourcesFit', { scoringStrategy: { type: 'LeastAllocated', resources: [{ name: 'cpu', weight: 101 }] } }),
  (c) => withArgs(c, 'NodeResourcesBalancedAllocation', { resources: [{ name: 'cpu', weight: 2 }] }),
  (c) => withArgs(c, 'InterPodAffinity', { hardPodAffinityWeight: 101 }),
  (c) => ({ ...c, percentageOfNodesToScore: 101 }),
  (c) => ({ ...c, profiles: [...c.profiles, { schedulerName: c.profiles[0].schedulerName }] }),
];

function withArgs(c: Record<string, any>, name: string, args: Record<string, unknown>): Record<string, any> {
  const [first, ...rest] = c.profiles;
  const pluginConfig = [...(first.pluginConfig ?? []).filter((p: { name: string }) => p.name !== name), { name, args }];
  return { ...c, profiles: [{ ...first, pluginConfig }, ...rest] };
}

function withConfig(c: Record<string, any>, plugin: Record<string, unknown>, point: string): Record<string, any> {
  const [first, ...rest] = c.profiles;
  const plugins = { ...first.plugins, [point]: { enabled: [plugin] } };
  return { ...c, profiles: [{ ...first, plugins }, ...rest] };
}

export const configurationArb: fc.Arbitrary<Record<string, any>> = fc.oneof(
  { weight: 7, arbitrary: validConfiguration },
  { weight: 1, arbitrary: fc.tuple(validConfiguration, fc.constantFrom(...INVALID)).map(([c, change]) => change(c)) },
);

// A Service per app in some namespaces: the pods it selects get PodTopologySpread's default constraints.
const servicesArb = fc.subarray([['default', 'web'], ['default', 'db'], ['team', 'web']]).map((pairs) => pairs.map(([namespace, app]) => ({
  apiVersion: 'v1', kind: 'Service', metadata: { name: app, namespace }, spec: { selector: { app }, ports: [{ port: 80 }] },
})));

/**
 * The cluster with room: every node Ready, schedulable, without NoSchedule taints, with 4 or 8 cpu and 16Gi (its
 * extended resource kept), so that the pod fits several nodes and the scoring strategies, weights and preferred
 * addedAffinity are compared on scores, not hidden behind a FitError (the scheduling domain's clusters are mostly full).
 */
function roomy(input: SchedulingInput): SchedulingInput {
  const nodes = input.nodes.map((n, i) => ({
    ...n,
    spec: compact({ taints: (n.spec.taints ?? []).filter((t: { effect: string }) => t.effect === 'PreferNoSchedule') }),
    status: {
      ...n.status,
      conditions: [{ type: 'Ready', status: 'True' }],
      allocatable: compact({ ...n.status.allocatable, cpu: i % 2 ? '4' : '8', memory: '16Gi', pods: '110' }),
    },
  }));
  const spec = { ...input.pod.spec };
  delete spec.nodeSelector;
  delete spec.nodeName;
  return { ...input, nodes, pod: { ...input.pod, spec } };
}

/**
 * The pod's schedulerName: mostly one of the configuration's profiles (unset for default-scheduler half the time, as
 * the API server defaults it), one in ten a name no profile has.
 */
const schedulerNameArb = (configuration: Record<string, any>): fc.Arbitrary<string | undefined> => {
  const names: string[] = (configuration.profiles ?? []).map((p: { schedulerName?: string }) => p.schedulerName ?? 'default-scheduler');
  const served = names.flatMap((n) => (n === 'default-scheduler' ? [undefined, n] : [n]));
  return fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...served) }, { weight: 1, arbitrary: fc.constantFrom('other', ...(names.includes('bin-packing') ? [] : ['bin-packing'])) });
};

export const schedulerConfigInputArb: fc.Arbitrary<SchedulerConfigInput> = fc.record({
  cluster: fc.oneof(schedulingInputArb, schedulingInputArb.map(roomy)),
  configuration: configurationArb,
  services: servicesArb,
}).chain((c) => schedulerNameArb(c.configuration).map((schedulerName) => ({ ...c, schedulerName }))).map(({ cluster, configuration, services, schedulerName }) => ({
  ...cluster,
  pod: { ...cluster.pod, spec: compact({ ...cluster.pod.spec, schedulerName }) },
  configuration,
  services,
}));
