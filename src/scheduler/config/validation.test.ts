// Conformance: upstream's validation tables, ported where they concern what the library models. Each case gives the
// configuration as a file holds it (kubescheduler.config.k8s.io/v1) and the (type, field) pairs upstream expects
// (its tables ignore BadValue and Detail: ignoreBadValueDetail); our texts are upstream's details. Run at every release
// (the tables are the same at each tag for these cases but for the RequestedToCapacityRatio checks, 1.36+).
//   pkg/scheduler/apis/config/validation/validation_test.go TestValidateKubeSchedulerConfigurationV1
//   pkg/scheduler/apis/config/validation/validation_pluginargs_test.go
import { KUBERNETES_VERSIONS, releaseAtLeast, resetConfiguration, withConfiguration } from '../../core/config';
import type { FieldError } from '../../core/types';
import { compileSchedulerConfiguration, SchedulerConfigurationError } from '.';
import { defaultConfiguration } from './defaults';
import { validateConfiguration } from './validation';
import { validatePluginArgs, nodeResourcesFit } from './validation-args';
import type { KubeSchedulerConfiguration } from './types';

afterEach(() => resetConfiguration());

const TYPES: Record<string, string> = {
  Invalid: 'Invalid value', Required: 'Required value', Duplicate: 'Duplicate value', NotSupported: 'Unsupported value', Forbidden: 'Forbidden',
};
/** The (type, field) pairs of field errors, as upstream's tables compare them. */
const pairs = (errs: FieldError[]) => errs.map((e) => [Object.keys(TYPES).find((t) => e.message.startsWith(TYPES[t])) ?? e.message, e.field]);

// validation_test.go's validConfig, as a file holds it
const valid = (): KubeSchedulerConfiguration => ({
  apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration', parallelism: 8, podInitialBackoffSeconds: 1, podMaxBackoffSeconds: 1,
  profiles: [
    {
      schedulerName: 'me', percentageOfNodesToScore: 35,
      plugins: { queueSort: { enabled: [{ name: 'CustomSort' }] }, score: { disabled: [{ name: '*' }] } },
      pluginConfig: [{ name: 'DefaultPreemption', args: { minCandidateNodesPercentage: 10, minCandidateNodesAbsolute: 100 } }],
    },
    { schedulerName: 'other', percentageOfNodesToScore: 35, plugins: { queueSort: { enabled: [{ name: 'CustomSort' }] }, bind: { enabled: [{ name: 'CustomBind' }] } } },
  ],
  extenders: [{ prioritizeVerb: 'prioritize', weight: 1 }],
});
type Change = (c: KubeSchedulerConfiguration) => void;
const p = (c: KubeSchedulerConfiguration, i: number) => c.profiles![i];

