// A KubeSchedulerConfiguration changes the answers as kube-scheduler's profiles would (issue 36): plugins disabled,
// weights, pluginConfig's args on the profile, several profiles picked by schedulerName, and a pod no profile serves.
import { configure, resetConfiguration, withConfiguration } from '../../core/config';
import { rankNodes, scheduleOn } from '../../engine/objects';
import { schedule, scheduleOnNode, prefer, place, toSubject } from '../../engine';
import { deployment, zonedNode } from '../../../test/outage/cluster';
import { failure, node } from '../../../test/fixtures';
import { compileSchedulerConfiguration, SchedulerConfigurationError } from '.';
import { DEFAULT_PROFILE, withProfile } from '../profile';
import { DEFAULT_PLUGIN_ARGS, pluginArgs } from '../plugin-args';
import { configuredProfiles, underPodProfile, underProfiles, usePodProfile } from './select';
import { profile } from '../profile';
import { scheduleMatrix } from '../matrix';

const KSC = { apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration' };
afterEach(() => resetConfiguration());

/** The workload with spec.schedulerName in its pod template. */
function named<T extends { spec: { template: { spec?: object } } }>(w: T, schedulerName: string): T {
  return { ...w, spec: { ...w.spec, template: { ...w.spec.template, spec: { ...w.spec.template.spec, schedulerName } } } };
}

const names = <T extends { name: string }>(list: readonly T[]) => list.map((p) => p.name);

describe('compileSchedulerConfiguration', () => {
  test('an empty configuration is the default profile: one default-scheduler, the same plugins, weights and args', () => {
    const { profiles, percentageOfNodesToScore } = compileSchedulerConfiguration({ ...KSC });
    expect([...profiles.keys()]).toEqual(['default-scheduler']);
    const p = profiles.get('default-scheduler')!;
    expect(percentageOfNodesToScore).toBeUndefined();
    expect(names(p.clusterFilter)).toEqual(names(DEFAULT_PROFILE.clusterFilter));
    expect(new Set(names(p.filter))).toEqual(new Set(names(DEFAULT_PROFILE.filter)));
    expect(p.score.map((s) => [s.plugin.name, s.weight])).toEqual(DEFAULT_PROFILE.score.map((s) => [s.plugin.name, s.weight]));
    expect(names(p.postFilter)).toEqual(names(DEFAULT_PROFILE.postFilter));
    expect(p.pluginArgs).toEqual(DEFAULT_PLUGIN_ARGS);
    expect(p.notModelled).toBeUndefined();
  });

  test('MostAllocated pluginConfig reaches Profile.pluginArgs, defaulted (resources cpu and memory, weight 1)', () => {
    const { profiles } = compileSchedulerConfiguration({
      ...KSC, profiles: [{ schedulerName: 'default-scheduler', pluginConfig: [{ name: 'NodeResourcesFit', args: { scoringStrategy: { type: 'MostAllocated' } } }] }],
    });
    expect(profiles.get('default-scheduler')!.pluginArgs.NodeResourcesFit).toEqual({
      ignoredResources: [], ignoredResourceGroups: [], scoringStrategy: { type: 'MostAllocated', resources: [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }] },
    });
  });

  test('disabled at filter: NodeUnschedulable is left out of the filters; "*" at score leaves only the enabled ones', () => {
    const { profiles } = compileSchedulerConfiguration({
      ...KSC,
      profiles: [{
        plugins: {
          filter: { disabled: [{ name: 'NodeUnschedulable' }] },
          score: { disabled: [{ name: '*' }], enabled: [{ name: 'NodeResourcesFit', weight: 5 }, { name: 'ImageLocality' }] },
        },
      }],
    });
    const p = profiles.get('default-scheduler')!;
    expect(names(p.filter)).not.toContain('NodeUnschedulable');
    expect(p.score.map((s) => [s.plugin.name, s.weight])).toEqual([['NodeResourcesFit', 5], ['ImageLocality', 1]]);
  });

  test('a plugin the library does not run makes the profile not modelled', () => {
    const { profiles } = compileSchedulerConfiguration({ ...KSC, profiles: [{ plugins: { multiPoint: { enabled: [{ name: 'Coscheduling' }] } } }] });
    expect(profiles.get('default-scheduler')!.notModelled).toEqual([
      expect.objectContaining({ what: 'Coscheduling', detail: expect.stringContaining("not in kube-scheduler's in-tree registry") }),
    ]);
  });

  test("what a profile runs that the library does not: a PreFilter without its Filter, one node PreFilter of two", () => {
    const compiled = (profile: object, release = '1.37') => withConfiguration({ kubernetesVersion: release as never }, () => compileSchedulerConfiguration({ ...KSC, profiles: [profile] }).profiles.get('default-scheduler')!.notModelled);
    expect(compiled({ plugins: { filter: { disabled: [{ name: 'NodeResourcesFit' }] } } })).toEqual([
      { what: 'NodeResourcesFit', detail: 'profile default-scheduler runs NodeResourcesFit at preFilter but not at filter: the library runs both or neither' },
    ]);
    expect(compiled({ plugins: { preFilter: { disabled: [{ name: 'NodeName' }] } } })).toEqual([
      { what: 'NodeName', detail: 'profile default-scheduler runs NodeName at filter but not at preFilter: the library runs both or neither' },
      { what: 'NodeAffinity', detail: 'profile default-scheduler runs the PreFilter of NodeAffinity without NodeName: the library merges both' },
    ]);
    // up to 1.36 NodeName has no PreFilter: NodeAffinity's alone is the default
    expect(compiled({ plugins: { preFilter: { disabled: [{ name: 'NodeName' }] } } }, '1.36')).toBeUndefined();
    // both node PreFilters off: nothing to merge, each plugin split
    expect(compiled({ plugins: { preFilter: { disabled: [{ name: 'NodeName' }, { name: 'NodeAffinity' }] } } })?.map((n) => n.what)).toEqual(['NodeName', 'NodeAffinity']);
  });

  test('invalid: duplicate schedulerName and a bad percentage, with kube-scheduler\'s texts', () => {
    expect(() => compileSchedulerConfiguration({ ...KSC, percentageOfNodesToScore: 110, profiles: [{ schedulerName: 'a' }, { schedulerName: 'a' }] }))
      .toThrow(new SchedulerConfigurationError(['profiles[1].schedulerName: Duplicate value: {}', 'percentageOfNodesToScore: Invalid value: 110: not in valid range [0-100]']));
  });

  // runtime/framework.go getValidScoreWeights: validation lets a negative weight through, the int64 overflow check
  // then wraps (found by the oracle's schedulerConfig domain at every release)
  test.each([['1.35', ''], ['1.36', 'score plugins: ']] as const)('a negative Score weight before another Score plugin: kube-scheduler refuses it at %s', (release, prefix) => {
    configure({ kubernetesVersion: release });
    const negative = { ...KSC, profiles: [{ plugins: { score: { enabled: [{ name: 'ImageLocality', weight: -1 }] } } }] };
    expect(() => compileSchedulerConfiguration(negative))
      .toThrow(new SchedulerConfigurationError([`creating profile for scheduler name default-scheduler: ${prefix}total score of Score plugins could overflow`]));
    // the same weight on a profile with no Score plugin after it is accepted
    const last = { ...KSC, profiles: [{ plugins: { multiPoint: { disabled: [{ name: '*' }], enabled: [{ name: 'PrioritySort' }, { name: 'DefaultBinder' }, { name: 'ImageLocality', weight: -1 }] } } }] };
    expect(compileSchedulerConfiguration(last).profiles.get('default-scheduler')!.score.map((s) => s.weight)).toEqual([-1]);
  });
});

