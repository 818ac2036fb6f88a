// validateFunctionShape and the args that hold a shape (validation_pluginargs.go: NodeResourcesFit's
// RequestedToCapacityRatio strategy, VolumeBinding's with StorageCapacityScoring), each problem at its field with
// upstream's detail, at the releases where the rules differ (1.36 moved the shape under requestedToCapacityRatio).
// Cases after validation_pluginargs_test.go TestValidateFitArgs and TestValidateVolumeBindingArgs.
import { resetConfiguration, withConfiguration } from '../../core/config';
import { validatePluginArgs } from './validation-args';

afterEach(() => resetConfiguration());
const at = (release: string, name: string, args: object) =>
  withConfiguration({ kubernetesVersion: release as never }, () => validatePluginArgs(name, 'args', args as never).map((e) => [e.field, e.message]));
const ratio = (shape: object[] | undefined) => ({ scoringStrategy: { type: 'RequestedToCapacityRatio', resources: [{ name: 'cpu', weight: 1 }], requestedToCapacityRatio: shape && { shape } } });
const S = 'args.scoringStrategy.requestedToCapacityRatio.shape';

test('a good shape has no error; an empty one needs a point', () => {
  expect(at('1.36', 'NodeResourcesFit', ratio([{ utilization: 0, score: 0 }, { utilization: 100, score: 10 }]))).toEqual([]);
  expect(at('1.36', 'NodeResourcesFit', ratio([]))).toEqual([[S, 'Required value: at least one point must be specified']]);
});

test('utilization increasing (the first point out of order only), in [0, 100]; score in [0, 10]', () => {
  expect(at('1.36', 'NodeResourcesFit', ratio([{ utilization: 50, score: 1 }, { utilization: 50, score: 2 }, { utilization: 10, score: 3 }]))).toEqual([
    [`${S}[1].utilization`, 'Invalid value: 50: values must be sorted in increasing order'],
  ]);
  expect(at('1.33', 'NodeResourcesFit', { scoringStrategy: { type: 'LeastAllocated', requestedToCapacityRatio: { shape: [{ utilization: 5 }, { utilization: 1 }] } } })).toEqual([
    ['args.scoringStrategy.shape[1].utilization', 'Invalid value: 1: utilization values must be sorted in increasing order'],
  ]);
  expect(at('1.36', 'NodeResourcesFit', ratio([{ utilization: -1, score: 11 }, { utilization: 101, score: -1 }]))).toEqual([
    [`${S}[0].utilization`, 'Invalid value: -1: not in valid range [0, 100]'], [`${S}[0].score`, 'Invalid value: 11: not in valid range [0, 10]'],
    [`${S}[1].utilization`, 'Invalid value: 101: not in valid range [0, 100]'], [`${S}[1].score`, 'Invalid value: -1: not in valid range [0, 10]'],
  ]);
  // the bounds themselves are in range
  expect(at('1.36', 'NodeResourcesFit', ratio([{ utilization: 0, score: 10 }, { utilization: 100, score: 0 }]))).toEqual([]);
});

test('from 1.36 the ratio is required with its type and forbidden with another; up to 1.35 it is read whatever the type', () => {
  expect(at('1.36', 'NodeResourcesFit', ratio(undefined))).toEqual([['args.scoringStrategy.requestedToCapacityRatio', 'Required value: must be specified when type is RequestedToCapacityRatio']]);
  const least = { scoringStrategy: { type: 'LeastAllocated', requestedToCapacityRatio: { shape: [{ utilization: 1, score: 1 }] } } };
  expect(at('1.36', 'NodeResourcesFit', least)).toEqual([['args.scoringStrategy.requestedToCapacityRatio', 'Forbidden: must be nil when type is not RequestedToCapacityRatio']]);
  expect(at('1.35', 'NodeResourcesFit', least)).toEqual([]);
  expect(at('1.35', 'NodeResourcesFit', { scoringStrategy: { type: 'LeastAllocated', requestedToCapacityRatio: { shape: [] } } })).toEqual([['args.scoringStrategy.shape', 'Required value: at least one point must be specified']]);
  expect(at('1.36', 'NodeResourcesFit', {})).toEqual([['args.scoringStrategy', 'Required value: ScoringStrategy field is required']]);
  expect(at('1.35', 'NodeResourcesFit', {})).toEqual([]);
  expect(at('1.36', 'NodeResourcesFit', { scoringStrategy: { type: 'Other' } })).toEqual([['args.scoringStrategy.type', 'Unsupported value: "Other": supported values: "LeastAllocated", "MostAllocated", "RequestedToCapacityRatio"']]);
  expect(at('1.36', 'NodeResourcesFit', { scoringStrategy: { type: 'MostAllocated', resources: [{ name: 'cpu', weight: 0 }, { name: 'memory', weight: 101 }, { name: 'x', weight: 100 }] } })).toEqual([
    ['args.scoringStrategy.resources[0].weight', 'Invalid value: 0: resource weight of cpu not in valid range (0, 100]'],
    ['args.scoringStrategy.resources[1].weight', 'Invalid value: 101: resource weight of memory not in valid range (0, 100]'],
  ]);
});

test("VolumeBinding's shape: checked with StorageCapacityScoring, refused without it; a negative bind timeout", () => {
  // the gate is on by default from 1.37, off before
  expect(at('1.37', 'VolumeBinding', { shape: [] })).toEqual([['args.shape', 'Required value: at least one point must be specified']]);
  expect(at('1.37', 'VolumeBinding', { shape: [{ utilization: 0, score: 1 }] })).toEqual([]);
  expect(at('1.36', 'VolumeBinding', { shape: [{ utilization: 0, score: 1 }] })).toEqual([
    ['args.shape', 'Invalid value: [{"utilization":0,"score":1}]: unexpected field `shape`, remove it or turn on the feature gate StorageCapacityScoring'],
  ]);
  expect(at('1.36', 'VolumeBinding', {})).toEqual([]);
  expect(at('1.36', 'VolumeBinding', { bindTimeoutSeconds: -1 })).toEqual([['args.bindTimeoutSeconds', 'Invalid value: -1: invalid BindTimeoutSeconds, should not be a negative value']]);
  expect(at('1.36', 'SomethingElse', { anything: 1 })).toEqual([]);
});

test('NodeResourcesBalancedAllocation: each resource once, weight 1', () => {
  expect(at('1.36', 'NodeResourcesBalancedAllocation', { resources: [{ name: 'cpu', weight: 1 }, { name: 'cpu', weight: 2 }] })).toEqual([
    ['args.resources[1].name', 'Duplicate value: "cpu"'], ['args.resources[1].weight', 'Invalid value: 2: must be 1'],
  ]);
});