const CONFIG_CASES: Array<[string, Change, Array<[string, string]>]> = [
  ['good', () => {}, []],
  ['bad-parallelism-invalid-value', (c) => { c.parallelism = 0; }, [['Invalid', 'parallelism']]],
  ['bad-percentage-of-nodes-to-score', (c) => { c.percentageOfNodesToScore = 101; }, [['Invalid', 'percentageOfNodesToScore']]],
  ['negative-percentage-of-nodes-to-score', (c) => { c.percentageOfNodesToScore = -1; }, [['Invalid', 'percentageOfNodesToScore']]],
  ['scheduler-name-not-set', (c) => { p(c, 1).schedulerName = ''; }, [['Required', 'profiles[1].schedulerName']]],
  ['repeated-scheduler-name', (c) => { p(c, 0).schedulerName = 'other'; }, [['Duplicate', 'profiles[1].schedulerName']]],
  ['greater-than-100-profile-percentage-of-nodes-to-score', (c) => { p(c, 1).percentageOfNodesToScore = 101; }, [['Invalid', 'profiles[1].percentageOfNodesToScore']]],
  ['negative-profile-percentage-of-nodes-to-score', (c) => { p(c, 1).percentageOfNodesToScore = -1; }, [['Invalid', 'profiles[1].percentageOfNodesToScore']]],
  ['different-queue-sort', (c) => { p(c, 1).plugins!.queueSort!.enabled![0].name = 'AnotherSort'; }, [['Invalid', 'profiles[1].plugins.queueSort']]],
  ['one-empty-queue-sort', (c) => { delete p(c, 0).plugins; }, [['Invalid', 'profiles[1].plugins.queueSort']]],
  ['extender-negative-weight', (c) => { (c.extenders![0] as { weight: number }).weight = -1; }, [['Invalid', 'extenders[0].weight']]],
  ['extender-duplicate-bind', (c) => {
    (c.extenders![0] as { bindVerb: string }).bindVerb = 'foo';
    c.extenders!.push({ prioritizeVerb: 'prioritize', bindVerb: 'bar', weight: 1 });
  }, [['Invalid', 'extenders']]],
  ['invalid-node-percentage', (c) => { p(c, 0).pluginConfig = [{ name: 'DefaultPreemption', args: { minCandidateNodesPercentage: 200, minCandidateNodesAbsolute: 100 } }]; },
    [['Invalid', 'profiles[0].pluginConfig[0].args.minCandidateNodesPercentage']]],
  ['invalid-plugin-args', (c) => { p(c, 0).pluginConfig = [{ name: 'DefaultPreemption', args: { kind: 'InterPodAffinityArgs' } }]; }, [['Invalid', 'profiles[0].pluginConfig[0].args']]],
  ['duplicated-plugin-config', (c) => { p(c, 0).pluginConfig = [{ name: 'config' }, { name: 'config' }]; }, [['Duplicate', 'profiles[0].pluginConfig[1]']]],
  ['mismatch-queue-sort', (c) => {
    c.profiles = [
      { schedulerName: 'me', plugins: { queueSort: { enabled: [{ name: 'PrioritySort' }] } }, pluginConfig: [{ name: 'PrioritySort' }] },
      { schedulerName: 'other', plugins: { queueSort: { enabled: [{ name: 'CustomSort' }] } }, pluginConfig: [{ name: 'CustomSort' }] },
    ];
  }, [['Invalid', 'profiles[1].plugins.queueSort']]],
  ['valid-plugins', (c) => { p(c, 0).plugins!.score!.enabled = [{ name: 'PodTopologySpread', weight: 2 }]; }, []],
  ['invalid-plugins', (c) => { p(c, 0).plugins!.score!.enabled = ['AzureDiskLimits', 'CinderLimits', 'EBSLimits', 'GCEPDLimits'].map((name) => ({ name })); },
    [0, 1, 2, 3].map((i) => ['Invalid', `profiles[0].plugins.score.enabled[${i}]`] as [string, string])],
];

