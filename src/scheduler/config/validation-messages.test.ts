// ValidateKubeSchedulerConfiguration's messages in full (validation_test.go's tables compare type and field only;
// these check the value and upstream's detail too), with the bounds of each range.
import { resetConfiguration } from '../../core/config';
import { defaultConfiguration } from './defaults';
import { validateConfiguration } from './validation';
import type { KubeSchedulerConfiguration } from './types';

afterEach(() => resetConfiguration());
const KSC = { apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration' };
const errors = (c: object) => validateConfiguration(defaultConfiguration({ ...KSC, ...c } as KubeSchedulerConfiguration)).map((e) => [e.field, e.message]);

test('percentages: 0 and 100 are in range, 101 is not, at the top and per profile', () => {
  expect(errors({ percentageOfNodesToScore: 100, profiles: [{ percentageOfNodesToScore: 0 }] })).toEqual([]);
  expect(errors({ percentageOfNodesToScore: 101, profiles: [{ percentageOfNodesToScore: 100 }] })).toEqual([['percentageOfNodesToScore', 'Invalid value: 101: not in valid range [0-100]']]);
  expect(errors({ profiles: [{ percentageOfNodesToScore: -1 }] })).toEqual([['profiles[0].percentageOfNodesToScore', 'Invalid value: -1: not in valid range [0-100]']]);
});

test('parallelism and the backoffs', () => {
  expect(errors({ parallelism: 0 })).toEqual([['parallelism', 'Invalid value: 0: should be an integer value greater than zero']]);
  expect(errors({ podInitialBackoffSeconds: 0 })).toEqual([['podInitialBackoffSeconds', 'Invalid value: 0: must be greater than 0']]);
  expect(errors({ podInitialBackoffSeconds: 5, podMaxBackoffSeconds: 5 })).toEqual([]);
  expect(errors({ podInitialBackoffSeconds: 5, podMaxBackoffSeconds: 4 })).toEqual([['podMaxBackoffSeconds', 'Invalid value: 4: must be greater than or equal to PodInitialBackoffSeconds']]);
});

test('extenders: a prioritizing one needs a positive weight; one binder at most', () => {
  expect(errors({ extenders: [{ prioritizeVerb: 'p', weight: 1 }, { bindVerb: 'b' }, { weight: 0 }] })).toEqual([]);
  expect(errors({ extenders: [{ prioritizeVerb: 'p', weight: 0 }, { prioritizeVerb: 'p' }] })).toEqual([
    ['extenders[0].weight', 'Invalid value: 0: must have a positive weight applied to it'], ['extenders[1].weight', 'Invalid value: 0: must have a positive weight applied to it'],
  ]);
  expect(errors({ extenders: [{ bindVerb: 'a' }, { bindVerb: 'b' }, {}] })).toEqual([['extenders', 'Invalid value: "found 2 extenders implementing bind": only one extender can implement bind']]);
});

test('the queue sort: one plugin, the same in every profile, with the same args', () => {
  const sort = (...names: string[]) => ({ queueSort: { enabled: names.map((name) => ({ name })) } });
  expect(errors({ profiles: [{ schedulerName: 'a', plugins: sort('S', 'T') }] })).toEqual([['profiles[0].plugins.queueSort.Enabled', 'Invalid value: 2: only one queue sort plugin can be enabled']]);
  expect(errors({ profiles: [{ schedulerName: 'a', plugins: sort('S') }, { schedulerName: 'b', plugins: sort('S') }] })).toEqual([]);
  expect(errors({ profiles: [{ schedulerName: 'a', plugins: sort('S') }, { schedulerName: 'b', plugins: sort('T') }] })).toEqual([
    ['profiles[1].plugins.queueSort', 'Invalid value: {"Enabled":[{"name":"T"}],"Disabled":null}: must be the same for all profiles'],
  ]);
  const withArgs = (name: string, args: object) => ({ schedulerName: name, plugins: sort('S'), pluginConfig: [{ name: 'S', args }] });
  expect(errors({ profiles: [withArgs('a', { x: 1 }), withArgs('b', { x: 1 })] })).toEqual([]);
  expect(errors({ profiles: [withArgs('a', { x: 1 }), withArgs('b', { x: 2 })] })).toEqual([['profiles[1].pluginConfig.args', 'Invalid value: {"x":2}: queueSort must be the same for all profiles']]);
  // another plugin's args may differ
  expect(errors({ profiles: [withArgs('a', { x: 1 }), { ...withArgs('b', { x: 1 }), pluginConfig: [{ name: 'S', args: { x: 1 } }, { name: 'Other', args: { y: 2 } }] }] })).toEqual([]);
});
