// Reading a KubeSchedulerConfiguration as kube-scheduler's strict decoder does (cmd/kube-scheduler/app/options/
// configfile.go loadConfig): every problem of a document, each at its field. The type errors are ours (upstream's are
// encoding/json's, naming Go types); the unknown-field ones are serializer/json's strict errors.
import { decodeProblems } from './decode';

const KSC = { apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration' };
const withProfile = (profile: unknown) => ({ ...KSC, profiles: [profile] });

test('a document that is not an object, or of another kind or version', () => {
  expect(decodeProblems(null)).toEqual(['a KubeSchedulerConfiguration must be an object (the parsed YAML document), received null']);
  expect(decodeProblems([KSC])).toEqual(['a KubeSchedulerConfiguration must be an object (the parsed YAML document), received object']);
  expect(decodeProblems('x')).toEqual(['a KubeSchedulerConfiguration must be an object (the parsed YAML document), received string']);
  expect(decodeProblems({ ...KSC, apiVersion: 'kubescheduler.config.k8s.io/v1beta3' })).toEqual([
    'apiVersion "kubescheduler.config.k8s.io/v1beta3", kind "KubeSchedulerConfiguration": kube-scheduler reads kind KubeSchedulerConfiguration of kubescheduler.config.k8s.io/v1 only (v1beta3 was removed in 1.29)',
  ]);
  expect(decodeProblems({ ...KSC, kind: 'Other' })).toHaveLength(1);
});

test('a valid document, with nulls where a field may be empty, has no problem', () => {
  expect(decodeProblems(KSC)).toEqual([]);
  expect(decodeProblems({
    ...KSC, parallelism: 16, percentageOfNodesToScore: null, profiles: [
      { schedulerName: 'a', percentageOfNodesToScore: 50, plugins: { score: { enabled: [{ name: 'X', weight: 2 }], disabled: null }, filter: null }, pluginConfig: [{ name: 'X', args: null }, { name: 'Y', args: {} }] },
      { plugins: null, pluginConfig: null },
    ], extenders: null,
  })).toEqual([]);
  expect(decodeProblems({ ...KSC, extenders: [] })).toEqual([]);
});

test('unknown fields at every level, as the strict decoder names them', () => {
  expect(decodeProblems({ ...KSC, foo: 1 })).toEqual(['unknown field "foo"']);
  expect(decodeProblems(withProfile({ foo: 1 }))).toEqual(['unknown field "profiles[0].foo"']);
  expect(decodeProblems(withProfile({ plugins: { nope: {} } }))).toEqual(['unknown field "profiles[0].plugins.nope"']);
  expect(decodeProblems(withProfile({ plugins: { filter: { on: [] } } }))).toEqual(['unknown field "profiles[0].plugins.filter.on"']);
  expect(decodeProblems(withProfile({ plugins: { filter: { enabled: [{ name: 'X', extra: 1 }] } } }))).toEqual(['unknown field "profiles[0].plugins.filter.enabled[0].extra"']);
  expect(decodeProblems(withProfile({ pluginConfig: [{ name: 'X', argz: {} }] }))).toEqual(['unknown field "profiles[0].pluginConfig[0].argz"']);
});

test('values of the wrong type, each at its field', () => {
  expect(decodeProblems({ ...KSC, parallelism: 1.5, podInitialBackoffSeconds: '1', podMaxBackoffSeconds: 2, percentageOfNodesToScore: true })).toEqual([
    'parallelism: must be an integer, got 1.5', 'percentageOfNodesToScore: must be an integer, got true', 'podInitialBackoffSeconds: must be an integer, got "1"',
  ]);
  expect(decodeProblems({ ...KSC, profiles: {} })).toEqual(['profiles: must be a list']);
  expect(decodeProblems({ ...KSC, profiles: [1, null] })).toEqual(['profiles[0]: must be an object', 'profiles[1]: must be an object']);
  expect(decodeProblems({ ...KSC, extenders: {} })).toEqual(['extenders: must be a list']);
  expect(decodeProblems(withProfile({ schedulerName: 3, percentageOfNodesToScore: '50' }))).toEqual([
    'profiles[0].schedulerName: must be a string', 'profiles[0].percentageOfNodesToScore: must be an integer, got "50"',
  ]);
  expect(decodeProblems(withProfile({ plugins: [] }))).toEqual(['profiles[0].plugins: must be an object']);
  expect(decodeProblems(withProfile({ plugins: { score: [] } }))).toEqual(['profiles[0].plugins.score: must be an object']);
  expect(decodeProblems(withProfile({ plugins: { score: { enabled: {}, disabled: ['x'] } } }))).toEqual([
    'profiles[0].plugins.score.enabled: must be a list', 'profiles[0].plugins.score.disabled[0]: must be an object',
  ]);
  expect(decodeProblems(withProfile({ plugins: { score: { enabled: [{ name: 1, weight: 'a' }] } } }))).toEqual([
    'profiles[0].plugins.score.enabled[0].name: must be a string', 'profiles[0].plugins.score.enabled[0].weight: must be an integer, got "a"',
  ]);
  expect(decodeProblems(withProfile({ pluginConfig: [{ args: [] }] }))).toEqual([
    'profiles[0].pluginConfig[0].name: must be a string', 'profiles[0].pluginConfig[0].args: must be an object',
  ]);
  // an unknown extension point is reported once, not read further
  expect(decodeProblems(withProfile({ plugins: { nope: [] } }))).toEqual(['unknown field "profiles[0].plugins.nope"']);
});