type ArgsCase = [string, string, Record<string, unknown>, Array<[string, string]>];
const constraint = (extra: object = {}) => ({ maxSkew: 1, topologyKey: 'node', whenUnsatisfiable: 'ScheduleAnyway', ...extra });
// validation_pluginargs_test.go, per Validate<Plugin>Args (nil path)
const ARGS_CASES: ArgsCase[] = [
  ['DefaultPreemption', 'valid config', { minCandidateNodesPercentage: 10, minCandidateNodesAbsolute: 100 }, []],
  ['DefaultPreemption', 'negative minCandidateNodesPercentage', { minCandidateNodesPercentage: -1, minCandidateNodesAbsolute: 100 }, [['Invalid', 'minCandidateNodesPercentage']]],
  ['DefaultPreemption', 'minCandidateNodesPercentage over 100', { minCandidateNodesPercentage: 900, minCandidateNodesAbsolute: 100 }, [['Invalid', 'minCandidateNodesPercentage']]],
  ['DefaultPreemption', 'negative minCandidateNodesAbsolute', { minCandidateNodesPercentage: 20, minCandidateNodesAbsolute: -1 }, [['Invalid', 'minCandidateNodesAbsolute']]],
  ['DefaultPreemption', 'all arguments are zero', { minCandidateNodesPercentage: 0, minCandidateNodesAbsolute: 0 },
    [['Invalid', 'minCandidateNodesPercentage'], ['Invalid', 'minCandidateNodesAbsolute']]],
  ['DefaultPreemption', 'both arguments are invalid', { minCandidateNodesPercentage: 900, minCandidateNodesAbsolute: -1 },
    [['Invalid', 'minCandidateNodesPercentage'], ['Invalid', 'minCandidateNodesAbsolute']]],
  ['InterPodAffinity', 'valid args', { hardPodAffinityWeight: 10 }, []],
  ['InterPodAffinity', 'hardPodAffinityWeight less than min', { hardPodAffinityWeight: -1 }, [['Invalid', 'hardPodAffinityWeight']]],
  ['InterPodAffinity', 'hardPodAffinityWeight more than max', { hardPodAffinityWeight: 101 }, [['Invalid', 'hardPodAffinityWeight']]],
  ['PodTopologySpread', 'valid config', { defaultConstraints: [constraint(), constraint({ topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' })], defaultingType: 'List' }, []],
  ['PodTopologySpread', 'maxSkew less than zero', { defaultConstraints: [constraint({ maxSkew: -1 })], defaultingType: 'List' }, [['Invalid', 'defaultConstraints[0].maxSkew']]],
  ['PodTopologySpread', 'empty topology key', { defaultConstraints: [constraint({ topologyKey: '' })], defaultingType: 'List' }, [['Required', 'defaultConstraints[0].topologyKey']]],
  ['PodTopologySpread', 'whenUnsatisfiable is empty', { defaultConstraints: [constraint({ whenUnsatisfiable: '' })], defaultingType: 'List' }, [['Required', 'defaultConstraints[0].whenUnsatisfiable']]],
  ['PodTopologySpread', 'whenUnsatisfiable contains unsupported action', { defaultConstraints: [constraint({ whenUnsatisfiable: 'unknown action' })], defaultingType: 'List' },
    [['NotSupported', 'defaultConstraints[0].whenUnsatisfiable']]],
  ['PodTopologySpread', 'duplicated constraints', { defaultConstraints: [constraint({ whenUnsatisfiable: 'DoNotSchedule' }), constraint({ maxSkew: 2, whenUnsatisfiable: 'DoNotSchedule' })], defaultingType: 'List' },
    [['Duplicate', 'defaultConstraints[1]']]],
  ['PodTopologySpread', 'label selector present', { defaultConstraints: [constraint({ labelSelector: { matchLabels: { foo: 'bar' } } })], defaultingType: 'List' },
    [['Forbidden', 'defaultConstraints[0].labelSelector']]],
  ['PodTopologySpread', 'list default constraints, no constraints', { defaultingType: 'List' }, []],
  ['PodTopologySpread', 'system default constraints', { defaultingType: 'System' }, []],
  ['PodTopologySpread', 'wrong constraints', { defaultingType: 'unknown' }, [['NotSupported', 'defaultingType']]],
  ['PodTopologySpread', 'system default constraints, but has constraints', { defaultConstraints: [constraint()], defaultingType: 'System' }, [['Invalid', 'defaultingType']]],
  ['NodeResourcesBalancedAllocation', 'valid config', { resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] }, []],
  ['NodeResourcesBalancedAllocation', 'invalid config', { resources: [{ name: 'cpu', weight: 2 }, { name: 'memory', weight: 1 }] }, [['Invalid', 'resources[0].weight']]],
  ['NodeResourcesBalancedAllocation', 'repeated resources', { resources: [{ name: 'cpu', weight: 1 }, { name: 'cpu', weight: 1 }] }, [['Duplicate', 'resources[1].name']]],
  ['NodeAffinity', 'empty', {}, []],
  ['NodeAffinity', 'valid added affinity', {
    addedAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'label-1', operator: 'In', values: ['label-1-val'] }] }] },
      preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-1'] }] } }],
    },
  }, []],
  ['NodeAffinity', 'invalid added affinity', {
    addedAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'invalid/label/key', operator: 'In', values: ['label-1-val'] }] }] },
      preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-1', 'node-2'] }] } }],
    },
  }, [
    ['Invalid', 'addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].key'],
    ['Invalid', 'addedAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].matchFields[0].values'],
  ]],
  ['VolumeBinding', 'zero is a valid config', { bindTimeoutSeconds: 0, shape: [{ utilization: 0, score: 0 }, { utilization: 100, score: 10 }] }, []],
  ['VolumeBinding', 'negative value is invalid config', { bindTimeoutSeconds: -10, shape: [{ utilization: 0, score: 0 }] }, [['Invalid', 'bindTimeoutSeconds']]],
  ['VolumeBinding', 'shape point: invalid utilization and score', {
    bindTimeoutSeconds: 10, shape: [{ utilization: -1, score: 1 }, { utilization: 10, score: -1 }, { utilization: 20, score: 11 }, { utilization: 101, score: 1 }],
  }, [['Invalid', 'shape[0].utilization'], ['Invalid', 'shape[1].score'], ['Invalid', 'shape[2].score'], ['Invalid', 'shape[3].utilization']]],
];