describe('configure({ schedulerConfiguration })', () => {
  // NodeUnschedulable alone would not do: a cordoned node also has node.kubernetes.io/unschedulable:NoSchedule
  const cordoned = node('gpu', [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]);
  const noTaintFilter = { filter: { disabled: [{ name: 'TaintToleration' }] } };

  test('a disabled filter plugin stops rejecting: TaintToleration off at Filter lets a tainted node through', () => {
    const pod = deployment('web', 1, '100m');
    expect(scheduleOn(pod, [cordoned]).rejected[0].status!.plugin).toBe('TaintToleration');
    configure({ schedulerConfiguration: { ...KSC, profiles: [{ plugins: noTaintFilter }] } });
    expect(scheduleOn(pod, [cordoned]).feasible.map((v) => v.node)).toEqual(['gpu']);
    configure({ schedulerConfiguration: undefined });
    expect(scheduleOn(pod, [cordoned]).feasible).toHaveLength(0);
  });

  test('a question refused for an invalid configuration leaves no stale profile behind (found under Vitest without isolation)', () => {
    const pod = deployment('web', 1, '100m');
    expect(() => scheduleOn(pod, [cordoned], { schedulerConfiguration: { ...KSC, percentageOfNodesToScore: 110 } })).toThrow(SchedulerConfigurationError);
    const withoutTaints = DEFAULT_PROFILE.filter.filter((p) => p.name !== 'TaintToleration');
    expect(withProfile({ filter: withoutTaints }, () => scheduleOn(pod, [cordoned]).feasible.map((v) => v.node))).toEqual(['gpu']);
  });

  test('scheduleMatrix runs each pod under its profile: the configured one, and none for an unserved schedulerName', () => {
    const web = deployment('web', 1, '100m');
    const other = named(deployment('batch', 1, '100m'), 'batch-scheduler');
    const at = (m: ReturnType<typeof scheduleMatrix>, w: number) => m.plugins[m.code(w, 0)];
    expect(at(scheduleMatrix([web], [cordoned]), 0)).toBe('TaintToleration');
    configure({ schedulerConfiguration: { ...KSC, profiles: [{ schedulerName: 'default-scheduler', plugins: noTaintFilter }, { schedulerName: 'batch-scheduler' }] } });
    const m = scheduleMatrix([web, other], [cordoned]);
    expect([at(m, 0), at(m, 1)]).toEqual(['Feasible', 'TaintToleration']);
    expect(m.verdict(1, 0).status!.reasons).toEqual(["node(s) had untolerated taint(s)"]);
    configure({ schedulerConfiguration: { ...KSC, profiles: [{ plugins: noTaintFilter }] } });
    const unserved = scheduleMatrix([web, other], [cordoned]);
    expect(at(unserved, 0)).toBe('Feasible');
    expect(unserved.verdict(1, 0).status!.reasons).toEqual(['no scheduler serves schedulerName "batch-scheduler"']);
  });

  test('scheduleMatrix under two profiles: every pair, verdict and FitError as scheduleOn under the pod\'s own profile (an unserved pod\'s why too), the codes by plugin name', () => {
    const pods = [
      named(deployment('a', 1, '100m'), 'batch-scheduler'), deployment('b', 1, '100m'), named(deployment('c', 1, '3'), 'batch-scheduler'), deployment('d', 1, '3'),
      named(deployment('e', 1, '100'), 'batch-scheduler'), named(deployment('f', 1, '100m'), 'nobody'),
    ];
    const nodes = [zonedNode('z1', 'a'), cordoned, zonedNode('z2', 'b')];
    configure({ schedulerConfiguration: { ...KSC, profiles: [{ schedulerName: 'default-scheduler', plugins: noTaintFilter }, { schedulerName: 'batch-scheduler' }] } });
    const m = scheduleMatrix(pods, nodes);
    const expected = pods.map((p) => {
      const r = scheduleOn(p, nodes);
      return nodes.map((n) => r.rejected.find((v) => v.node === n.metadata!.name)?.status!.plugin ?? 'Feasible');
    });
    expect(pods.map((_, w) => nodes.map((_n, j) => m.plugins[m.code(w, j)]))).toEqual(expected);
    expect([...m.codes].map((c) => m.plugins[c])).toEqual(expected.flat());
    expect(m.plugins[0]).toBe('Feasible');
    expect(new Set(m.plugins).size).toBe(m.plugins.length);
    expect([...m.codes].map((c) => c === 0)).toEqual(expected.flat().map((p) => p === 'Feasible'));
    expect(pods.map((_, w) => m.fitError(w) !== undefined)).toEqual([false, false, false, false, true, true]);
    pods.forEach((p, w) => {
      expect(m.fitError(w)).toBe(scheduleOn(p, nodes).fitError);
      nodes.forEach((n, j) => expect(m.verdict(w, j).status?.plugin ?? 'Feasible').toBe(expected[w][j]));
    });
    // each profile's run counts its own evaluations: the sum, more than either alone
    // (the unserved pod's row is rejected whole: no evaluation)
    const alone = [[1, 3], [0, 2, 4], [5]].map((ws) => scheduleMatrix(ws.map((w) => pods[w]), nodes).evaluations);
    expect(alone.map((e) => e > 0)).toEqual([true, true, false]);
    expect(m.evaluations).toBe(alone[0] + alone[1] + alone[2]);
  });

  test('weights change the totals: TaintToleration weight 3 → 10', () => {
    const web = deployment('web', 1, '500m');
    const [a, b] = [zonedNode('a1', 'a'), zonedNode('b1', 'b')];
    const before = rankNodes(web, [a, b])[0];
    const tt = before.plugins.find((p) => p.plugin === 'TaintToleration')!;
    expect(tt).toMatchObject({ weight: 3, score: 100 });
    configure({ schedulerConfiguration: { ...KSC, profiles: [{ plugins: { multiPoint: { enabled: [{ name: 'TaintToleration', weight: 10 }] } } }] } });
    const after = rankNodes(web, [a, b])[0];
    expect(after.plugins.find((p) => p.plugin === 'TaintToleration')).toMatchObject({ weight: 10, score: 100 });
    expect(after.total).toBe(before.total + 7 * 100);
  });

  test('two profiles by schedulerName: the pod runs under its own', () => {
    const plain = deployment('web', 1, '100m');
    const other = named(deployment('batch', 1, '100m'), 'permissive');
    configure({
      schedulerConfiguration: {
        ...KSC,
        profiles: [{ schedulerName: 'default-scheduler' }, { schedulerName: 'permissive', plugins: noTaintFilter }],
      },
    });
    expect(scheduleOn(plain, [cordoned]).feasible).toHaveLength(0);
    expect(scheduleOn(other, [cordoned]).feasible).toHaveLength(1);
    expect(schedule(toSubject(other), [cordoned]).feasible).toHaveLength(1);
    expect(scheduleOnNode(toSubject(other), cordoned).feasible).toBe(true);
  });

  test('a schedulerName no profile serves: never placed, no FitError but why', () => {
    const pod = named(deployment('web', 2, '100m'), 'volcano');
    const n = node('n1');
    const answer = schedule(toSubject(pod), [n]);
    expect(answer.feasible).toHaveLength(0);
    expect(answer.rejected[0].status!.reasons).toEqual(['no scheduler serves schedulerName "volcano"']);
    expect(answer.fitError).toMatch(/^no scheduler serves schedulerName "volcano" \(kube-scheduler's profiles serve "default-scheduler"/);
    expect(answer.preemption).toBeUndefined();
    expect(scheduleOnNode(toSubject(pod), n).feasible).toBe(false);
    const placed = place([pod], { nodes: [n] });
    expect(placed.pods.map((p) => p.node)).toEqual([undefined, undefined]);
    expect(placed.pods[0].fitError).toMatch(/^no scheduler serves schedulerName "volcano"/);
    expect(prefer(toSubject(pod), n, node('n2')).preferred.feasible).toBe(false);
  });

  test('the per-question option wins over the settings', () => {
    const pod = deployment('web', 1, '100m');
    const schedulerConfiguration = { ...KSC, profiles: [{ plugins: noTaintFilter }] };
    expect(schedule(toSubject(pod), [cordoned], { schedulerConfiguration }).feasible).toHaveLength(1);
    expect(schedule(toSubject(pod), [cordoned]).feasible).toHaveLength(0);
  });

  test('an invalid configuration is refused by the first question, with the texts', () => {
    configure({ schedulerConfiguration: { ...KSC, parallelism: 0 } });
    expect(() => scheduleOn(deployment('web', 1), [node('n')])).toThrow('kube-scheduler refuses this KubeSchedulerConfiguration: parallelism: Invalid value: 0: should be an integer value greater than zero');
  });
});

describe('the matchers', () => {
  const tainted = node('gpu', [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]);
  const schedulerConfiguration = { ...KSC, profiles: [{ plugins: { filter: { disabled: [{ name: 'TaintToleration' }] } } }] };

  test('toBeSchedulableOn takes the option', () => {
    const pod = deployment('web', 1, '100m');
    expect(pod).not.toBeSchedulableOn(tainted);
    expect(pod).toBeSchedulableOn(tainted, { schedulerConfiguration });
  });

  test('a pod no profile serves is not schedulable, and the message says why', () => {
    const pod = named(deployment('web', 1, '100m'), 'my-scheduler');
    expect(pod).not.toBeSchedulableOn(node('n1'));
    expect(failure(() => expect(pod).toBeSchedulableOnAnyOf([node('n1')]))).toContain('no scheduler serves schedulerName "my-scheduler"');
    expect(pod).not.toHaveAllReplicasScheduled([node('n1')]);
  });

  test('an invalid configuration fails with and without .not, with kube-scheduler\'s texts', () => {
    const bad = { ...KSC, profiles: [{ pluginConfig: [{ name: 'InterPodAffinity', args: { hardPodAffinityWeight: 101 } }] }] };
    const text = 'profiles[0].pluginConfig[0].args.hardPodAffinityWeight: Invalid value: 101: not in valid range [0, 100]';
    expect(failure(() => expect(deployment('web', 1)).toBeSchedulableOn(node('n1'), { schedulerConfiguration: bad }))).toContain(text);
    expect(failure(() => expect(deployment('web', 1)).not.toBeSchedulableOn(node('n1'), { schedulerConfiguration: bad }))).toContain(text);
  });
});

test('under configure, the pod\'s profile carries its args to the plugins (plugin-args.ts): MostAllocated', () => {
  configure({ schedulerConfiguration: { ...KSC, profiles: [{ pluginConfig: [{ name: 'NodeResourcesFit', args: { scoringStrategy: { type: 'MostAllocated' } } }] }] } });
  const seen = underPodProfile(toSubject(deployment('web', 1)), () => pluginArgs('NodeResourcesFit').scoringStrategy.type);
  expect(seen).toBe('MostAllocated');
  expect(pluginArgs('NodeResourcesFit').scoringStrategy.type).toBe('LeastAllocated');
});

test('MostAllocated through configure: NodeResourcesFit scores the fuller node higher, and toPrefer follows', () => {
  const web = deployment('web', 1, '1');
  const [small, big] = [zonedNode('small', 'a', '4'), zonedNode('big', 'a', '16')];
  const fit = (ranked: ReturnType<typeof rankNodes>, node: string) => ranked.find((r) => r.node === node)!.plugins.find((p) => p.plugin === 'NodeResourcesFit')!.score;
  const least = rankNodes(web, [small, big]);
  expect(fit(least, 'big')).toBeGreaterThan(fit(least, 'small'));
  expect(web).toPrefer(big).over(small);
  configure({ schedulerConfiguration: { ...KSC, profiles: [{ pluginConfig: [{ name: 'NodeResourcesFit', args: { scoringStrategy: { type: 'MostAllocated' } } }] }] } });
  const most = rankNodes(web, [small, big]);
  expect(fit(most, 'small')).toBeGreaterThan(fit(most, 'big'));
  expect(web).toPrefer(small).over(big);
});

// A question inside another (a placement's cycles, an outage's) picks each pod's profile from the profiles the
// outermost question began with, never from the profile of the pod being asked about.
describe('nested questions pick each pod\'s profile from the outermost one\'s', () => {
  const web = toSubject(deployment('web', 1));
  const other = toSubject(named(deployment('batch', 1), 'other-scheduler'));
  test('underPodProfile inside another: each inner pod its own profile, however many', () => {
    const seen = underPodProfile(other, () => [
      profile().unserved !== undefined,
      underPodProfile(web, () => profile().unserved),
      underPodProfile(web, () => profile().unserved),
      profile().unserved !== undefined,
    ]);
    expect(seen).toEqual([true, undefined, undefined, true]);
    expect(profile().unserved).toBeUndefined();
  });
  test('usePodProfile within underProfiles, and the profile before put back', () => {
    const seen = underProfiles(() => [usePodProfile(other).unserved !== undefined, usePodProfile(web).unserved, underPodProfile(web, () => profile().unserved), usePodProfile(web).unserved]);
    expect(seen).toEqual([true, undefined, undefined, undefined]);
    expect(profile()).toBe(DEFAULT_PROFILE);
    // underProfiles inside a pod's question: the outermost question's profiles still
    const nested = underPodProfile(other, () => [underProfiles(() => usePodProfile(web).unserved), underPodProfile(web, () => profile().unserved)]);
    expect(nested).toEqual([undefined, undefined]);
  });
});

describe('a profile compiled: the order of each point, each plugin its own args', () => {
  const compiled = (profile: object) => compileSchedulerConfiguration({ ...KSC, profiles: [profile] }).profiles.get('default-scheduler')!;
  test('a plugin enabled at a point and in MultiPoint runs first there (expandMultiPointPlugins); the point\'s own order otherwise', () => {
    const defaults = names(compiled({}).filter);
    const p = compiled({ plugins: { filter: { enabled: [{ name: 'NodePorts' }] } } });
    expect(names(p.filter)).toEqual(['NodePorts', ...defaults.filter((n) => n !== 'NodePorts')]);
    // Score's order is the configuration's: a plugin re-enabled at score comes first
    const q = compiled({ plugins: { score: { enabled: [{ name: 'ImageLocality', weight: 2 }] } } });
    expect(q.score[0]).toMatchObject({ plugin: { name: 'ImageLocality' }, weight: 2 });
    expect(q.score.map((s) => s.plugin.name).slice(1)).toEqual(compiled({}).score.map((s) => s.plugin.name).filter((n) => n !== 'ImageLocality'));
  });
  test('each plugin reads its own args', () => {
    const p = { pluginConfig: [
      { name: 'PodTopologySpread', args: { defaultingType: 'List', defaultConstraints: [{ maxSkew: 2, topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway' }] } },
      { name: 'InterPodAffinity', args: { hardPodAffinityWeight: 5 } },
      { name: 'NodeResourcesBalancedAllocation', args: { resources: [{ name: 'cpu', weight: 1 }] } },
    ] };
    configure({ schedulerConfiguration: { ...KSC, profiles: [p] } });
    const seen = underPodProfile(toSubject(deployment('web', 1)), () => [
      pluginArgs('InterPodAffinity').hardPodAffinityWeight, pluginArgs('PodTopologySpread').defaultingType, pluginArgs('NodeResourcesBalancedAllocation').resources.map((r) => r.name),
      pluginArgs('NodeResourcesFit').scoringStrategy.type,
    ]);
    expect(seen).toEqual([5, 'List', ['cpu'], 'LeastAllocated']);
  });
  test('a plugin outside the registry enabled at a point is named at that point', () => {
    expect(compiled({ plugins: { filter: { enabled: [{ name: 'Coscheduling' }] } } }).notModelled).toEqual([
      { what: 'Coscheduling', detail: "profile default-scheduler enables Coscheduling (filter): not in kube-scheduler's in-tree registry (a scheduler built with it runs it; kube-scheduler itself fails to start)" },
    ]);
    expect(compiled({ plugins: { multiPoint: { enabled: [{ name: 'Coscheduling' }] } } }).notModelled?.map((n) => n.detail)).toEqual([
      "profile default-scheduler enables Coscheduling (multiPoint): not in kube-scheduler's in-tree registry (a scheduler built with it runs it; kube-scheduler itself fails to start)",
    ]);
  });
  test('both node PreFilters off: a pod singling out a node by name is filtered node by node, the same verdicts', () => {
    configure({ schedulerConfiguration: { ...KSC, profiles: [{ plugins: { preFilter: { disabled: [{ name: 'NodeName' }, { name: 'NodeAffinity' }] } } }] } });
    const pinned = { ...deployment('web', 1, '100m') };
    (pinned.spec.template.spec as { nodeName?: string }).nodeName = 'n2';
    const r = scheduleOn(pinned, [node('n1'), node('n2')]);
    expect(r.feasible.map((v) => v.node)).toEqual(['n2']);
    expect(r.rejected.map((v) => [v.node, v.status!.plugin])).toEqual([['n1', 'NodeName']]);
  });
});

test('one configuration object compiled per release: the defaults follow the release (NodeName first from 1.37)', () => {
  const cfg = { ...KSC, profiles: [{ schedulerName: 'default-scheduler' }] };
  const filterOrder = () => names(configuredProfiles()!.profiles.get('default-scheduler')!.filter).filter((n) => n === 'NodeName' || n === 'NodeUnschedulable');
  configure({ schedulerConfiguration: cfg, kubernetesVersion: '1.36' });
  expect(filterOrder()).toEqual(['NodeUnschedulable', 'NodeName']);
  configure({ kubernetesVersion: '1.37' });
  expect(filterOrder()).toEqual(['NodeName', 'NodeUnschedulable']);
  configure({ kubernetesVersion: '1.36' });
  expect(filterOrder()).toEqual(['NodeUnschedulable', 'NodeName']);
});
