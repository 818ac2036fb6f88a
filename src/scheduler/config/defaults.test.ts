// SetDefaults_KubeSchedulerConfiguration and the plugins' SetDefaults_<Plugin>Args
// (pkg/scheduler/apis/config/v1/defaults.go; cases after defaults_test.go TestSchedulerDefaults and
// TestPluginArgsDefaults): what a configuration holds once defaulted, as kube-scheduler reads it.
import { resetConfiguration, withConfiguration } from '../../core/config';
import { ARGS_DEFAULTS, argsObject, defaultConfiguration, isArgsOf } from './defaults';

afterEach(() => resetConfiguration());
const KSC = { apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration' };
const argsOf = (c: ReturnType<typeof defaultConfiguration>, plugin: string, profile = 0) => c.profiles[profile].pluginConfig.find((p) => p.name === plugin)?.args;

test('an empty configuration: the top-level defaults and one profile named default-scheduler with every default args', () => {
  const c = defaultConfiguration(KSC);
  expect(c).toMatchObject({ apiVersion: KSC.apiVersion, parallelism: 16, percentageOfNodesToScore: 0, podInitialBackoffSeconds: 1, podMaxBackoffSeconds: 10, extenders: [] });
  expect(c.profiles.map((p) => p.schedulerName)).toEqual(['default-scheduler']);
  expect(c.profiles[0].percentageOfNodesToScore).toBeUndefined();
  expect(argsOf(c, 'VolumeBinding')).toEqual(expect.objectContaining({ bindTimeoutSeconds: 600 }));
  expect(argsOf(c, 'InterPodAffinity')).toEqual({ hardPodAffinityWeight: 1 });
  expect(argsOf(c, 'DefaultPreemption')).toEqual({ minCandidateNodesPercentage: 10, minCandidateNodesAbsolute: 100 });
  expect(argsOf(c, 'PodTopologySpread')).toEqual({ defaultingType: 'System' });
  expect(argsOf(c, 'NodeResourcesFit')).toEqual({ scoringStrategy: { type: 'LeastAllocated', resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] } });
  expect(argsOf(c, 'NodeResourcesBalancedAllocation')).toEqual({ resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] });
  expect(defaultConfiguration({ kind: 'KubeSchedulerConfiguration' } as never).apiVersion).toBe('');
});

test('several profiles keep their names (none given: none, for validation to require); their own fields stay', () => {
  const c = defaultConfiguration({ ...KSC, parallelism: 4, profiles: [{ schedulerName: 'a', percentageOfNodesToScore: 20 }, {}], extenders: [{ weight: 1 }] } as never);
  expect(c.parallelism).toBe(4);
  expect(c.profiles.map((p) => [p.schedulerName, p.percentageOfNodesToScore])).toEqual([['a', 20], ['', undefined]]);
  expect(c.extenders).toHaveLength(1);
  expect(defaultConfiguration({ ...KSC, profiles: [{ schedulerName: 'mine' }] }).profiles[0].schedulerName).toBe('mine');
});

test("given args are defaulted field by field; args of another kind are kept as given (validation refuses them)", () => {
  const c = defaultConfiguration({
    ...KSC, profiles: [{
      pluginConfig: [
        { name: 'VolumeBinding', args: { bindTimeoutSeconds: 30 } },
        { name: 'NodeResourcesFit', args: { kind: 'NodeResourcesFitArgs', scoringStrategy: { type: 'MostAllocated', resources: [{ name: 'cpu' }, { name: 'nvidia.com/gpu', weight: 5 }] } } },
        { name: 'NodeResourcesBalancedAllocation', args: { resources: [{ name: 'cpu' }] } },
        { name: 'InterPodAffinity', args: { kind: 'OtherArgs', hardPodAffinityWeight: 3 } },
        { name: 'Custom', args: { x: 1 } },
      ],
    }],
  } as never);
  expect(argsOf(c, 'VolumeBinding')).toMatchObject({ bindTimeoutSeconds: 30 });
  expect(argsOf(c, 'NodeResourcesFit')).toEqual({ scoringStrategy: { type: 'MostAllocated', resources: [{ name: 'cpu', weight: 1 }, { name: 'nvidia.com/gpu', weight: 5 }] } });
  expect(argsOf(c, 'NodeResourcesBalancedAllocation')).toEqual({ resources: [{ name: 'cpu', weight: 1 }] });
  expect(argsOf(c, 'InterPodAffinity')).toEqual({ kind: 'OtherArgs', hardPodAffinityWeight: 3 });
  expect(argsOf(c, 'Custom')).toEqual({ x: 1 });
  // each plugin once: a given one is not defaulted again beside it
  expect(c.profiles[0].pluginConfig.filter((p) => p.name === 'VolumeBinding')).toHaveLength(1);
});

test("VolumeBinding's default shape comes with StorageCapacityScoring (on from 1.37), never over a given one", () => {
  const shape = [{ utilization: 0, score: 10 }, { utilization: 100, score: 0 }];
  expect(withConfiguration({ kubernetesVersion: '1.37' }, () => ARGS_DEFAULTS.VolumeBinding({}))).toEqual({ bindTimeoutSeconds: 600, shape });
  expect(withConfiguration({ kubernetesVersion: '1.36' }, () => ARGS_DEFAULTS.VolumeBinding({}))).toEqual({ bindTimeoutSeconds: 600 });
  const own = [{ utilization: 50, score: 5 }];
  expect(withConfiguration({ kubernetesVersion: '1.37' }, () => ARGS_DEFAULTS.VolumeBinding({ shape: own }))).toEqual({ bindTimeoutSeconds: 600, shape: own });
  expect(withConfiguration({ kubernetesVersion: '1.37' }, () => ARGS_DEFAULTS.VolumeBinding({ shape: [] }))).toEqual({ bindTimeoutSeconds: 600, shape });
});

test('argsObject drops the type fields; isArgsOf reads the kind', () => {
  expect(argsObject({ kind: 'XArgs', apiVersion: 'v1', a: 1 })).toEqual({ a: 1 });
  expect(argsObject(null)).toEqual({});
  expect(argsObject('x')).toEqual({});
  expect(isArgsOf({ name: 'X', args: { kind: 'XArgs' } } as never)).toBe(true);
  expect(isArgsOf({ name: 'X', args: {} } as never)).toBe(true);
  expect(isArgsOf({ name: 'X', args: { kind: 'YArgs' } } as never)).toBe(false);
});