// TestValidateFitArgs / the scoring strategies' tables: the text each error must contain. Upstream's label-key texts
// at 1.37 ("… 63 bytes", "a valid label key must consist of", apimachinery's content.IsLabelKey) are not those
// k8s/names.ts isQualifiedName gives ("… 63 characters", "a qualified name must consist of"): the common part is checked.
const LEAST = { type: 'LeastAllocated', resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] };
const FIT_CASES: Array<[string, Record<string, unknown>, string | undefined, string?]> = [
  ['IgnoredResources: too long value', { ignoredResources: [`longvalue${'a'.repeat(64)}`], scoringStrategy: LEAST }, 'name part must be no more than 63'],
  ['IgnoredResources: name is empty', { ignoredResources: ['example.com/'], scoringStrategy: LEAST }, 'name part must be non-empty'],
  ['IgnoredResources: name has too many slash', { ignoredResources: ['example.com/aaa/bbb'], scoringStrategy: LEAST }, 'must consist of alphanumeric characters'],
  ['IgnoredResources: valid args', { ignoredResources: ['example.com'], scoringStrategy: LEAST }, undefined],
  ['IgnoredResourceGroups: valid args', { ignoredResourceGroups: ['example.com'], scoringStrategy: LEAST }, undefined],
  ['IgnoredResourceGroups: illegal args', { ignoredResourceGroups: ['example.com/'], scoringStrategy: LEAST }, 'name part must be non-empty'],
  ['IgnoredResourceGroups: name is too long', { ignoredResourceGroups: ['a'.repeat(64)], scoringStrategy: LEAST }, 'name part must be no more than 63'],
  ['IgnoredResourceGroups: name cannot be contain slash', { ignoredResourceGroups: ['example.com/aa'], scoringStrategy: LEAST }, "resource group name can't contain '/'"],
  ['ScoringStrategy: field is required', {}, 'ScoringStrategy field is required', '1.36'],
  ['ScoringStrategy: type is unsupported', { scoringStrategy: { type: 'Invalid' } }, 'Unsupported value: "Invalid"'],
  ['ScoringStrategy: requestedToCapacityRatio field is missing', { scoringStrategy: { type: 'RequestedToCapacityRatio' } }, 'must be specified when type is RequestedToCapacityRatio', '1.36'],
  ['LeastAllocated: weight less than min', { scoringStrategy: { type: 'LeastAllocated', resources: [{ name: 'cpu', weight: 0 }] } }, 'scoringStrategy.resources[0].weight'],
  ['LeastAllocated: weight greater than max', { scoringStrategy: { type: 'LeastAllocated', resources: [{ name: 'cpu', weight: 101 }] } }, 'scoringStrategy.resources[0].weight'],
  ['MostAllocated: multi invalid resources', { scoringStrategy: { type: 'MostAllocated', resources: [{ name: 'cpu', weight: 0 }, { name: 'memory', weight: 101 }] } },
    'scoringStrategy.resources[1].weight: Invalid value: 101: resource weight of memory not in valid range (0, 100]'],
];

describe.each(KUBERNETES_VERSIONS)('at %s', (version) => {
  const at = <T>(fn: () => T) => withConfiguration({ kubernetesVersion: version }, fn);

  test.each(CONFIG_CASES)('ValidateKubeSchedulerConfiguration: %s', (_name, change, want) => {
    const c = valid();
    change(c);
    expect(at(() => pairs(validateConfiguration(defaultConfiguration(c))))).toEqual(want);
  });

  test.each(ARGS_CASES)('Validate%sArgs: %s', (plugin, _name, args, want) => {
    // VolumeBinding's shape is checked with StorageCapacityScoring on (1.37's default); off, a shape is refused
    if (plugin === 'VolumeBinding' && !releaseAtLeast('1.37', version)) return;
    expect(at(() => pairs(validatePluginArgs(plugin, '', args)))).toEqual(want);
  });

  // every row of four (a row of three would make Jest read the fourth parameter as a done callback)
  test.each(FIT_CASES.map(([n, a, w, since]) => [n, a, w, since ?? ''] as const))('ValidateNodeResourcesFitArgs: %s', (_name, args, want, since) => {
    const text = at(() => nodeResourcesFit('', args).map((e) => `${e.field}: ${e.message}`).join(', '));
    if (want === undefined || (since && !releaseAtLeast(since as never, version))) expect(text).toBe('');
    else expect(text).toContain(want);
  });
});

describe('kube-scheduler refuses an invalid configuration with its texts', () => {
  const KSC = { apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration' };

  test('defaultingType System with defaultConstraints', () => {
    const c = { ...KSC, profiles: [{ pluginConfig: [{ name: 'PodTopologySpread', args: { defaultingType: 'System', defaultConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }] } }] }] };
    expect(() => compileSchedulerConfiguration(c)).toThrow('kube-scheduler refuses this KubeSchedulerConfiguration: profiles[0].pluginConfig[0].args.defaultingType: Invalid value: "System": when .defaultConstraints are not empty');
  });

  test('a NodeResourcesFit scoring strategy of the wrong shape stops the framework (fit.go NewFit), its path without the profile', () => {
    const c = { ...KSC, profiles: [{ pluginConfig: [{ name: 'NodeResourcesFit', args: { scoringStrategy: { type: 'MostAllocated', requestedToCapacityRatio: { shape: [] } } } }] }] };
    expect(() => compileSchedulerConfiguration(c, '1.37')).toThrow(new SchedulerConfigurationError([
      'creating profile for scheduler name default-scheduler: initializing plugin "NodeResourcesFit": scoringStrategy.requestedToCapacityRatio: Forbidden: must be nil when type is not RequestedToCapacityRatio',
    ]));
  });

  test('a plugin at a point it does not implement', () => {
    expect(() => compileSchedulerConfiguration({ ...KSC, profiles: [{ plugins: { filter: { enabled: [{ name: 'ImageLocality' }] } } }] }))
      .toThrow('creating profile for scheduler name default-scheduler: plugin "ImageLocality" does not extend FilterPlugin plugin');
  });

  // the interfaces each in-tree plugin's type implements (pkg/scheduler/framework/plugins/<plugin>/*.go, the
  // `var _ framework.FilterPlugin = &...{}` assertions): enabled at a point it does not implement, the framework fails
  test.each([
    ['TaintToleration', 'preFilter', 'PreFilterPlugin', '1.37'],
    ['PrioritySort', 'filter', 'FilterPlugin', '1.37'],
    ['DefaultPreemption', 'score', 'ScorePlugin', '1.37'],
    ['NodeUnschedulable', 'score', 'ScorePlugin', '1.37'],
    ['NodePorts', 'score', 'ScorePlugin', '1.37'],
    ['NodeName', 'preFilter', 'PreFilterPlugin', '1.36'],
    ['VolumeRestrictions', 'score', 'ScorePlugin', '1.37'],
    ['SchedulingGates', 'filter', 'FilterPlugin', '1.37'],
    ['NodeResourcesBalancedAllocation', 'filter', 'FilterPlugin', '1.37'],
    ['InterPodAffinity', 'postFilter', 'PostFilterPlugin', '1.37'],
  ])('%s at %s: does not extend %s (%s)', (plugin, point, iface, release) => {
    expect(() => compileSchedulerConfiguration({ ...KSC, profiles: [{ plugins: { [point]: { enabled: [{ name: plugin }] } } }] }, release as never))
      .toThrow(`creating profile for scheduler name default-scheduler: plugin "${plugin}" does not extend ${iface} plugin`);
  });

  test.each([
    ['NodeName', 'preFilter', '1.37'], ['NodeAffinity', 'preScore', '1.37'], ['PodTopologySpread', 'preScore', '1.37'], ['VolumeBinding', 'reserve', '1.37'],
    ['NodeResourcesFit', 'preFilter', '1.37'], ['ImageLocality', 'score', '1.37'], ['TaintToleration', 'preScore', '1.37'], ['DefaultPreemption', 'postFilter', '1.37'],
  ])('%s at %s is its own point (%s)', (plugin, point, release) => {
    expect(() => compileSchedulerConfiguration({ ...KSC, profiles: [{ plugins: { [point]: { enabled: [{ name: plugin }] } } }] }, release as never)).not.toThrow();
  });

  test('strict decoding: an unknown field, and another apiVersion', () => {
    expect(() => compileSchedulerConfiguration({ ...KSC, profiles: [{ schedulerName: 'x', plugin: {} }] })).toThrow('unknown field "profiles[0].plugin"');
    expect(() => compileSchedulerConfiguration({ ...KSC, apiVersion: 'kubescheduler.config.k8s.io/v1beta3' })).toThrow('v1beta3 was removed in 1.29');
  });

  test('several errors are one aggregate, as utilerrors prints it', () => {
    expect(() => compileSchedulerConfiguration({ ...KSC, parallelism: -1, podInitialBackoffSeconds: 0 })).toThrow(
      'kube-scheduler refuses this KubeSchedulerConfiguration: [parallelism: Invalid value: -1: should be an integer value greater than zero, podInitialBackoffSeconds: Invalid value: 0: must be greater than 0]',
    );
  });
});
